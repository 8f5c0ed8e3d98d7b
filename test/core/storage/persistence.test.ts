import type { UIMessage } from 'ai';
import { convertToModelMessages } from 'ai';
import {
  ChatStorageConflictError,
  createChatPersistence,
  INTERRUPTED_TOOL_ERROR,
  interruptedToolCallIds,
  listChats,
  memoryStorage,
  settleInterruptedToolCalls,
} from 'toolchat/core';

const user = (id: string, text: string): UIMessage => ({ id, role: 'user', parts: [{ type: 'text', text }] });
const answer = (id: string, text: string, state: 'streaming' | 'done' = 'done'): UIMessage => ({
  id,
  role: 'assistant',
  parts: [{ type: 'step-start' }, { type: 'text', text, state }],
});

describe('createChatPersistence', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('writes immediately on request and restores the conversation on load', async () => {
    const storage = memoryStorage();
    const first = createChatPersistence({ storage, chatId: 'c1' });
    await first.save([user('u1', 'What is 2+2?')], { immediate: true });
    expect(first.revision).toBe(1);
    await first.save([user('u1', 'What is 2+2?'), answer('a1', '4')], { immediate: true });

    const reloaded = await createChatPersistence({ storage, chatId: 'c1' }).load();
    expect(reloaded).toEqual({
      messages: [user('u1', 'What is 2+2?'), answer('a1', '4')],
      revision: 2,
      title: 'What is 2+2?',
      interruptedToolCallIds: [],
      branches: [],
    });
  });

  it('writes a streaming answer a few times, not once per token, and the last state after flush', async () => {
    vi.useFakeTimers();
    const storage = memoryStorage();
    const save = vi.spyOn(storage, 'save');
    const persistence = createChatPersistence({ storage, chatId: 'c1', throttleMs: 1000 });
    await persistence.save([user('u1', 'tell me a story')], { immediate: true });
    expect(save).toHaveBeenCalledTimes(1);

    let text = '';
    for (let token = 0; token < 300; token++) {
      text += `w${token} `;
      void persistence.save([user('u1', 'tell me a story'), answer('a1', text, 'streaming')]);
      await vi.advanceTimersByTimeAsync(10);
    }
    // 3 seconds of tokens: about one write per second, never one per token.
    expect(save.mock.calls.length).toBeGreaterThanOrEqual(2);
    expect(save.mock.calls.length).toBeLessThanOrEqual(5);

    await persistence.flush();
    const stored = await createChatPersistence({ storage, chatId: 'c1' }).load();
    expect(stored?.messages.at(-1)).toEqual(answer('a1', text, 'streaming'));
  });

  it('resolves a throttled save once its state is written', async () => {
    vi.useFakeTimers();
    const storage = memoryStorage();
    const persistence = createChatPersistence({ storage, chatId: 'c1', throttleMs: 500 });
    await persistence.save([user('u1', 'a')], { immediate: true });
    let written = false;
    void persistence.save([user('u1', 'a'), answer('a1', 'partial', 'streaming')]).then(() => (written = true));
    await vi.advanceTimersByTimeAsync(100);
    expect(written).toBe(false);
    await vi.advanceTimersByTimeAsync(400);
    expect(written).toBe(true);
    expect((await storage.load('c1'))?.revision).toBe(2);
  });

  it('lets an immediate save overtake a pending throttled one', async () => {
    vi.useFakeTimers();
    const storage = memoryStorage();
    const save = vi.spyOn(storage, 'save');
    const persistence = createChatPersistence({ storage, chatId: 'c1', throttleMs: 1000 });
    await persistence.save([user('u1', 'a')], { immediate: true });
    void persistence.save([user('u1', 'a'), answer('a1', 'par', 'streaming')]);
    await persistence.save([user('u1', 'a'), answer('a1', 'partial done')], { immediate: true });
    await vi.advanceTimersByTimeAsync(5000);
    expect(save).toHaveBeenCalledTimes(2);
    expect((await createChatPersistence({ storage, chatId: 'c1' }).load())?.messages.at(-1)).toEqual(answer('a1', 'partial done'));
  });

  it('flushes a pending save on dispose and ignores saves afterwards', async () => {
    vi.useFakeTimers();
    const storage = memoryStorage();
    const persistence = createChatPersistence({ storage, chatId: 'c1' });
    await persistence.save([user('u1', 'a')], { immediate: true });
    void persistence.save([user('u1', 'a'), answer('a1', 'b')]);
    await persistence.dispose();
    expect((await storage.load('c1'))?.revision).toBe(2);
    await persistence.save([user('u1', 'changed')], { immediate: true });
    expect((await storage.load('c1'))?.revision).toBe(2);
  });

  it('keeps two chats on one storage apart', async () => {
    const storage = memoryStorage();
    const weather = createChatPersistence({ storage, chatId: 'weather', now: () => Date.parse('2025-01-01T00:00:00Z') });
    const maths = createChatPersistence({ storage, chatId: 'maths', now: () => Date.parse('2025-01-02T00:00:00Z') });
    await Promise.all([
      weather.save([user('u1', 'weather in Paris')], { immediate: true }),
      maths.save([user('u1', 'what is 2+2')], { immediate: true }),
    ]);
    await Promise.all([
      weather.save([user('u1', 'weather in Paris'), answer('a1', 'sunny')], { immediate: true }),
      maths.save([user('u1', 'what is 2+2'), answer('a1', '4')], { immediate: true }),
    ]);
    expect((await weather.load())?.messages.at(-1)).toEqual(answer('a1', 'sunny'));
    expect((await maths.load())?.messages.at(-1)).toEqual(answer('a1', '4'));
    expect(await listChats(storage)).toEqual([
      { chatId: 'maths', title: 'what is 2+2', updatedAt: '2025-01-02T00:00:00.000Z' },
      { chatId: 'weather', title: 'weather in Paris', updatedAt: '2025-01-01T00:00:00.000Z' },
    ]);
  });

  it('does not let a second tab overwrite the newer messages of the first: it reports a conflict', async () => {
    const storage = memoryStorage();
    const tabA = createChatPersistence({ storage, chatId: 'c1' });
    const onError = vi.fn();
    const tabB = createChatPersistence({ storage, chatId: 'c1', onError });
    await tabA.save([user('u1', 'hi')], { immediate: true });
    await tabB.load();
    await tabA.save([user('u1', 'hi'), answer('a1', 'hello from A')], { immediate: true });

    await tabB.save([user('u1', 'hi'), answer('a1', 'stale B')], { immediate: true });
    await tabB.save([user('u1', 'hi'), answer('a1', 'stale B again')], { immediate: true });
    expect(onError).toHaveBeenCalledTimes(1); // the same conflict is reported once
    const conflict = onError.mock.calls[0]?.[0] as ChatStorageConflictError;
    expect(conflict).toBeInstanceOf(ChatStorageConflictError);
    expect(conflict.expectedRevision).toBe(1);
    expect(conflict.record?.revision).toBe(2);
    expect((await storage.load('c1'))?.revision).toBe(2);
    expect((await tabA.load())?.messages.at(-1)).toEqual(answer('a1', 'hello from A'));

    // The caller decides: reload and go on, or overwrite on purpose.
    await tabB.load();
    await tabB.save([user('u1', 'hi'), answer('a1', 'hello from A'), user('u2', 'B continues')], { immediate: true });
    expect((await storage.load('c1'))?.revision).toBe(3);
    await tabA.save([user('u1', 'A overwrites')], { immediate: true, force: true });
    expect((await storage.load('c1'))?.revision).toBe(4);
  });

  it('reports a conflict when a new chat id is already taken, instead of overwriting it', async () => {
    const storage = memoryStorage();
    await createChatPersistence({ storage, chatId: 'c1' }).save([user('u1', 'first')], { immediate: true });
    const onError = vi.fn();
    await createChatPersistence({ storage, chatId: 'c1', onError }).save([user('u1', 'second')], { immediate: true });
    expect(onError.mock.calls[0]?.[0]).toBeInstanceOf(ChatStorageConflictError);
    expect((await storage.load('c1'))?.title).toBe('first');
  });

  it('removes the chat', async () => {
    const storage = memoryStorage();
    const persistence = createChatPersistence({ storage, chatId: 'c1' });
    await persistence.save([user('u1', 'x')], { immediate: true });
    await persistence.remove();
    expect(await storage.load('c1')).toBeUndefined();
    await persistence.save([user('u1', 'y')], { immediate: true });
    expect((await storage.load('c1'))?.revision).toBe(1);
  });
});

