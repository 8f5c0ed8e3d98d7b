import type { ChatTransport, UIMessage, UIMessageChunk } from 'ai';
import { convertArrayToReadableStream } from 'ai/test';

/** One response of a scripted transport. */
export type Response = UIMessageChunk[] | (() => ReadableStream<UIMessageChunk>);

/** The chunks of an answer in text. */
export function answer(text: string): UIMessageChunk[] {
  return [
    { type: 'start' },
    { type: 'start-step' },
    { type: 'text-start', id: 't' },
    { type: 'text-delta', id: 't', delta: text },
    { type: 'text-end', id: 't' },
    { type: 'finish-step' },
    { type: 'finish' },
  ];
}

/** The chunks of a response that calls tools. */
export function callTools(...calls: { toolCallId: string; toolName: string; input: unknown }[]): UIMessageChunk[] {
  return [
    { type: 'start' },
    { type: 'start-step' },
    ...calls.map((call): UIMessageChunk => ({ type: 'tool-input-available', ...call })),
    { type: 'finish-step' },
    { type: 'finish' },
  ];
}

/** A transport that answers from a script and records what each request carried, as the server would read it. */
export function scriptedTransport(responses: Response[]) {
  const requests: { messages: UIMessage[]; body: Record<string, unknown> }[] = [];
  const transport: ChatTransport<UIMessage> = {
    async sendMessages({ messages, body }) {
      requests.push({ messages: structuredClone(messages), body: (body ?? {}) as Record<string, unknown> });
      const next = responses.shift() ?? answer('(no more script)');
      return typeof next === 'function' ? next() : convertArrayToReadableStream(next);
    },
    reconnectToStream: async () => null,
  };
  return { transport, requests };
}

/** The tool parts of a request's messages, by call id. */
export function toolPartsOf(messages: readonly UIMessage[]): Map<string, Record<string, unknown>> {
  const parts = new Map<string, Record<string, unknown>>();
  for (const message of messages) {
    for (const part of message.parts) if ('toolCallId' in part) parts.set(part.toolCallId, part as unknown as Record<string, unknown>);
  }
  return parts;
}

export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}
