import type { UIMessage } from 'ai';
import { useCallback } from 'react';
import type { ToolChatSnapshot } from '../../core/chat/types';
import { answerSuggestions } from '../../core/chat/suggestions';
import { useToolChatContext, useToolChatSelector } from '../use-tool-chat';
import { usePartLabels } from './part-labels';

/** The app's follow-ups: a list, or one worked out from the last answer (return none to offer none). */
export type FollowUpSource = readonly string[] | ((message: UIMessage) => readonly string[] | undefined);

export interface FollowUpsProps {
  /**
   * The prompts to offer under the last answer, instead of the answer's own (its
   * `data-suggestions` part, written by the route or by `createChatHandler` from the model).
   * @default the answer's own
   */
  suggestions?: FollowUpSource | undefined;
  /**
   * Called with the prompt the user picks.
   * @default sends it (`chat.sendMessage`)
   */
  onSelect?: ((text: string) => void) | undefined;
  className?: string;
}

/** The last message when it is an answer and the chat is idle: the one follow-ups belong to. */
const selectAnswer = (state: ToolChatSnapshot): UIMessage | undefined => {
  const last = state.messages.at(-1);
  return !state.busy && state.error === undefined && last?.role === 'assistant' ? last : undefined;
};

/**
 * Follow-up prompts under the last answer, one click each, with the chat in context: the
 * app's, or the answer's own. Shown only while the chat is idle after an answer.
 */
export function FollowUps({ suggestions, onSelect, className }: FollowUpsProps) {
  const chat = useToolChatContext();
  const labels = usePartLabels();
  const answer = useToolChatSelector(chat, selectAnswer);
  const select = useCallback((text: string) => (onSelect ? onSelect(text) : void chat.sendMessage(text)), [chat, onSelect]);
  if (!answer) return null;
  const prompts = suggestions === undefined ? answerSuggestions(answer) : typeof suggestions === 'function' ? (suggestions(answer) ?? []) : suggestions;
  if (prompts.length === 0) return null;
  return (
    <ul className={className ? `toolchat-follow-ups ${className}` : 'toolchat-follow-ups'} aria-label={labels.followUps}>
      {prompts.map((prompt) => (
        <li key={prompt}>
          <button type="button" className="toolchat-suggestion" dir="auto" onClick={() => select(prompt)}>
            {prompt}
          </button>
        </li>
      ))}
    </ul>
  );
}
FollowUps.displayName = 'FollowUps';
