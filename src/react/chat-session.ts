import { Chat } from '@ai-sdk/react';
import type { UIMessage } from 'ai';
import { isBusy } from '../core/loop/derive-activity';
import { withHttpErrors } from '../core/loop/http-errors';
import { withLoop } from '../core/loop/loop-transport';
import { ToolLoop } from '../core/loop/tool-loop';
import type { Activity } from './activity';
import { createChatStore, type ChatStore } from './chat-store';
import { ToolChatEndpointTransport } from '../transports/ai-sdk-endpoint';
import type { StorageBinding } from './storage-binding';
import type { UseToolChatOptions } from './types';

/** An AI SDK chat, the tool loop that drives it, and the store components read. */
export interface ChatSession {
  chat: Chat<UIMessage>;
  loop: ToolLoop;
  store: ChatStore;
  /** The options of the component that uses the session now: callbacks and tools stay fresh. */
  options: UseToolChatOptions;
  /** Set when the chat is saved to a `storage` (its code loads on demand). */
  storage?: Promise<StorageBinding>;
  /** Sends the user's messages: set by the hook, used to send a queue once the loop is free. */
  send?: (messages: readonly UIMessage[]) => Promise<void>;
}

interface Entry {
  session: ChatSession;
  /** Components that use the session now. */
  mounts: number;
  /** Pending disposal once unmounted. */
  timer?: ReturnType<typeof setTimeout>;
  /** When the last component unmounted; for the cap on unmounted chats. */
  releasedAt?: number;
}

/** One render per frame while tokens stream. */
export const DEFAULT_THROTTLE_MS = 16;
/** How long an unmounted chat with an `id` stays alive. */
export const DEFAULT_KEEP_ALIVE_MS = 5 * 60_000;
/** Unmounted chats with an `id` kept alive at most; past it the longest unmounted goes first. */
export const MAX_UNMOUNTED_CHATS = 32;

/**
 * Sessions of chats that have an `id`, so a remount of the same chat (StrictMode, a route
 * change, a parent re-keying) finds its conversation and its running tools again, and no
 * tool call runs twice.
 */
const shared = new Map<string, Entry>();
const entries = new WeakMap<ChatSession, Entry>();

/** The session of a chat: shared by `id`, else one per component. */
export function getChatSession(options: UseToolChatOptions): ChatSession {
  const existing = options.id === undefined ? undefined : shared.get(options.id);
  if (existing) return existing.session;
  const entry: Entry = { session: createChatSession(options), mounts: 0 };
  entries.set(entry.session, entry);
  if (options.id !== undefined) shared.set(options.id, entry);
  return entry.session;
}

/** A component starts using the session. */
export function retainChatSession(session: ChatSession): void {
  const entry = entries.get(session);
  if (!entry) return;
  entry.mounts++;
  clearTimeout(entry.timer);
  delete entry.timer;
  delete entry.releasedAt;
}

/**
 * A component stops using the session. A chat without an `id` ends with its component (after
 * the current task, so StrictMode's unmount and remount keep it); one with an `id` lives on for
 * `keepAliveMs`, so a remount finds it mid-round.
 */
export function releaseChatSession(session: ChatSession): void {
  const entry = entries.get(session);
  if (!entry || --entry.mounts > 0) return;
  const id = session.options.id;
  const keepAlive = id === undefined ? 0 : (session.options.keepAliveMs ?? DEFAULT_KEEP_ALIVE_MS);
  entry.releasedAt = performance.now();
  if (keepAlive !== Number.POSITIVE_INFINITY) entry.timer = setTimeout(() => disposeSession(session), keepAlive);
  if (id !== undefined) evictBeyondCap();
}

/** Stops a chat and forgets its session, e.g. when the app deletes the conversation. */
export function disposeChatSession(id: string): void {
  const entry = shared.get(id);
  if (entry) disposeSession(entry.session);
}

function evictBeyondCap(): void {
  const unmounted = [...shared.values()].filter((entry) => entry.mounts === 0 && entry.releasedAt !== undefined);
  if (unmounted.length <= MAX_UNMOUNTED_CHATS) return;
  unmounted.sort((a, b) => a.releasedAt! - b.releasedAt!);
  for (const entry of unmounted.slice(0, unmounted.length - MAX_UNMOUNTED_CHATS)) disposeSession(entry.session);
}

