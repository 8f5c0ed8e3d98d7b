import { createHeldChat, createToolChat, type ToolChat } from '../core/chat/create-tool-chat';
import { chatLease, type LeasedChat } from '../core/chat/tool-chat';
import type { ToolChatOptions } from '../core/chat/types';
import type { ToolSet } from '../core/tools/define-tool';

/**
 * The registry of chats components own through options. A chat without an `id` belongs to its
 * component; chats with the same `id` are one instance, shared explicitly here, kept alive
 * `keepAliveMs` after the last component let go, so a remount (a route change) finds it
 * mid-round and no tool call runs twice. An app that makes its chat with `createToolChat` and
 * shares it (`<ToolChatProvider>`, a module) needs none of this.
 *
 * Rendering reads the registry and writes nothing (`chatFor`); a component holds its chat from
 * its commit (`hold`) to its unmount.
 */

interface Entry {
  chat: ToolChat;
  /** The components holding the chat now, first one first. */
  holders: object[];
  timer?: ReturnType<typeof setTimeout>;
  releasedAt?: number;
}

/** A component's hold on its chat, from its commit to its unmount. */
export interface Lease<TOOLS extends ToolSet = ToolSet> {
  chat: ToolChat<TOOLS>;
  /** Only the first component holding a shared chat sets its options: never two sets fighting. */
  setOptions(options: ToolChatOptions<TOOLS>): void;
  release(): void;
}

/** Unmounted chats with an `id` kept alive at most; past it the longest unmounted goes first. */
export const MAX_UNMOUNTED_CHATS = 32;

const shared = new Map<string, Entry>();

/**
 * The registry's chat for `id`: the one components with this `id` share (`useToolChat({ id })`,
 * `<ChatWrapper id>`), created with `options` if there is none. A chat the app makes itself with
 * `createToolChat` and shares through `<ToolChatProvider>` needs no registry.
 */
export function getToolChat<TOOLS extends ToolSet = ToolSet>(id: string, options: Omit<ToolChatOptions<TOOLS>, 'id'> = {}): ToolChat<TOOLS> {
  return entryOf(id, () => createToolChat({ ...options, id } as ToolChatOptions)).chat as unknown as ToolChat<TOOLS>;
}

/** Disposes the registry's chat for `id` and forgets it, e.g. when the app deletes the conversation. */
export function disposeChatSession(id: string): void {
  const entry = shared.get(id);
  if (!entry) return;
  clearTimeout(entry.timer);
  shared.delete(id);
  entry.chat.dispose();
}

function live(id: string): Entry | undefined {
  const entry = shared.get(id);
  return entry && !entry.chat.disposed ? entry : undefined;
}

function entryOf(id: string, make: () => ToolChat): Entry {
  let entry = live(id);
  if (!entry) shared.set(id, (entry = { chat: make(), holders: [] }));
  return entry;
}

/**
 * The chat a component given `options` shows, for its render: the registry's for its `id`, else a
 * new one. Only reads: a new chat is made but does nothing until it is held and subscribed, so a
 * render React throws away leaves nothing behind.
 */
export function chatFor<TOOLS extends ToolSet>(options: ToolChatOptions<TOOLS>): ToolChat<TOOLS> {
  const registered = options.id === undefined ? undefined : live(options.id);
  return (registered?.chat ?? createHeldChat(options)) as ToolChat<TOOLS>;
}

/**
 * Holds the chat of a component from its commit: registered under its `id` if no other chat is
 * (else that one is held, and this one, never shown, is disposed). Released, a chat without
 * `id` stops at once: nothing leaves it (it is parked), and it is disposed after the current
 * task unless StrictMode's remount holds it again first; a chat with an `id` runs on for
 * `keepAliveMs`.
 */
export function hold<TOOLS extends ToolSet>(candidate: ToolChat<TOOLS>): Lease<TOOLS> {
  const id = candidate.options.id;
  let entry: Entry;
  if (id === undefined) entry = owned.get(candidate) ?? { chat: candidate, holders: [] };
  else {
    entry = entryOf(id, () => candidate);
    if (entry.chat !== candidate) candidate.dispose();
  }
  if (id === undefined) owned.set(candidate, entry);
  const chat = entry.chat as LeasedChat;
  const holder = {};
  entry.holders.push(holder);
  clearTimeout(entry.timer);
  delete entry.timer;
  delete entry.releasedAt;
  chat[chatLease].shown();
  return {
    chat: chat as unknown as ToolChat<TOOLS>,
    setOptions(next) {
      if (entry.holders[0] === holder) chat.setOptions(next as ToolChatOptions);
    },
    release() {
      entry.holders = entry.holders.filter((other) => other !== holder);
      if (entry.holders.length > 0) return;
      const keepAlive = id === undefined ? 0 : chat.options.keepAliveMs;
      // Nothing leaves a chat nobody shows and nobody keeps: not even a result settling now.
      if (keepAlive === 0) chat[chatLease].hidden();
      entry.releasedAt = performance.now();
      const end = () => (id !== undefined && shared.get(id) === entry ? disposeChatSession(id) : chat.dispose());
      if (keepAlive !== Number.POSITIVE_INFINITY) entry.timer = setTimeout(end, keepAlive);
      if (id !== undefined) evictBeyondCap();
    },
  };
}

/** The holds on chats without an `id` (their component's own), by chat. */
const owned = new WeakMap<ToolChat, Entry>();

function evictBeyondCap(): void {
  const unmounted = [...shared.entries()].filter(([, entry]) => entry.holders.length === 0 && entry.releasedAt !== undefined);
  if (unmounted.length <= MAX_UNMOUNTED_CHATS) return;
  unmounted.sort(([, a], [, b]) => a.releasedAt! - b.releasedAt!);
  for (const [id] of unmounted.slice(0, unmounted.length - MAX_UNMOUNTED_CHATS)) disposeChatSession(id);
}
