import type { CompactConversation } from '../formats/tool-rounds';
import type { Branch } from '../tree/message-tree';

/**
 * The version of `ChatRecord` this toolchat writes; older records are migrated on load.
 * Version 2 added `branches`; a version 1 record is read as one with no other versions.
 */
export const CHAT_RECORD_VERSION = 2;

/**
 * A version off the active path, in the compact form: its first message's parent (`null` at the
 * top) and place among its siblings (zero-based, in the order they were made), then its messages
 * down the path it had.
 */
export type ChatRecordBranch = Branch<CompactConversation[number]>;

/** One stored conversation. Messages are kept in the compact tool-round form. */
export interface ChatRecord {
  /** `CHAT_RECORD_VERSION` when written; records of version 1 (before branches) are read too. */
  version: 1 | typeof CHAT_RECORD_VERSION;
  chatId: string;
  /** Bumped by every save; a writer that read an older revision must not overwrite a newer one. */
  revision: number;
  /** ISO 8601 time of the last save. */
  updatedAt: string;
  /** The first user text, shortened; for a list of chats. */
  title?: string;
  /** The active path: what the chat shows and the model sees. */
  messages: CompactConversation;
  /**
   * Every other version Edit and Regenerate kept, with what followed each: only the messages
   * off the active path, so a new version adds its own messages and no copy of the rest.
   */
  branches?: ChatRecordBranch[];
  /**
   * @deprecated Written by toolchat before 0.2, read and never honoured: "Always allow" belongs
   * to the user (the chat's `grants`), and a record, stored or imported, grants nothing.
   */
  alwaysAllowedTools?: string[];
}

/** What a list of chats shows for one conversation. */
export interface ChatSummary {
  chatId: string;
  title: string;
  updatedAt: string;
}

export interface ChatSaveOptions {
  /**
   * The revision the writer last read (0 for none). An adapter that can compare and write in
   * one step throws `ChatStorageConflictError` when the stored revision differs.
   */
  expectedRevision?: number;
}

export type MaybePromise<T> = T | Promise<T>;

/**
 * Where conversations are kept. Every method may return a value or a Promise. `load` returns
 * `undefined` for an unknown chat and throws `CorruptChatRecordError` for an unreadable one.
 */
export interface ChatStorage {
  load(chatId: string): MaybePromise<ChatRecord | undefined>;
  save(chatId: string, record: ChatRecord, options?: ChatSaveOptions): MaybePromise<void>;
  remove(chatId: string): MaybePromise<void>;
  /** Every readable chat, in any order (`listChats` sorts them). */
  list(): MaybePromise<ChatSummary[]>;
}
