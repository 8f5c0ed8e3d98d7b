import type { AnswerEnding } from '../../core/loop/loop-state';
import { useToolChatLabels } from './labels';

export interface TurnNoticeProps {
  /** How the answer ended, when it did not simply finish. */
  ending?: AnswerEnding | undefined;
  /** Calls a reload cut off in this turn. */
  interruptedToolCallIds?: readonly string[];
  /** The round limit, for "Stopped after 5 tool rounds". */
  maxToolRounds?: number;
  /** Asks the model to go on; shown only when given (the last answer, the chat idle). */
  onContinue?: (() => void) | undefined;
  /** Runs the interrupted calls again; shown only when given. */
  onRunAgain?: ((toolCallIds: readonly string[]) => void) | undefined;
  className?: string;
}

/**
 * What the user should know about a turn that did not simply finish, under it: cut off at the
 * token limit, by an error or by Stop, stopped at the round limit, or cut off by a reload,
 * with the way on ("Continue", "Run again").
 */
export function TurnNotice({ ending, interruptedToolCallIds = [], maxToolRounds = 5, onContinue, onRunAgain, className }: TurnNoticeProps) {
  const labels = useToolChatLabels();
  const interrupted = interruptedToolCallIds.length > 0;
  if (!ending && !interrupted) return null;
  return (
    <div
      className={className ? `toolchat-turn-notice ${className}` : 'toolchat-turn-notice'}
      data-state={interrupted ? 'interrupted' : ending}
      role="note"
    >
      <span className="toolchat-turn-notice-text">
        {interrupted ? labels.interrupted(interruptedToolCallIds.length) : labels.answerEnding(ending!, maxToolRounds)}
      </span>
      {interrupted && onRunAgain && (
        <button type="button" className="toolchat-button" data-variant="primary" onClick={() => onRunAgain(interruptedToolCallIds)}>
          {labels.runAgain}
        </button>
      )}
      {onContinue && ending !== 'error' && (
        <button type="button" className="toolchat-button" onClick={onContinue}>
          {labels.continue}
        </button>
      )}
    </div>
  );
}
TurnNotice.displayName = 'TurnNotice';
