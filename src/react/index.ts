export { useToolChat } from './use-tool-chat';
export { disposeChatSession } from './chat-session';
export type { ToolCallPhase, ToolCallView, UseToolChatOptions, UseToolChatResult } from './types';
export * from './components/index';
