export { useToolChat } from './use-tool-chat';
export { disposeChatSession } from './chat-session';
export { DEFAULT_KEEP_ALIVE_MS, MAX_UNMOUNTED_CHATS } from './chat-session';
export type {
  SendMessageInput,
  ToolCallView,
  ToolChatMessage,
  ToolChatUITools,
  UseToolChatOptions,
  UseToolChatResult,
} from './types';
export { describeActivity } from './activity';
export type { Activity } from './activity';
export { defaultLabels, markerLabels } from './labels';
export type { ToolLabels } from './labels';
export * from './components/index';