/** Nothing more goes to the model: the stream and running tools stop, the storage flushes. */
function disposeSession(session: ChatSession): void {
  const entry = entries.get(session);
  if (entry) clearTimeout(entry.timer);
  entries.delete(session);
  const id = session.options.id;
  if (id !== undefined && shared.get(id)?.session === session) shared.delete(id);
  session.loop.stop();
  void session.chat.stop();
  session.store.dispose();
  void session.storage?.then((binding) => binding.dispose());
}

function createChatSession(initial: UseToolChatOptions): ChatSession {
  const session = { options: initial } as ChatSession;
  const loop = new ToolLoop(() => session.options);
  // `api`, `fetch`, `transport` and `toolMarkers` are read at each request, like the tools: a
  // prop that changes applies to the next request, never silently ignored.
  const endpoint = new ToolChatEndpointTransport({
    // The body the AI SDK sends by default; only the address is read anew.
    prepareSendMessagesRequest: ({ id, messages, body, trigger, messageId }) => ({
      api: session.options.api ?? '/api/chat',
      body: { ...body, id, messages, trigger, messageId },
    }),
    // Failures become readable errors (status, message, Retry-After).
    fetch: withHttpErrors((input, init) => (session.options.fetch ?? globalThis.fetch)(input, init)),
  });
  const base = () => session.options.transport ?? endpoint;
  const transport = withLoop(
    {
      sendMessages: async (request) => {
        if (session.storage) await (await session.storage).beforeRequest(request.messages);
        return base().sendMessages(request);
      },
      reconnectToStream: (request) => base().reconnectToStream(request),
    },
    {
      requestBody: async (messages) => {
        const body = loop.requestBody(messages);
        if (!session.options.legacyToolClients || !body.tools) return body;
        const { toToolClients } = await import('../core/marker/tool-clients');
        return { ...body, toolClients: toToolClients(body.tools) };
      },
      // Loaded on demand: apps without text-only models never download the marker parser. The
      // request's tool names give its calls of the browser's tools static `tool-<name>` parts.
      transformResponse: async (toolNames) =>
        session.options.toolMarkers === 'on' ? (await import('../core/marker/transform')).createToolMarkerTransform({ toolNames }) : undefined,
      chunkStage: (messages) => loop.chunkStage(messages),
    },
  );
  const chat = new Chat<UIMessage>({
    ...(initial.id === undefined ? {} : { id: initial.id }),
    ...(initial.initialMessages === undefined ? {} : { messages: initial.initialMessages }),
    transport,
    onToolCall: loop.onToolCall,
    sendAutomaticallyWhen: loop.sendAutomaticallyWhen,
    onError: (error) => session.options.onError?.(error),
    onFinish: ({ message, isAbort, isError, finishReason }) => {
      // A response that ends in tool calls is a round, not the end of the loop.
      const reason = loop.onResponseFinish({ message, isAbort, isError, finishReason });
      if (reason === 'answered' || reason === 'max-rounds' || reason === 'budget') session.options.onFinish?.(message);
    },
  });
  loop.attach(chat);
  const store = createChatStore(chat, loop, () => ({
    throttle: session.options.throttle ?? DEFAULT_THROTTLE_MS,
    labels: session.options.labels,
    toolMarkers: session.options.toolMarkers,
    maxToolRounds: session.options.maxToolRounds,
  }));
  Object.assign(session, { chat, loop, store });

  // Every change of activity reaches onStatus, also those too brief to be rendered. Deriving
  // the activity walks the last message: only when somebody listens.
  let lastActivity: Activity = store.getSnapshot().activity;
  store.watch(() => {
    if (!session.options.onStatus) return;
    const { activity } = store.getSnapshot();
    if (activity === lastActivity) return;
    lastActivity = activity;
    session.options.onStatus(activity);
  });
  // Messages sent while the loop worked go once it is free (an answer, Stop, an error).
  store.watch(() => {
    if (loop.state.queued.length === 0 || !session.send || isBusy(store.getSnapshot().activity)) return;
    const send = session.send;
    queueMicrotask(() => {
      if (loop.state.queued.length === 0) return;
      void send(loop.takeQueue());
    });
  });

  const storage = initial.storage;
  if (storage) {
    session.storage = import('./storage-binding').then(({ bindStorage }) =>
      bindStorage(
        { chat, loop, store, tools: () => session.options.tools ?? {}, onError: (error) => session.options.onError?.(error) },
        storage,
        chat.id,
      ),
    );
  }
  return session;
}
