import { createContext, useContext } from 'react';
import type { MessageListProps } from './message-list';

/**
 * What a `MessageList` given the older props (`getToolCall`, `onApprove`…, for messages that do
 * not come from a chat in context) tells its rows. Inside a `ToolChatProvider` the rows read the
 * chat instead, and the list given none of these props provides nothing: no value changes, no
 * row renders because of it.
 * @internal
 */
export interface MessageListSettings
  extends Pick<
    MessageListProps,
    'getToolCall' | 'onApprove' | 'onDeny' | 'onAlwaysAllow' | 'endings' | 'maxToolRounds' | 'onContinue' | 'onRunAgain'
  > {
  /** The answer that offers the way on (Continue, Run again): the last one, while the list is not busy. */
  actionableId?: string | undefined;
}

const NONE: MessageListSettings = {};

export const MessageListSettingsContext = createContext<MessageListSettings>(NONE);

export function useMessageListSettings(): MessageListSettings {
  return useContext(MessageListSettingsContext);
}
