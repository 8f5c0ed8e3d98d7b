// The conversation-store runs of `npm run bench -- server`: two instances of the handler share
// one PostgreSQL and one Redis (`postgresStore`, `redisStreams`), each request a new user
// message on a thread the server keeps (the body carries the message and its intent only). The
// baseline is the route the AI SDK's docs write by hand for the same job, also two instances on
// the same PostgreSQL and Redis: load the chat, answer, save the chat on finish, keep the answer
// resumable with `resumable-stream` ("Chatbot Message Persistence", "Chatbot Resume Streams").
import {
  convertToModelMessages,
  createUIMessageStreamResponse,
  generateId,
  jsonSchema,
  stepCountIs,
  streamText,
  tool,
  toUIMessageStream,
  validateUIMessages,
  type JSONSchema7,
  type ToolSet,
  type UIMessage,
} from 'ai';
import { z } from 'zod';
import { createChatHandler, createDemoModel, postgresStore, redisStreams } from '../src/server/index';

export type StoreRole = 'toolchat-store' | 'ai-sdk-store';

export interface StoreServices {
  databaseUrl: string;
  redisUrl: string;
}

/** A server-side tool, as in the other runs (the demo model does not call it for these turns). */
const getTime = tool({
  description: 'Current time in a city',
  inputSchema: z.object({ city: z.string() }),
  execute: async ({ city }) => ({ city, time: '21:04' }),
});

/** The handler of a store role, in its worker (one of two instances). */
export async function storeHandler(role: StoreRole, services: StoreServices): Promise<(request: Request) => Promise<Response>> {
  if (role === 'ai-sdk-store') return aiSdkStoreRoute(services);
  return createChatHandler({
    model: createDemoModel(),
    secret: 'bench-secret-bench-secret-bench-secret',
    tools: { getTime },
    store: postgresStore({ connectionString: services.databaseUrl, max: 10 }),
    streams: redisStreams({ url: services.redisUrl }),
    getUserId: (request) => request.headers.get('x-user'),
  });
}

/** The AI SDK docs' route with persistence and resumable streams, on the same PostgreSQL and Redis. */
async function aiSdkStoreRoute({ databaseUrl, redisUrl }: StoreServices): Promise<(request: Request) => Promise<Response>> {
  const pg = await import('pg');
  const pool = new pg.default.Pool({ connectionString: databaseUrl, max: 10 });
  await pool.query('create table if not exists bench_chats (id text primary key, messages jsonb not null, active_stream_id text)');
  const { createClient } = await import('redis');
  const publisher = createClient({ url: redisUrl });
  const subscriber = publisher.duplicate();
  await Promise.all([publisher.connect(), subscriber.connect()]);
  const { createResumableStreamContext } = await import('resumable-stream/generic');
  const context = createResumableStreamContext({
    waitUntil: null,
    publisher: publisher as unknown as Parameters<typeof createResumableStreamContext>[0]['publisher'],
    subscriber: subscriber as unknown as Parameters<typeof createResumableStreamContext>[0]['subscriber'],
  });
  return async (request) => {
    const body = (await request.json()) as { id: string; message: UIMessage; tools: Record<string, { description?: string; inputSchema: JSONSchema7 }> };
    const tools: ToolSet = { getTime };
    for (const [name, schema] of Object.entries(body.tools)) {
      tools[name] = tool({ ...(schema.description ? { description: schema.description } : {}), inputSchema: jsonSchema(schema.inputSchema) });
    }
    const { rows } = await pool.query<{ messages: UIMessage[] }>('select messages from bench_chats where id = $1', [body.id]);
    const messages = await validateUIMessages({ messages: [...(rows[0]?.messages ?? []), body.message] });
    const result = streamText({
      model: createDemoModel(),
      messages: await convertToModelMessages(messages, { tools, ignoreIncompleteToolCalls: true }),
      tools,
      stopWhen: stepCountIs(5),
    });
    return createUIMessageStreamResponse({
      stream: toUIMessageStream({
        stream: result.stream,
        tools,
        originalMessages: messages,
        generateMessageId: generateId,
        onFinish: async ({ messages: all }) => {
          await pool.query(
            'insert into bench_chats (id, messages) values ($1, $2) on conflict (id) do update set messages = excluded.messages, active_stream_id = null',
            [body.id, JSON.stringify(all)],
          );
        },
      }),
      consumeSseStream: async ({ stream }) => {
        const streamId = generateId();
        await context.createNewResumableStream(streamId, () => stream);
        await pool.query('update bench_chats set active_stream_id = $2 where id = $1', [body.id, streamId]);
      },
    });
  };
}

const user = (id: string, text: string): UIMessage => ({ id, role: 'user', parts: [{ type: 'text', text }] });

/** The body of turn `turn` on thread `thread`: only the new message, as each client sends it. */
export function storeBody(role: StoreRole, thread: number, turn: number, schemas: unknown): string {
  const message = user(`m${turn}-${thread}`, 'Hello');
  const id = `bench-thread-${thread}`;
  return role === 'toolchat-store'
    ? JSON.stringify({ id, messages: [message], intent: { type: 'send' }, tools: schemas })
    : JSON.stringify({ id, message, tools: schemas });
}
