export {
  useToolChat,
  useToolChatSelector,
  useToolChatContext,
  ToolChatProvider,
  getToolChat,
  disposeChatSession,
  DEFAULT_KEEP_ALIVE_MS,
  MAX_UNMOUNTED_CHATS,
  type ToolChatProviderProps,
} from './use-tool-chat';
export type { UseToolChatOptions, UseToolChatResult } from './types';
export * from './components/index';
