import type { AnswerEnding } from '../../core/loop/loop-state';
import type { ToolChatRows } from '../../core/chat/row-store';
import { usePartChat, useStoreSelector } from '../use-tool-chat';
import { useToolChatLabels } from './labels';

export interface TurnNoticeProps {
  /** How the answer ended, when it did not simply finish. */
  ending?: AnswerEnding | undefined;
  /** Calls a reload cut off in this turn. */
  interruptedToolCallIds?: readonly string[];
  /**
   * The answer the notice is under: the way on ("Continue", "Run again", which call the chat in
   * context) is offered under the chat's last answer, while nothing runs. Without it, none.
   */
  messageId?: string | undefined;
  className?: string;
}

/**
 * What the user should know about a turn that did not simply finish, under it: cut off at the
 * token limit, by an error or by Stop, stopped at the round limit (the chat's `maxToolRounds`),
 * or cut off by a reload, with the way on ("Continue", "Run again").
 */
export function TurnNotice({ ending, interruptedToolCallIds = [], messageId, className }: TurnNoticeProps) {
  const labels = useToolChatLabels();
  const chat = usePartChat();
  // Only a row with a notice asks whether it is the last answer: the others do not render when the user writes.
  const offers = useStoreSelector(chat.rows, (rows: ToolChatRows) => !chat.readOnly && !rows.busy && rows.lastAnswerId !== undefined && rows.lastAnswerId === messageId);
  const interrupted = interruptedToolCallIds.length > 0;
  if (!ending && !interrupted) return null;
  return (
    <div
      className={className ? `toolchat-turn-notice ${className}` : 'toolchat-turn-notice'}
      data-state={interrupted ? 'interrupted' : ending}
      role="note"
    >
      <span className="toolchat-turn-notice-text">
        {interrupted ? labels.interrupted(interruptedToolCallIds.length) : labels.answerEnding(ending!, chat.options.maxToolRounds)}
      </span>
      {interrupted && offers && (
        <button type="button" className="toolchat-button" data-variant="primary" onClick={() => chat.runAgain(interruptedToolCallIds)}>
          {labels.runAgain}
        </button>
      )}
      {offers && ending !== 'error' && (
        <button type="button" className="toolchat-button" onClick={() => void chat.continue(labels.continuePrompt)}>
          {labels.continue}
        </button>
      )}
    </div>
  );
}
TurnNotice.displayName = 'TurnNotice';
