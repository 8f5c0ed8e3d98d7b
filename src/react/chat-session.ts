import { Chat } from '@ai-sdk/react';
import { DefaultChatTransport, type UIMessage } from 'ai';
import { withHttpErrors } from '../core/loop/http-errors';
import { ToolLoop } from '../core/loop/tool-loop';
import { withToolRequest } from '../transports/with-tool-request';
import { createChatView, type ChatView } from './chat-view';
import type { StorageBinding } from './storage-binding';
import { throttle } from './throttle';
import type { UseToolChatOptions } from './types';

/** An AI SDK chat and the tool loop that drives it. */
export interface ChatSession {
  chat: Chat<UIMessage>;
  loop: ToolLoop;
  /** What components render: messages, status, error and runs, at most once per frame. */
  view: ChatView;
  /** The options of the component that uses the session now: callbacks and tools stay fresh. */
  options: UseToolChatOptions;
  /** Set when the chat is saved to a `storage` (its code loads on demand). */
  storage?: Promise<StorageBinding>;
}

/**
 * Sessions of chats that have an `id`, so a remount of the same chat (StrictMode, a route
 * change, a parent re-keying) finds its conversation and its running tools again, and no
 * tool call runs twice.
 */
const sessions = new Map<string, ChatSession>();

/** One render per frame while tokens stream. */
export const DEFAULT_THROTTLE_MS = 16;

/** The session of a chat: shared by `id`, else one per component. */
export function getChatSession(options: UseToolChatOptions): ChatSession {
  if (options.id !== undefined) {
    const existing = sessions.get(options.id);
    if (existing) return existing;
  }
  const session = createChatSession(options);
  if (options.id !== undefined) sessions.set(options.id, session);
  return session;
}

/** Forgets a chat's session, e.g. when the app deletes the conversation. */
export function disposeChatSession(id: string): void {
  const session = sessions.get(id);
  if (!session) return;
  sessions.delete(id);
  void session.storage?.then((binding) => binding.dispose());
  session.loop.stop();
  void session.chat.stop();
}

function createChatSession(initial: UseToolChatOptions): ChatSession {
  const session = { options: initial } as ChatSession;
  const loop = new ToolLoop(() => session.options);
  const base =
    initial.transport ??
    new DefaultChatTransport<UIMessage>({
      api: initial.api ?? '/api/chat',
      // Read at each request; failures become readable errors (status, message, Retry-After).
      fetch: withHttpErrors((input, init) => (session.options.fetch ?? globalThis.fetch)(input, init)),
    });
  const transport = withToolRequest(
    {
      sendMessages: async (request) => {
        if (session.storage) await (await session.storage).beforeRequest(request.messages);
        return base.sendMessages(request);
      },
      reconnectToStream: (request) => base.reconnectToStream(request),
    },
    async (messages) => {
      const body = loop.requestBody(messages);
      if (!session.options.legacyToolClients || !body.tools) return body;
      const { toToolClients } = await import('../core/marker/tool-clients');
      return { ...body, toolClients: toToolClients(body.tools) };
    },
    // Loaded on demand: apps without text-only models never download the marker parser.
    initial.toolMarkers === 'on'
      ? async (toolNames) => (await import('../core/marker/transform')).createToolMarkerTransform({ toolNames })
      : undefined,
    (chunk) => loop.acceptChunk(chunk),
  );
  const chat = new Chat<UIMessage>({
    ...(initial.id === undefined ? {} : { id: initial.id }),
    ...(initial.initialMessages === undefined ? {} : { messages: initial.initialMessages }),
    transport,
    onToolCall: loop.onToolCall,
    sendAutomaticallyWhen: loop.sendAutomaticallyWhen,
    onError: (error) => session.options.onError?.(error),
    onFinish: ({ message, isAbort, isError }) => {
      // A response that ends in tool calls is a round, not the end of the loop.
      const reason = loop.onResponseFinish({ message, isAbort, isError });
      if (reason === 'answered' || reason === 'max-rounds' || reason === 'budget') session.options.onFinish?.(message);
    },
  });
  loop.attach(chat);
  session.chat = chat;
  session.loop = loop;
  session.view = createChatView(chat, loop, () => session.options.throttle ?? DEFAULT_THROTTLE_MS);
  // Every change of activity reaches onStatus, also those too brief to be rendered.
  let lastActivity = loop.activity();
  const emitStatus = () => {
    // Deriving the activity walks the last message: skip it when nobody listens.
    if (!session.options.onStatus) return;
    const activity = loop.activity();
    if (activity === lastActivity) return;
    lastActivity = activity;
    session.options.onStatus?.(activity);
  };
  loop.watch(emitStatus);
  chat['~registerStatusCallback'](emitStatus);
  // Messages change per token: look at them at the pace of the renders, not per chunk.
  chat['~registerMessagesCallback'](throttle(emitStatus, () => session.options.throttle ?? DEFAULT_THROTTLE_MS));
  const storage = initial.storage;
  if (storage) {
    session.storage = import('./storage-binding').then(({ bindStorage }) =>
      bindStorage(
        { chat, loop, tools: () => session.options.tools ?? {}, onError: (error) => session.options.onError?.(error) },
        storage,
        chat.id,
      ),
    );
  }
  return session;
}
