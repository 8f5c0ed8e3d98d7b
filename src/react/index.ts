export {
  useToolChat,
  useToolChatSelector,
  useToolChatContext,
  ToolChatProvider,
  type ToolChatProviderProps,
} from './use-tool-chat';
export { useToolGrants, type UseToolGrantsOptions, type UseToolGrantsResult } from './use-tool-grants';
export { getToolChat, disposeChatSession, MAX_UNMOUNTED_CHATS } from './registry';
export type { UseToolChatOptions, UseToolChatResult } from './types';
export * from './components/index';
