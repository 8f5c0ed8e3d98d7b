import { createToolChat, type ToolChat } from '../core/chat/create-tool-chat';
import type { ToolChatOptions } from '../core/chat/types';
import type { ToolSet } from '../core/tools/define-tool';

/**
 * The registry of chats components own through options. A chat without an `id` belongs to its
 * component; chats with the same `id` are one instance, shared explicitly here, kept alive
 * `keepAliveMs` after the last component let go, so a remount (StrictMode, a route change) finds
 * it mid-round and no tool call runs twice. An app that makes its chat with `createToolChat` and
 * shares it (`<ToolChatProvider>`, a module) needs none of this.
 */

interface Lease<TOOLS extends ToolSet = ToolSet> {
  id: string | undefined;
  chat: ToolChat<TOOLS>;
  retain(): void;
  release(): void;
  /** Only the first component holding a shared chat sets its options: never two sets fighting. */
  setOptions(options: ToolChatOptions<TOOLS>): void;
}

interface Entry {
  chat: ToolChat;
  /** The components holding the chat now, first one first. */
  holders: object[];
  timer?: ReturnType<typeof setTimeout>;
  releasedAt?: number;
}

/** How long an unmounted chat with an `id` stays alive. */
export const DEFAULT_KEEP_ALIVE_MS = 5 * 60_000;
/** Unmounted chats with an `id` kept alive at most; past it the longest unmounted goes first. */
export const MAX_UNMOUNTED_CHATS = 32;

const shared = new Map<string, Entry>();

/**
 * The registry's chat for `id`: the one components with this `id` share (`useToolChat({ id })`,
 * `<ChatWrapper id>`), created with `options` if there is none. A chat the app makes itself with
 * `createToolChat` and shares through `<ToolChatProvider>` needs no registry.
 */
export function getToolChat<TOOLS extends ToolSet = ToolSet>(id: string, options: Omit<ToolChatOptions<TOOLS>, 'id'> = {}): ToolChat<TOOLS> {
  return entryOf(id, { ...options, id } as ToolChatOptions).chat as unknown as ToolChat<TOOLS>;
}

/** Disposes the registry's chat for `id` and forgets it, e.g. when the app deletes the conversation. */
export function disposeChatSession(id: string): void {
  const entry = shared.get(id);
  if (!entry) return;
  clearTimeout(entry.timer);
  shared.delete(id);
  entry.chat.dispose();
}

function entryOf(id: string, options: ToolChatOptions): Entry {
  let entry = shared.get(id);
  if (!entry || entry.chat.disposed) {
    entry = { chat: createToolChat(options), holders: [] };
    shared.set(id, entry);
  }
  return entry;
}

export function lease<TOOLS extends ToolSet>(options: ToolChatOptions<TOOLS>): Lease<TOOLS> {
  const id = options.id;
  const entry = id === undefined ? { chat: createToolChat(options as ToolChatOptions), holders: [] as object[] } : entryOf(id, options as ToolChatOptions);
  const holder = {};
  const chat = entry.chat;
  return {
    id,
    chat: chat as unknown as ToolChat<TOOLS>,
    retain() {
      entry.holders.push(holder);
      clearTimeout(entry.timer);
      delete entry.timer;
      delete entry.releasedAt;
    },
    release() {
      entry.holders = entry.holders.filter((other) => other !== holder);
      if (entry.holders.length > 0) return;
      // After the current task at least, so StrictMode's unmount and remount keep the chat.
      const keepAlive = id === undefined ? 0 : (chat.options.keepAliveMs ?? DEFAULT_KEEP_ALIVE_MS);
      entry.releasedAt = performance.now();
      const end = () => (id === undefined ? chat.dispose() : shared.get(id) === entry ? disposeChatSession(id) : chat.dispose());
      if (keepAlive !== Number.POSITIVE_INFINITY) entry.timer = setTimeout(end, keepAlive);
      if (id !== undefined) evictBeyondCap();
    },
    setOptions(next) {
      if (entry.holders[0] === holder || entry.holders.length === 0) chat.setOptions(next as ToolChatOptions);
    },
  };
}

function evictBeyondCap(): void {
  const unmounted = [...shared.entries()].filter(([, entry]) => entry.holders.length === 0 && entry.releasedAt !== undefined);
  if (unmounted.length <= MAX_UNMOUNTED_CHATS) return;
  unmounted.sort(([, a], [, b]) => a.releasedAt! - b.releasedAt!);
  for (const [id] of unmounted.slice(0, unmounted.length - MAX_UNMOUNTED_CHATS)) disposeChatSession(id);
}
