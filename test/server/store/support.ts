import type { LanguageModelV4StreamPart } from '@ai-sdk/provider';
import { PGlite } from '@electric-sql/pglite';
import type { UIMessage, UIMessageChunk } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { memoryConversationStore, pgliteStore, postgresStore, type ConversationStore } from 'toolchat/server';
import { startPostgresServer } from '../../support/postgres-server';

/** The app's auth, as the tests stand it in: the signed-in user is a header. */
export const getUserId = (request: Request) => request.headers.get('x-user');

/** A request of `user` (none: signed out) to the handler. */
export function as(user: string | undefined, method: string, path: string, body?: unknown): Request {
  return new Request(`http://localhost${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(user ? { 'x-user': user } : {}) },
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
}

export const userText = (id: string, text: string): UIMessage => ({ id, role: 'user', parts: [{ type: 'text', text }] });

export const weatherTool = {
  getWeather: { description: 'Weather', inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } },
};

export const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 1, text: 1, reasoning: 0 },
};

/** The UI message chunks of an SSE text. */
export function chunksOf(sse: string): UIMessageChunk[] {
  return sse
    .split('\n\n')
    .map((event) => event.replace(/^data: /, '').trim())
    .filter((data) => data && data !== '[DONE]')
    .map((data) => JSON.parse(data) as UIMessageChunk);
}

export const textOf = (chunks: UIMessageChunk[]) => chunks.flatMap((chunk) => (chunk.type === 'text-delta' ? [chunk.delta] : [])).join('');

/** Reads an SSE body until `until` appears in it; returns what was read and the reader. */
export async function readUntil(body: ReadableStream<Uint8Array>, until: string) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  while (!text.includes(until)) {
    const { done, value } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
  }
  return { text, reader };
}

/**
 * A scripted model: each call answers with the next step of `script` (the last one repeats),
 * and records the prompt it saw. A step is text, or tool calls.
 */
export function scriptedModel(script: (string | { calls: { toolCallId: string; toolName: string; input: unknown }[] })[]) {
  const prompts: unknown[][] = [];
  const model = new MockLanguageModelV4({
    doStream: async ({ prompt }) => {
      const step = script[Math.min(prompts.length, script.length - 1)]!;
      prompts.push(prompt);
      const parts: LanguageModelV4StreamPart[] =
        typeof step === 'string'
          ? [
              { type: 'text-start', id: 't' },
              { type: 'text-delta', id: 't', delta: step },
              { type: 'text-end', id: 't' },
              { type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage },
            ]
          : [
              ...step.calls.map((call): LanguageModelV4StreamPart => ({ type: 'tool-call', toolCallId: call.toolCallId, toolName: call.toolName, input: JSON.stringify(call.input) })),
              { type: 'finish', finishReason: { unified: 'tool-calls', raw: 'tool_calls' }, usage },
            ];
      return { stream: new ReadableStream({ start: (controller) => (parts.forEach((part) => controller.enqueue(part)), controller.close()) }) };
    },
  });
  return { model, prompts };
}

/**
 * A model that writes "Hel", then waits for `release()` before "lo, world"; it records aborts.
 * Each call waits for its own release (`release()` frees them all).
 */
export function gatedModel() {
  let release!: () => void;
  let gate = new Promise<void>((resolve) => (release = resolve));
  const aborted: boolean[] = [];
  let calls = 0;
  const model = new MockLanguageModelV4({
    doStream: async ({ abortSignal }) => {
      calls++;
      const waitFor = gate;
      return {
        stream: new ReadableStream<LanguageModelV4StreamPart>({
          async start(controller) {
            controller.enqueue({ type: 'text-start', id: 't' });
            controller.enqueue({ type: 'text-delta', id: 't', delta: 'Hel' });
            await Promise.race([waitFor, new Promise((resolve) => abortSignal?.addEventListener('abort', resolve, { once: true }))]);
            if (abortSignal?.aborted) {
              aborted.push(true);
              controller.error(abortSignal.reason);
              return;
            }
            controller.enqueue({ type: 'text-delta', id: 't', delta: 'lo, world' });
            controller.enqueue({ type: 'text-end', id: 't' });
            controller.enqueue({ type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage });
            controller.close();
          },
        }),
      };
    },
  });
  return {
    model,
    aborted,
    get calls() {
      return calls;
    },
    release: () => {
      release();
      gate = new Promise<void>((resolve) => (release = resolve));
    },
  };
}

/** The three stores every behaviour is checked on: memory, PGlite, and a real PostgreSQL. */
export interface Stores {
  each: [name: string, store: ConversationStore][];
  close(): Promise<void>;
}

export async function startStores(): Promise<Stores> {
  const [postgres, pglite] = await Promise.all([startPostgresServer(), PGlite.create()]);
  const stores: [string, ConversationStore][] = [
    ['memory', memoryConversationStore()],
    ['PGlite', pgliteStore({ db: pglite })],
    ['PostgreSQL', postgresStore({ connectionString: postgres.url })],
  ];
  return {
    each: stores,
    async close() {
      await Promise.all(stores.map(([, store]) => store.close()));
      await pglite.close();
      await postgres.stop();
    },
  };
}
