import { createContext, useContext } from 'react';
import type { AnswerEnding } from '../../core/loop/loop-state';
import type { ToolCallView } from '../types';

/**
 * What a `MessageList` given the older props (`getToolCall`, `onApprove`…, for messages that do
 * not come from a chat in context) tells its rows. Inside a `ToolChatProvider` the rows read the
 * chat instead, and the list given none of these props provides nothing: no value changes, no
 * row renders because of it.
 * @internal
 */
export interface MessageListSettings {
  getToolCall?: ((toolCallId: string) => ToolCallView | undefined) | undefined;
  onApprove?: ((toolCallId: string) => void) | undefined;
  onDeny?: ((toolCallId: string) => void) | undefined;
  onAlwaysAllow?: ((toolName: string) => void) | undefined;
  endings?: ReadonlyMap<string, AnswerEnding> | undefined;
  maxToolRounds?: number | undefined;
  onContinue?: (() => void) | undefined;
  onRunAgain?: ((toolCallIds: readonly string[]) => void) | undefined;
  /** The answer that offers the way on (Continue, Run again): the last one, while the list is not busy. */
  actionableId?: string | undefined;
}

const NONE: MessageListSettings = {};

export const MessageListSettingsContext = createContext<MessageListSettings>(NONE);

export function useMessageListSettings(): MessageListSettings {
  return useContext(MessageListSettingsContext);
}
