import type { ChatTransport, UIMessage } from 'ai';

/**
 * How much of its last message a page showed when the user pressed Stop: its id, its number of
 * parts, and the length of the last one's text. A server that keeps the conversation keeps the
 * stopped answer as shown (it only ever cuts its own answer back).
 */
export interface ShownMessage {
  messageId: string;
  parts: number;
  textLength?: number;
}

/** The transport of a server that keeps the conversation (`ServerConversationTransport`), by its `stopOnServer`. */
interface ServerStop {
  stopOnServer(chatId: string, shown?: ShownMessage): Promise<void>;
}

/**
 * The transport of a server that keeps the conversation, found by its `stopOnServer`: the chat
 * core never imports it, so apps without a store never download it.
 */
export function serverConversation(transport: ChatTransport<UIMessage> | undefined): ServerStop | undefined {
  const candidate = transport as Partial<ServerStop> | undefined;
  return typeof candidate?.stopOnServer === 'function' ? (candidate as ServerStop) : undefined;
}

/** What the page shows of `messages`' last message. */
export function shownMessage(messages: readonly UIMessage[]): ShownMessage | undefined {
  const last = messages.at(-1);
  if (!last) return undefined;
  const part = last.parts.at(-1);
  return {
    messageId: last.id,
    parts: last.parts.length,
    ...(part && (part.type === 'text' || part.type === 'reasoning') ? { textLength: part.text.length } : {}),
  };
}

/**
 * Stop on a server that keeps the conversation: once the chat has stopped reading (`stopped`),
 * the server is told to stop too, with what the page shows. Aborting the request does not stop
 * an answer the server keeps (a reload aborts it as well). In marker mode the page's parts are
 * not the server's (the markers become calls in the page): the stop then says nothing of them.
 */
export async function stopOnServer(
  transport: ChatTransport<UIMessage> | undefined,
  chat: { readonly id: string; readonly messages: UIMessage[] },
  stopped: Promise<unknown>,
  toolMarkers: boolean,
): Promise<void> {
  const server = serverConversation(transport);
  if (!server) return;
  await stopped.catch(() => undefined);
  await server.stopOnServer(chat.id, toolMarkers ? undefined : shownMessage(chat.messages));
}
