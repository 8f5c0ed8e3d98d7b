import type { ChatRecord } from './types';

export type ChatStorageOperation = 'load' | 'save' | 'remove' | 'list';

interface ChatStorageErrorInit {
  operation: ChatStorageOperation;
  chatId?: string | undefined;
  cause?: unknown;
}

/** A storage failure (quota, private mode, unavailable storage…), reported rather than thrown into the chat. */
export class ChatStorageError extends Error {
  override name = 'ChatStorageError';
  readonly operation: ChatStorageOperation;
  readonly chatId: string | undefined;
  /** The browser refused the write because the storage is full. */
  readonly quotaExceeded: boolean;

  constructor(message: string, init: ChatStorageErrorInit) {
    super(message, { cause: init.cause });
    this.operation = init.operation;
    this.chatId = init.chatId;
    this.quotaExceeded = isQuotaError(init.cause);
  }
}

/** A stored record that cannot be read (bad JSON or wrong shape). It is moved aside, never overwritten. */
export class CorruptChatRecordError extends ChatStorageError {
  override name = 'CorruptChatRecordError';
  /** Where the unreadable record now lives; `undefined` if it could not be moved and stays in place. */
  readonly asideKey: string | undefined;

  constructor(message: string, init: ChatStorageErrorInit & { asideKey: string | undefined }) {
    super(message, init);
    this.asideKey = init.asideKey;
  }
}

/** Another writer (e.g. a second tab) saved a newer revision: nothing was overwritten. */
export class ChatStorageConflictError extends ChatStorageError {
  override name = 'ChatStorageConflictError';
  /** The newer record found in storage (`undefined` if the chat was removed meanwhile). */
  readonly record: ChatRecord | undefined;
  /** The revision this writer expected to find. */
  readonly expectedRevision: number;

  constructor(chatId: string, expectedRevision: number, record: ChatRecord | undefined) {
    const found = record ? `revision ${record.revision}` : 'no record';
    super(`Chat "${chatId}" changed elsewhere: expected revision ${expectedRevision}, found ${found}. Nothing was overwritten.`, {
      operation: 'save',
      chatId,
    });
    this.expectedRevision = expectedRevision;
    this.record = record;
  }
}

/** Input that is not a valid chat record (import, or a record of an unknown version). */
export class InvalidChatRecordError extends Error {
  override name = 'InvalidChatRecordError';
}

/** A record of a version this toolchat does not know yet: written by a newer one. */
export class UnsupportedChatRecordVersionError extends InvalidChatRecordError {
  override name = 'UnsupportedChatRecordVersionError';
  constructor(
    /** The version the record says it is. */
    readonly version: number,
    /** The newest version this toolchat reads. */
    readonly supported: number,
  ) {
    super(`This chat record has version ${version}, written by a newer toolchat; this one reads versions up to ${supported}.`);
  }
}

/**
 * The stored chat was written by a newer toolchat. It is left where it is, untouched: this
 * chat starts empty and is not saved, so the record is still whole for the newer version.
 */
export class NewerChatRecordError extends ChatStorageError {
  override name = 'NewerChatRecordError';
  /** The version of the stored record. */
  readonly version: number;

  constructor(chatId: string, version: number, supported: number, operation: ChatStorageOperation) {
    super(
      `The stored chat "${chatId}" was written by a newer toolchat (record version ${version}; this one reads up to ${supported}). It was left as it is, and this chat is not saved until toolchat is updated.`,
      { operation, chatId },
    );
    this.version = version;
  }
}

/** Turns a record a newer toolchat wrote into the storage error that says so; anything else passes. */
export function newerRecordError(error: unknown, chatId: string, operation: ChatStorageOperation): unknown {
  return error instanceof UnsupportedChatRecordVersionError ? new NewerChatRecordError(chatId, error.version, error.supported, operation) : error;
}

function isQuotaError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { name, code } = error as { name?: unknown; code?: unknown };
  // Firefox used its own name; old WebKit only set the legacy code 22.
  return name === 'QuotaExceededError' || name === 'NS_ERROR_DOM_QUOTA_REACHED' || code === 22;
}

/** Wraps any failure in a `ChatStorageError` (kept as is if it already is one). */
export function toChatStorageError(error: unknown, init: ChatStorageErrorInit): ChatStorageError {
  if (error instanceof ChatStorageError) return error;
  const reason = error instanceof Error ? error.message : String(error);
  const what = init.chatId === undefined ? 'chats' : `chat "${init.chatId}"`;
  const prefix = isQuotaError(error) ? 'storage is full: ' : '';
  return new ChatStorageError(`Could not ${init.operation} ${what}: ${prefix}${reason}`, { ...init, cause: error });
}
