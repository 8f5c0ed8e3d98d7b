import type { UIMessage } from 'ai';
import {
  createChatPersistence,
  exportChat,
  exportChatMessages,
  fromCompactMessages,
  importChat,
  InvalidChatRecordError,
  memoryStorage,
  migrate,
} from 'toolchat/core';

const messages: UIMessage[] = [
  { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'weather in Paris' }] },
  {
    id: 'a1',
    role: 'assistant',
    parts: [
      { type: 'step-start' },
      { type: 'tool-getWeather', toolCallId: 'c1', state: 'output-available', input: { city: 'Paris' }, output: { temp: 21 } },
      { type: 'step-start' },
      { type: 'text', text: 'Sunny, 21°C.', state: 'done' },
    ],
  },
];

async function storedRecord() {
  const storage = memoryStorage();
  await createChatPersistence({ storage, chatId: 'c1', now: () => 0 }).save(messages, { immediate: true });
  const record = await storage.load('c1');
  if (!record) throw new Error('not saved');
  return record;
}

describe('exportChat / importChat', () => {
  it('exports the compact form as JSON and imports it back', async () => {
    const record = await storedRecord();
    const json = exportChat(record);
    expect(JSON.parse(json).messages[1]).toMatchObject({ content: 'Sunny, 21°C.', toolRounds: [{ toolCalls: [{ toolName: 'getWeather' }] }] });
    const imported = importChat(json);
    expect(imported).toEqual(record);
    expect(fromCompactMessages(imported.messages)).toEqual(messages);
  });

  it('rejects text that is not JSON', () => {
    expect(() => importChat('{oops')).toThrow(InvalidChatRecordError);
    expect(() => importChat('{oops')).toThrow(/not valid JSON/);
  });

  it('names the field that is wrong', async () => {
    const record = JSON.parse(exportChat(await storedRecord()));
    record.messages[1].toolRounds[0].toolCalls[0].toolName = 42;
    expect(() => importChat(JSON.stringify(record))).toThrow(/messages\[1\]/);
  });

  it('rejects a result for a call the round does not have', async () => {
    const record = JSON.parse(exportChat(await storedRecord()));
    record.messages[1].toolRounds[0].results[0].toolCallId = 'ghost';
    expect(() => importChat(JSON.stringify(record))).toThrow(/no tool call "ghost"/);
  });

  it('refuses a record from a newer version instead of guessing', () => {
    expect(() => importChat(JSON.stringify({ version: 3, chatId: 'c1' }))).toThrow(/version 3, written by a newer toolchat/);
  });

  it('rejects things that are not records at all', () => {
    expect(() => importChat('[1,2]')).toThrow(/must be an object, got an array/);
    expect(() => importChat('null')).toThrow(/must be an object/);
  });
});

describe('migrate', () => {
  it('upgrades an unversioned { messages } record, compacting its messages', () => {
    const record = migrate({ messages }, 'old-chat');
    expect(record).toMatchObject({ version: 2, chatId: 'old-chat', revision: 0, title: 'weather in Paris' });
    expect(record.messages[1]).toHaveProperty('toolRounds');
    expect(fromCompactMessages(record.messages)).toEqual(messages);
  });

  it('needs a chat id for an unversioned record', () => {
    expect(() => migrate({ messages })).toThrow(/no chatId/);
  });
});

describe('exportChatMessages', () => {
  const interrupted: UIMessage[] = [
    messages[0] as UIMessage,
    {
      id: 'a1',
      role: 'assistant',
      parts: [{ type: 'step-start' }, { type: 'tool-getWeather', toolCallId: 'c1', state: 'input-available', input: { city: 'Paris' } }],
    },
  ];

  it('gives the OpenAI messages, with an interrupted call answered by its error', async () => {
    const storage = memoryStorage();
    await createChatPersistence({ storage, chatId: 'c1' }).save(interrupted, { immediate: true });
    const record = await storage.load('c1');
    const openai = exportChatMessages(record as NonNullable<typeof record>, 'openai');
    expect(openai[0]).toEqual({ role: 'user', content: 'weather in Paris' });
    expect(openai[1]).toMatchObject({ role: 'assistant', tool_calls: [{ id: 'c1', function: { name: 'getWeather' } }] });
    expect(openai[2]).toMatchObject({ role: 'tool', tool_call_id: 'c1' });
    expect((openai[2] as { content: string }).content).toContain('interrupted: the page was closed before the tool finished');
  });

  it('gives the Anthropic and Gemini forms too', async () => {
    const record = await storedRecord();
    expect(exportChatMessages(record, 'anthropic').messages.length).toBeGreaterThan(1);
    expect(exportChatMessages(record, 'gemini').contents.length).toBeGreaterThan(1);
  });
});
