import { deriveActivity, isBusy } from '../loop/derive-activity';
import { DEFAULT_MAX_TOOL_ROUNDS } from '../loop/rounds';
import type { ToolLoopCore } from '../loop/tool-loop-core';
import { describeActivity, sameActivity, statusLabels } from './activity';
import type { ToolChatState } from './chat-state';
import type { ToolChatOptions, ToolChatSnapshot } from './types';

export interface SnapshotSources {
  state: ToolChatState;
  loop: ToolLoopCore;
  options: ToolChatOptions;
  storage: ToolChatSnapshot['storage'];
  /** The user's messages on their way out (a file being read, open calls being settled). */
  pendingSends: number;
}

/**
 * The chat's snapshot: the previous one while nothing in it changed, so a selector's result
 * (and React) can bail out by identity. Always the live state: the store's throttle decides
 * when subscribers look, not what they see.
 */
export function readSnapshot(previous: ToolChatSnapshot | undefined, sources: SnapshotSources): ToolChatSnapshot {
  const { state, loop, options } = sources;
  const messages = state.published();
  const { status, error } = state;
  const loopState = loop.state;
  const sending = loopState.queued.length > 0 || sources.pendingSends > 0;
  if (
    previous &&
    previous.messages === messages &&
    previous.status === status &&
    previous.error === error &&
    previous.loop === loopState &&
    previous.storage === sources.storage &&
    sendingOf.get(previous) === sending
  ) {
    return previous;
  }
  const derived = deriveActivity({
    status,
    error,
    messages,
    loop: loopState,
    next: loop.decide(messages),
    maxToolRounds: options.maxToolRounds ?? DEFAULT_MAX_TOOL_ROUNDS,
  });
  // A message waiting to go is a message being sent: never idle meanwhile.
  const withQueue = derived.state === 'idle' && sending ? { state: 'thinking' as const } : derived;
  let activity = describeActivity(withQueue, statusLabels(options.labels, options.toolMarkers));
  // A stable object while nothing a reader sees changed.
  if (previous && sameActivity(activity, previous.activity)) activity = previous.activity;
  const next: ToolChatSnapshot = {
    messages,
    status,
    error,
    activity,
    busy: isBusy(activity),
    loop: loopState,
    queuedMessages: loopState.queued,
    storage: sources.storage,
  };
  sendingOf.set(next, sending);
  return next;
}

const sendingOf = new WeakMap<ToolChatSnapshot, boolean>();
