import { PGlite } from '@electric-sql/pglite';
import type { UIMessage } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChatHandler, pgliteStore, type ConversationStore } from 'toolchat/server';
import { textResponse, toolCallResponse } from '../../support/mock-models';
import { assistantMessage, readChunks } from '../chat-stream';

/** The app's auth, as a test stands it in: the signed-in user is a header. */
const getUserId = (request: Request) => request.headers.get('x-user');

function as(user: string | undefined, method: string, path: string, body?: unknown): Request {
  return new Request(`http://localhost${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(user ? { 'x-user': user } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

const userText = (id: string, text: string): UIMessage => ({ id, role: 'user', parts: [{ type: 'text', text }] });
const weatherTool = {
  getWeather: { description: 'Weather', inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } },
};

let pglite: PGlite;
let store: ConversationStore;
beforeAll(async () => {
  pglite = await PGlite.create();
  store = pgliteStore({ db: pglite });
}, 60_000);
afterAll(async () => {
  await store?.close();
  await pglite?.close();
});

/** A model that answers "Answer <n>" and records how many messages each call saw. */
function countingModel() {
  let n = 0;
  const seen: number[] = [];
  const model = new MockLanguageModelV4({
    doStream: async (options) => {
      seen.push(options.prompt.length);
      return textResponse(`Answer ${++n}`);
    },
  });
  return { model, seen };
}

describe('given a handler with a server store', () => {
  it('refuses a request without a signed-in user with a 401', async () => {
    const handler = createChatHandler({ model: countingModel().model, store, getUserId });
    const post = await handler(as(undefined, 'POST', '/api/chat', { id: 'chat-anon', messages: [userText('u1', 'hi')] }));
    expect(post.status).toBe(401);
    expect((await handler(as(undefined, 'GET', '/api/chat/threads'))).status).toBe(401);
    expect((await handler(as('', 'GET', '/api/chat/threads'))).status).toBe(401);
  });

  it('needs getUserId with a store, and a store with streams', () => {
    expect(() => createChatHandler({ store })).toThrow(/getUserId/);
  });

  it('loads the thread, so the client sends only its new message', async () => {
    const { model, seen } = countingModel();
    const handler = createChatHandler({ model, store, getUserId });
    const first = await handler(as('alice', 'POST', '/api/chat', { id: 'alice-1', messages: [userText('u1', 'First question')] }));
    expect(first.status).toBe(200);
    const answer1 = await assistantMessage(await readChunks(first));
    expect(answer1.parts).toContainEqual(expect.objectContaining({ type: 'text', text: 'Answer 1' }));

    const second = await handler(as('alice', 'POST', '/api/chat', { id: 'alice-1', messages: [userText('u2', 'Second question')] }));
    await readChunks(second);
    // The model saw the whole conversation: user, assistant, user.
    expect(seen).toEqual([1, 3]);

    const thread = await handler(as('alice', 'GET', '/api/chat/threads/alice-1'));
    const body = (await thread.json()) as { title: string; messages: UIMessage[] };
    expect(body.title).toBe('First question');
    expect(body.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(body.messages[1]!.id).toBe(answer1.id);
  });

  it('continues the answer of a tool round in one stored message, and regenerates from a user message', async () => {
    let call = 0;
    const model = new MockLanguageModelV4({
      doStream: async () =>
        ++call === 1 ? toolCallResponse([{ toolCallId: 'c1', toolName: 'getWeather', input: { city: 'Paris' } }]) : textResponse(`It is 21 °C (${call}).`),
    });
    const handler = createChatHandler({ model, store, getUserId });
    const round1 = await handler(as('alice', 'POST', '/api/chat', { id: 'alice-tools', messages: [userText('u1', 'Weather in Paris?')], tools: weatherTool }));
    const withCall = await assistantMessage(await readChunks(round1));
    // The browser runs the tool and sends back only the assistant message with the result.
    const withResult = {
      ...withCall,
      parts: withCall.parts.map((part) => (part.type === 'tool-getWeather' ? { ...part, state: 'output-available', output: { temperature: 21 } } : part)),
    };
    const round2 = await handler(as('alice', 'POST', '/api/chat', { id: 'alice-tools', messages: [withResult], tools: weatherTool }));
    const final = await assistantMessage(await readChunks(round2), withResult as UIMessage);
    expect(final.id).toBe(withCall.id);

    const stored = (await store.loadThread('alice', 'alice-tools'))!.messages;
    expect(stored).toHaveLength(2);
    expect(stored[1]!.parts).toEqual([
      { type: 'step-start' },
      expect.objectContaining({ type: 'tool-getWeather', state: 'output-available', output: { temperature: 21 } }),
      { type: 'step-start' },
      expect.objectContaining({ type: 'text', text: 'It is 21 °C (2).' }),
    ]);

    // Regenerate: the client sends the user message the answer followed; the old answer goes.
    await readChunks(await handler(as('alice', 'POST', '/api/chat', { id: 'alice-tools', messages: [userText('u1', 'Weather in Paris?')], trigger: 'regenerate-message' })));
    const regenerated = (await store.loadThread('alice', 'alice-tools'))!.messages;
    expect(regenerated.map((m) => m.role)).toEqual(['user', 'assistant']);
    expect(regenerated[1]!.parts).toContainEqual(expect.objectContaining({ type: 'text', text: 'It is 21 °C (3).' }));
  });

  it("answers another user's chat id as one that does not exist and never shows its messages, on every route", async () => {
    const { model, seen } = countingModel();
    const handler = createChatHandler({ model, store, getUserId });
    await readChunks(await handler(as('alice', 'POST', '/api/chat', { id: 'alice-private', messages: [userText('u1', 'My secret plan')] })));
    const calls = seen.length;

    const routes = (chatId: string): [string, string, unknown?][] => [
      ['GET', `/api/chat/threads/${chatId}`],
      ['PATCH', `/api/chat/threads/${chatId}`, { title: 'mine' }],
      ['DELETE', `/api/chat/threads/${chatId}`],
      ['GET', `/api/chat/${chatId}/stream`],
      ['DELETE', `/api/chat/${chatId}/stream`],
      ['POST', '/api/chat', { id: chatId, messages: [userText('b1', 'Tell me the plan')] }],
    ];
    const responses = await Promise.all(routes('alice-private').map(([method, path, body]) => handler(as('bob', method, path, body))));
    // The same requests for a chat that does not exist (but the POST, which would create it).
    const baseline = await Promise.all(routes('nobody-chat').slice(0, 5).map(([method, path, body]) => handler(as('bob', method, path, body))));
    // GETs read as nothing (204, a new chat); writes as no such thread (404): Bob learns nothing.
    expect(responses.map((response) => response.status)).toEqual([204, 404, 404, 204, 204, 404]);
    expect(baseline.map((response) => response.status)).toEqual([204, 404, 404, 204, 204]);
    for (const response of responses) expect(await response.text()).not.toMatch(/secret/);
    expect(seen.length).toBe(calls); // the model never saw Bob's request
    const bobs = (await (await handler(as('bob', 'GET', '/api/chat/threads'))).json()) as { threads: { chatId: string }[] };
    expect(bobs.threads.map((t) => t.chatId)).not.toContain('alice-private');
    const alices = await store.loadThread('alice', 'alice-private');
    expect(alices?.messages.map((m) => m.id)).toEqual(['u1', expect.any(String)]);
    expect(alices?.title).toBe('My secret plan');
  });

  it('lists, renames and deletes threads through its routes', async () => {
    const handler = createChatHandler({ model: countingModel().model, store, getUserId });
    for (const id of ['carol-a', 'carol-b']) {
      await readChunks(await handler(as('carol', 'POST', '/api/chat', { id, messages: [userText('u1', `About ${id}`)] })));
    }
    const list = async () => ((await (await handler(as('carol', 'GET', '/api/chat/threads'))).json()) as { threads: { chatId: string; title: string }[] }).threads;
    expect((await list()).map((t) => t.chatId)).toEqual(['carol-b', 'carol-a']);

    const renamed = await handler(as('carol', 'PATCH', '/api/chat/threads/carol-a', { title: '  Trip  ' }));
    expect(renamed.status).toBe(200);
    expect(((await renamed.json()) as { title: string }).title).toBe('Trip');
    expect((await handler(as('carol', 'PATCH', '/api/chat/threads/carol-a', { title: '' }))).status).toBe(400);

    expect((await handler(as('carol', 'DELETE', '/api/chat/threads/carol-b'))).status).toBe(204);
    expect(await list()).toEqual([expect.objectContaining({ chatId: 'carol-a', title: 'Trip' })]);
    expect((await handler(as('carol', 'GET', '/api/chat/threads/carol-b'))).status).toBe(204);
    expect((await handler(as('carol', 'PUT', '/api/chat/threads/carol-a'))).status).toBe(405);
    expect((await handler(as('carol', 'GET', '/api/chat/threads/not%20an%20id'))).status).toBe(204);
    expect((await handler(as('carol', 'DELETE', '/api/chat/threads/not%20an%20id'))).status).toBe(404);
  });

  it('answers chat requests at an endpoint whose path ends like one of its routes', async () => {
    const handler = createChatHandler({ model: countingModel().model, store, getUserId });
    for (const [endpoint, chatId] of [['/api/threads', 'mounted-1'], ['/v1/stream', 'mounted-2'], ['/api/chat/threads', 'mounted-3']] as const) {
      const response = await handler(as('dora', 'POST', endpoint, { id: chatId, messages: [userText(`u-${chatId}`, 'hi')] }));
      expect(response.status).toBe(200);
      await response.text();
      expect((await store.loadThread('dora', chatId))?.messages.map((message) => message.role)).toEqual(['user', 'assistant']);
    }
  });

  it('refuses a chat request without a valid chat id', async () => {
    const handler = createChatHandler({ model: countingModel().model, store, getUserId });
    const response = await handler(as('alice', 'POST', '/api/chat', { messages: [userText('u1', 'hi')] }));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: { message: expect.stringMatching(/id must be a chat id/) } });
  });
});
