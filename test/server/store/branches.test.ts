import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChatHandler, type ConversationStore } from 'toolchat/server';
import { readChunks } from '../chat-stream';
import { as, getUserId, scriptedModel, startStores, userText, type Stores } from './support';

let stores: Stores;
const byName = new Map<string, ConversationStore>();
beforeAll(async () => {
  stores = await startStores();
  for (const [name, store] of stores.each) byName.set(name, store);
}, 60_000);
afterAll(() => stores?.close());

interface ThreadBody {
  messages: { id: string; role: string; parts: { type: string; text?: string }[] }[];
  versions: { messageId: string; index: number; count: number }[];
}
const texts = (thread: ThreadBody) => thread.messages.map((message) => message.parts.map((part) => part.text ?? '').join(''));

for (const name of ['memory', 'PGlite', 'PostgreSQL']) {
  describe(`${name}: branches of a chat the server owns`, () => {
    const store = () => byName.get(name)!;
    let n = 0;
    const chat = () => `${name}-branches-${++n}`;

    async function setUp(script: string[]) {
      const { model, prompts } = scriptedModel(script);
      const handler = createChatHandler({ model, store: store(), getUserId });
      const chatId = chat();
      const post = async (body: Record<string, unknown>) => handler(as('alice', 'POST', '/api/chat', { id: chatId, ...body }));
      const get = async (user = 'alice') => (await (await handler(as(user, 'GET', `/api/chat/threads/${chatId}`))).json()) as ThreadBody;
      const switchTo = (messageId: unknown, index: unknown, user = 'alice') =>
        handler(as(user, 'POST', '/api/chat', { id: chatId, messages: [], intent: { type: 'switch', messageId, index } }));
      return { handler, chatId, post, get, switchTo, prompts };
    }

    it('answers a message sent again as it is stored (an Edit that changes nothing, a send again) anew, keeping what followed as a version of its answer, not of the message', async () => {
      const { post, get } = await setUp(['Answer 1', 'Answer 2', 'Answer 3', 'Answer 4']);
      await readChunks(await post({ messages: [userText('u1', 'One')], intent: { type: 'send' } }));
      await readChunks(await post({ messages: [userText('u1', 'One')], intent: { type: 'edit', messageId: 'u1' } }));
      const edited = await get();
      expect(texts(edited)).toEqual(['One', 'Answer 2']);
      expect(edited.versions).toEqual([{ messageId: edited.messages[1]!.id, index: 1, count: 2 }]);
      // The AI SDK's retry of the last message (submit-message naming it) reads as that edit.
      await readChunks(await post({ messages: [userText('u1', 'One')], trigger: 'submit-message', messageId: 'u1' }));
      await readChunks(await post({ messages: [userText('u1', 'One')], intent: { type: 'send' } }));
      const again = await get();
      expect(texts(again)).toEqual(['One', 'Answer 4']);
      expect(again.versions).toEqual([{ messageId: again.messages[1]!.id, index: 3, count: 4 }]);
    });

    it('keeps the earlier answer at a Regenerate and the earlier message with its tail at an Edit; GET gives the path with its versions counted', async () => {
      const { post, get, switchTo, prompts } = await setUp(['Answer 1', 'Answer 2', 'Answer 1 again', 'Answer to the edit']);
      await readChunks(await post({ messages: [userText('u1', 'One')], intent: { type: 'send' } }));
      await readChunks(await post({ messages: [userText('u2', 'Two')], intent: { type: 'send' } }));
      const first = await get();
      const a1 = first.messages[1]!.id;
      expect(first.versions).toEqual([]);

      await readChunks(await post({ messages: [], intent: { type: 'regenerate', messageId: a1 } }));
      const regenerated = await get();
      expect(texts(regenerated)).toEqual(['One', 'Answer 1 again']);
      expect(regenerated.versions).toEqual([{ messageId: regenerated.messages[1]!.id, index: 1, count: 2 }]);

      await readChunks(await post({ messages: [userText('u1', 'One, edited')], intent: { type: 'edit', messageId: 'u1' } }));
      const edited = await get();
      expect(texts(edited)).toEqual(['One, edited', 'Answer to the edit']);
      expect(edited.messages[0]!.id).toBe('u1');
      expect(edited.versions).toEqual([{ messageId: 'u1', index: 1, count: 2 }]);
      // The model saw only the active path each time.
      expect(prompts).toHaveLength(4);
      expect(JSON.stringify(prompts[3])).not.toContain('Answer 1');

      // A switch: the earlier version with its whole tail (and its own versions), the model not asked.
      const back = await switchTo('u1', 0);
      expect(back.status).toBe(200);
      const shown = (await back.json()) as ThreadBody;
      expect(texts(shown)).toEqual(['One', 'Answer 1 again']);
      expect(shown.messages[0]!.id).not.toBe('u1');
      expect(shown.versions).toEqual([
        { messageId: shown.messages[0]!.id, index: 0, count: 2 },
        { messageId: shown.messages[1]!.id, index: 1, count: 2 },
      ]);
      const reread = await get();
      expect([reread.messages, reread.versions]).toEqual([shown.messages, shown.versions]);
      await switchTo(shown.messages[1]!.id, 0);
      expect(texts(await get())).toEqual(['One', 'Answer 1', 'Two', 'Answer 2']);
      expect(prompts).toHaveLength(4);

      // A new message goes after the path shown, and the model sees that path only.
      await readChunks(await post({ messages: [userText('u3', 'Three')], intent: { type: 'send' } }));
      expect(JSON.stringify(prompts[4])).toContain('Answer 2');
      expect(JSON.stringify(prompts[4])).not.toContain('edited');
      const after = await get();
      expect(texts(after).slice(0, 5)).toEqual(['One', 'Answer 1', 'Two', 'Answer 2', 'Three']);
      await switchTo('u1', 1);
      expect(texts(await get())).toEqual(['One, edited', 'Answer to the edit']);
    });

    it('refuses a switch to what does not exist, naming it, and changes nothing', async () => {
      const { post, get, switchTo, handler, chatId, prompts } = await setUp(['Answer 1', 'Answer 1 again']);
      await readChunks(await post({ messages: [userText('u1', 'One')], intent: { type: 'send' } }));
      const a1 = (await get()).messages[1]!.id;
      await readChunks(await post({ messages: [], intent: { type: 'regenerate', messageId: a1 } }));
      const before = JSON.stringify(await store().loadThread('alice', chatId));

      // Another chat's message, a made-up one, an index out of range or not a whole number.
      const other = await setUp(['Elsewhere']);
      await readChunks(await other.post({ messages: [userText('o1', 'Other')], intent: { type: 'send' } }));
      const cases: [unknown, unknown, number, RegExp][] = [
        ['o1', 0, 409, /no stored message "o1"/],
        ['nope', 0, 409, /no stored message "nope"/],
        ['__proto__', 0, 409, /no stored message/],
        [a1, 2, 400, /has 2 versions \(0 to 1\); "2" is not one of them/],
        [a1, -1, 400, /"-1" is not one of them/],
        [a1, 0.5, 400, /"0.5" is not one of them/],
        ['u1', 1, 400, /has 1 version \(0 to 0\)/],
        [a1, '1', 400, /Invalid request body/],
        ['', 0, 400, /Invalid request body/],
      ];
      for (const [messageId, index, status, error] of cases) {
        const response = await switchTo(messageId, index);
        expect(response.status, `${String(messageId)} ${String(index)}`).toBe(status);
        expect(((await response.json()) as { error: { message: string } }).error.message).toMatch(error);
      }
      // Messages with a switch, another user, a chat that does not exist.
      const withMessages = await handler(as('alice', 'POST', '/api/chat', { id: chatId, messages: [userText('u9', 'x')], intent: { type: 'switch', messageId: a1, index: 0 } }));
      expect(withMessages.status).toBe(400);
      expect(((await withMessages.json()) as { error: { message: string } }).error.message).toMatch(/a branch switch sends none/);
      expect((await switchTo(a1, 0, 'mallory')).status).toBe(404);
      expect((await handler(as('alice', 'POST', '/api/chat', { id: `${chatId}-none`, messages: [], intent: { type: 'switch', messageId: a1, index: 0 } }))).status).toBe(404);

      expect(JSON.stringify(await store().loadThread('alice', chatId))).toBe(before);
      expect(prompts).toHaveLength(2);
    });

    it('refuses a switch while an answer is in flight (409): the answer ends on the path it answers', async () => {
      const { post, get, switchTo, prompts } = await setUp(['Answer 1', 'Answer 1 again']);
      await readChunks(await post({ messages: [userText('u1', 'One')], intent: { type: 'send' } }));
      const a1 = (await get()).messages[1]!.id;
      const regenerating = await post({ messages: [], intent: { type: 'regenerate', messageId: a1 } });
      const refused = await switchTo('u1', 0);
      expect(refused.status).toBe(409);
      expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(/An answer is in progress/);
      await readChunks(regenerating);
      expect(texts(await get())).toEqual(['One', 'Answer 1 again']);
      expect((await switchTo(a1, 0)).status).toBe(200);
      expect(texts(await get())).toEqual(['One', 'Answer 1']);
      expect(prompts).toHaveLength(2);
    });
    it('takes any switch a client makes up: a version shown with its versions counted, or a 4xx naming what, with nothing changed', async () => {
      const { post, get, switchTo, chatId } = await setUp(['A', 'B', 'C', 'D', 'E']);
      await readChunks(await post({ messages: [userText('u1', 'One')], intent: { type: 'send' } }));
      await readChunks(await post({ messages: [userText('u2', 'Two')], intent: { type: 'send' } }));
      await readChunks(await post({ messages: [], intent: { type: 'regenerate' } }));
      await readChunks(await post({ messages: [userText('u1', 'One, again')], intent: { type: 'edit', messageId: 'u1' } }));
      const other = await setUp(['Elsewhere']);
      await readChunks(await other.post({ messages: [userText('o1', 'Other')], intent: { type: 'send' } }));
      const stored = await store().loadThread('alice', chatId);
      const known = [...stored!.messages.map((message) => message.id), ...(stored!.branches ?? []).flatMap((branch) => branch.messages.map((message) => message.id))];
      const all = [...new Set([...known, 'o1', 'nope', '__proto__', 'constructor', 'toString', ''])];

      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...all),
          fc.oneof(fc.integer({ min: -2, max: 4 }), fc.constantFrom(0.5, 1e9, -0, Number.MAX_SAFE_INTEGER), fc.string({ maxLength: 3 })),
          async (messageId, index) => {
            const before = await store().loadThread('alice', chatId);
            const response = await switchTo(messageId, index);
            const body = (await response.json()) as ThreadBody & { error?: { message: string } };
            if (response.status === 200) {
              // A valid path: each message answers the one before, and the versions counted are the tree's.
              const after = await get();
              expect(after.messages.map((message) => message.id)).toEqual(body.messages.map((message) => message.id));
              // The path goes through the index-th version of the message (the message itself at its own index).
              const shown = after.versions.some((version) => version.index === index) || (index === 0 && after.messages.some((message) => message.id === messageId));
              expect(shown).toBe(true);
              for (const version of after.versions) expect(version.index).toBeLessThan(version.count);
              // Nothing lost: the same messages in the thread, only moved.
              const now = await store().loadThread('alice', chatId);
              const ids = (thread: typeof now) => [...thread!.messages.map((m) => m.id), ...(thread!.branches ?? []).flatMap((b) => b.messages.map((m) => m.id))].sort();
              expect(ids(now)).toEqual(ids(before));
            } else {
              expect([400, 409]).toContain(response.status);
              expect(body.error?.message).toMatch(/Invalid (intent switch|request body)/);
              expect(JSON.stringify(await store().loadThread('alice', chatId))).toBe(JSON.stringify(before));
            }
          },
        ),
        { numRuns: 40 },
      );
    });
  });
}
