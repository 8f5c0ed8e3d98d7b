export * from './openai-compatible/index';
export * from './text-stream/index';
export * from './demo/index';
export * from './anthropic/index';
export * from './gemini/index';
export * from './ag-ui/index';
export {
  ServerConversationTransport,
  sendOnlyNewMessages,
  serverConversations,
  type ServerConversations,
  type ServerConversationsOptions,
} from './server-conversation';
