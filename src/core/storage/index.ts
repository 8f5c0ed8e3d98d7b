export { CHAT_RECORD_VERSION } from './types';
export type { ChatRecord, ChatSaveOptions, ChatStorage, ChatSummary, MaybePromise } from './types';
export {
  ChatStorageConflictError,
  ChatStorageError,
  CorruptChatRecordError,
  InvalidChatRecordError,
  NewerChatRecordError,
  UnsupportedChatRecordVersionError,
  type ChatStorageOperation,
} from './errors';
export { migrate } from './record';
export { chatTitle } from './title';
export { exportChat, importChat } from './export';
export { exportChatMessages, type ChatExportFormat } from './export-messages';
export { memoryStorage } from './memory';
export { localStorageStorage, type LocalStorageStorageOptions, type WebStorageLike } from './local-storage';
export { indexedDBStorage, type IndexedDBStorageOptions } from './indexeddb';
export { INTERRUPTED_TOOL_ERROR, interruptedToolCallIds, settleInterruptedToolCalls } from './interrupted';
export {
  createChatPersistence,
  type ChatPersistence,
  type ChatPersistenceOptions,
  type ChatSaveRequestOptions,
  type LoadedChat,
} from './persistence';
export { listChats } from './list-chats';
export { serverStorage, ServerStorageError, type ServerStorageOptions, type ThreadStorage } from './server';