describe('given a reload in the middle of a tool round', () => {
  const midRound: UIMessage[] = [
    user('u1', 'weather in Paris and delete /tmp/x'),
    {
      id: 'a1',
      role: 'assistant',
      parts: [
        { type: 'step-start' },
        { type: 'text', text: 'Let me look.', state: 'done' },
        { type: 'tool-getTime', toolCallId: 't0', state: 'output-available', input: { zone: 'Paris' }, output: '10:00' },
        { type: 'step-start' },
        { type: 'tool-getWeather', toolCallId: 't1', state: 'input-available', input: { city: 'Paris' } },
        { type: 'tool-deleteFile', toolCallId: 't2', state: 'approval-requested', input: { path: '/tmp/x' }, approval: { id: 'ap1' } },
      ],
    },
  ];

  it('restores messages, tool cards and the round count; the running call is interrupted, the approval still awaited', async () => {
    const storage = memoryStorage();
    await createChatPersistence({ storage, chatId: 'c1' }).save(midRound, { immediate: true });

    const loaded = await createChatPersistence({ storage, chatId: 'c1' }).load();
    expect(loaded?.messages).toEqual(midRound);
    const rounds = loaded?.messages.at(-1)?.parts.filter((part) => part.type === 'step-start').length;
    expect(rounds).toBe(2);
    expect(loaded?.interruptedToolCallIds).toEqual(['t1']);
    expect(loaded?.messages.at(-1)?.parts.at(-1)).toMatchObject({ state: 'approval-requested', approval: { id: 'ap1' } });
  });

  it('continues with the interrupted call as an error result every provider accepts', async () => {
    const storage = memoryStorage();
    await createChatPersistence({ storage, chatId: 'c1' }).save(midRound, { immediate: true });
    const loaded = await createChatPersistence({ storage, chatId: 'c1' }).load();
    const settled = settleInterruptedToolCalls(loaded?.messages ?? []);

    expect(settled[0]).toBe(loaded?.messages[0]);
    expect(settled.at(-1)?.parts[4]).toEqual({
      type: 'tool-getWeather',
      toolCallId: 't1',
      state: 'output-error',
      input: { city: 'Paris' },
      errorText: INTERRUPTED_TOOL_ERROR,
    });
    expect(interruptedToolCallIds(settled)).toEqual([]);

    // Once the user answers the approval (denied here), every call has a result for the model.
    const answered = settled.map((message): UIMessage => ({
      ...message,
      parts: message.parts.map((part) =>
        part.type === 'tool-deleteFile'
          ? ({ ...part, state: 'output-denied', approval: { id: 'ap1', approved: false } } as UIMessage['parts'][number])
          : part,
      ),
    }));
    const modelMessages = await convertToModelMessages(answered);
    const results = modelMessages.flatMap((message) =>
      message.role === 'tool' ? message.content.flatMap((part) => (part.type === 'tool-result' ? [part] : [])) : [],
    );
    expect(results.find((result) => result.toolCallId === 't1')?.output).toEqual({ type: 'error-text', value: INTERRUPTED_TOOL_ERROR });
    expect(results.map((result) => result.toolCallId).sort()).toEqual(['t0', 't1', 't2']);
  });

  it('marks an approved call that was running as interrupted, and leaves a denied answer alone', () => {
    const messages: UIMessage[] = [
      {
        id: 'a1',
        role: 'assistant',
        parts: [
          { type: 'step-start' },
          { type: 'dynamic-tool', toolName: 'rm', toolCallId: 'x1', state: 'approval-responded', input: {}, approval: { id: 'p1', approved: true } },
          { type: 'dynamic-tool', toolName: 'rm', toolCallId: 'x2', state: 'approval-responded', input: {}, approval: { id: 'p2', approved: false } },
          { type: 'tool-search', toolCallId: 'x3', state: 'input-streaming', input: { q: 'pa' } },
        ],
      },
    ];
    expect(interruptedToolCallIds(messages)).toEqual(['x1', 'x3']);
    const parts = settleInterruptedToolCalls(messages)[0]?.parts;
    expect(parts?.[1]).toMatchObject({ state: 'output-error', approval: { id: 'p1', approved: true }, errorText: INTERRUPTED_TOOL_ERROR });
    expect(parts?.[2]).toBe(messages[0]?.parts[2]);
    expect(parts?.[3]).toMatchObject({ state: 'output-error', input: { q: 'pa' } });
  });
});
