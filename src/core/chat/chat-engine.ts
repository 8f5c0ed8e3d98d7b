import { AbstractChat, type ChatInit, type ChatState, type UIMessage } from 'ai';

/** What the AI SDK's chat is made with: the chat keeps the state (`ToolChatState`). */
export type ChatEngineInit = Omit<ChatInit<UIMessage>, 'messages'> & { state: ChatState<UIMessage> };

/**
 * The AI SDK's chat that sends, streams and hands tool calls to the loop: made with the loop's
 * chunk, which every request waits for anyway, so a chat's first load carries none of the AI SDK.
 */
export function createChatEngine(init: ChatEngineInit): AbstractChat<UIMessage> {
  return new (class extends AbstractChat<UIMessage> {})(init);
}
