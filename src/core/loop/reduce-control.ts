import type { AnswerEnding, LoopState } from './loop-state';
import type { LoopAction } from './reduce';

/**
 * The loop's actions that may come before its chunk loads, when no call or response exists yet:
 * the user's turn, hold and resume, restored endings, the user's grants, Stop (whose open calls
 * `reduce` cancels first) and the end of a request Stop ended. The first load holds this part of the reducer only; `reduce`,
 * in the loop's chunk, hands these to it.
 */
export function reduceControl(state: LoopState, action: LoopAction): LoopState {
  switch (action.type) {
    case 'user-message':
      return { ...state, control: 'active', finalSent: false, tokensUsed: 0 };
    case 'grants-changed':
      return action.grants === state.grants ? state : { ...state, grants: action.grants };
    case 'held':
      return state.control === 'active' ? { ...state, control: 'held' } : state;
    case 'resumed':
      return state.control === 'active' ? state : { ...state, control: 'active' };
    case 'endings-restored':
      // What this page saw itself stays.
      return action.endings.size === 0 ? state : { ...state, endings: new Map([...action.endings, ...state.endings]) };
    case 'stopped':
      return {
        ...state,
        control: 'stopped',
        inFlight: undefined,
        running: false,
        endReason: state.running ? 'stopped' : state.endReason,
        // An answer Stop cut while it was being made says so; a finished one stays as it was.
        endings: state.running ? withEnding(state.endings, action.messageId, 'stopped') : state.endings,
      };
    case 'response-finished':
      // A response of a loop that already ended (Stop came first) changes nothing: also a
      // request that Stop ended before it could leave, as the chunk loaded.
      if (!state.running) return state.inFlight ? { ...state, inFlight: undefined } : state;
      throw beforeChunk(action);
    default:
      throw beforeChunk(action);
  }
}

/** A call or a response that counts exists only once the chunk is there (the rule of `loopChunk`). */
function beforeChunk(action: LoopAction): Error {
  return new Error(`toolchat: "${action.type}" reached the tool loop before its chunk loaded`);
}

/** `endings` with the message's ending set (or cleared, `undefined`); the same map when unchanged. */
export function withEnding(endings: ReadonlyMap<string, AnswerEnding>, messageId: string | undefined, ending: AnswerEnding | undefined): ReadonlyMap<string, AnswerEnding> {
  if (messageId === undefined || endings.get(messageId) === ending) return endings;
  const next = new Map(endings);
  if (ending === undefined) next.delete(messageId);
  else next.set(messageId, ending);
  return next;
}
