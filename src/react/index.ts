export {
  useToolChat,
  useToolChatSelector,
  useToolChatContext,
  ToolChatProvider,
  type ToolChatProviderProps,
} from './use-tool-chat';
export { getToolChat, disposeChatSession, MAX_UNMOUNTED_CHATS } from './registry';
export type { UseToolChatOptions, UseToolChatResult } from './types';
export * from './components/index';
