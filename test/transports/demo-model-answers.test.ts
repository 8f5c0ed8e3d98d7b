import type { LanguageModelV4CallOptions, LanguageModelV4Message, LanguageModelV4ToolResultOutput } from '@ai-sdk/provider';
import { convertReadableStreamToArray } from 'ai/test';
import fc from 'fast-check';
import { createDemoModel } from '../../src/core/model/demo/model';

const ALL_TOOLS = ['getWeather', 'getTime', 'calculate', 'convertTemperature', 'deleteFile', 'slowSearch'];

const user = (text: string): LanguageModelV4Message => ({ role: 'user', content: [{ type: 'text', text }] });
const assistantText = (text: string): LanguageModelV4Message => ({ role: 'assistant', content: [{ type: 'text', text }] });
const calls = (...list: Array<[id: string, toolName: string, input: unknown]>): LanguageModelV4Message => ({
  role: 'assistant',
  content: list.map(([toolCallId, toolName, input]) => ({ type: 'tool-call', toolCallId, toolName, input })),
});
const results = (...list: Array<[id: string, toolName: string, output: LanguageModelV4ToolResultOutput]>): LanguageModelV4Message => ({
  role: 'tool',
  content: list.map(([toolCallId, toolName, output]) => ({ type: 'tool-result', toolCallId, toolName, output })),
});
const json = (value: unknown): LanguageModelV4ToolResultOutput => ({ type: 'json', value: value as never });

async function ask(prompt: LanguageModelV4Message[], tools: string[] = ALL_TOOLS) {
  const options: LanguageModelV4CallOptions = {
    prompt,
    tools: tools.map((name) => ({ type: 'function', name, inputSchema: { type: 'object' } })),
  };
  const { stream } = await createDemoModel().doStream(options);
  const parts = await convertReadableStreamToArray(stream);
  let text = '';
  let finishReason: string | undefined;
  const toolCalls: string[] = [];
  for (const part of parts) {
    if (part.type === 'text-delta') text += part.delta;
    if (part.type === 'tool-call') toolCalls.push(part.toolName);
    if (part.type === 'finish') finishReason = part.finishReason.unified;
  }
  return { text, finishReason, toolCalls };
}

const words = (text: string) => text.match(/\S+/g) ?? [];

describe('given "Tell me a long story"', () => {
  it('stops at its output limit of 50 words with finishReason "length"', async () => {
    const result = await ask([user('Tell me a long story')]);
    expect(result.finishReason).toBe('length');
    expect(result.toolCalls).toEqual([]);
    expect(words(result.text)).toHaveLength(50);
    expect(result.text).toMatch(/^Once upon a time, a small chat model lived in a browser tab\./);
  });

  it('goes on from where the text ended when the user says "Continue", and finishes', async () => {
    const first = await ask([user('Tell me a long story')]);
    const second = await ask([user('Tell me a long story'), assistantText(first.text), user('Continue')]);
    expect(second.finishReason).toBe('stop');
    expect(second.text).toMatch(/^ \S/);
    expect(`${first.text}${second.text}`).toMatch(/^Once upon a time, .* and it ended happily\.$/);
    expect(words(`${first.text}${second.text}`)).toHaveLength(92);
  });

  it('goes on from wherever Stop cut it, over as many turns as it takes', async () => {
    const stoppedAt = 'Once upon a time, a small chat';
    const second = await ask([user('Tell me a long story'), assistantText(stoppedAt), user('continue please')]);
    expect(second.finishReason).toBe('length');
    expect(second.text).toMatch(/^ model lived in a browser tab\./);
    const third = await ask([
      user('Tell me a long story'),
      assistantText(stoppedAt),
      user('Continue'),
      assistantText(second.text),
      user('Go on.'),
    ]);
    expect(third.finishReason).toBe('stop');
    expect(`${stoppedAt}${second.text}${third.text}`).toMatch(/and it ended happily\.$/);
  });

  it('says the story is over when it was told to the end', async () => {
    const first = await ask([user('Tell me a long story')]);
    const prompt = [user('Tell me a long story'), assistantText(first.text), user('Continue')];
    const second = await ask(prompt);
    const third = await ask([...prompt, assistantText(second.text), user('Continue')]);
    expect(third).toMatchObject({ text: 'That was the whole story: it ended happily.', finishReason: 'stop' });
  });
});

describe('given "Continue" after an answer that did not finish', () => {
  it('takes up the request before it again: the tools it needs are called anew', async () => {
    const result = await ask([user("What's the weather in Paris?"), assistantText('Let me'), user('Continue')]);
    expect(result.toolCalls).toEqual(['getWeather']);
  });

  it('reads "Continue" as a request of its own when nothing came before it', async () => {
    const result = await ask([user('Continue')]);
    expect(result.toolCalls).toEqual([]);
    expect(result.text).toMatch(/^Hi! I'm the toolchat demo model/);
  });
});

describe('the forced final answer (tools disabled at the round limit)', () => {
  const loop = (outputs: Array<[toolName: string, input: unknown, output: unknown]>): LanguageModelV4Message[] => [
    user('Keep calling tools'),
    ...outputs.flatMap(([toolName, input, output], index) => [
      calls([`call_${index + 1}`, toolName, input]),
      results([`call_${index + 1}`, toolName, json(output)]),
    ]),
  ];

  it('says in words how far it got, from the last result', async () => {
    const result = await ask(
      loop([
        ['getTime', { city: 'Tokyo' }, { city: 'Tokyo', time: '09:00', date: '2026-05-01', timeZone: 'Asia/Tokyo' }],
        ['getTime', { city: 'Paris' }, { city: 'Paris', time: '02:00', date: '2026-05-01', timeZone: 'Europe/Paris' }],
      ]),
      [],
    );
    expect(result).toEqual({
      text: "I called getTime 2 times and now have to stop: no more tools for this answer. The last result: it's 02:00 in Paris (Europe/Paris).",
      finishReason: 'stop',
      toolCalls: [],
    });
  });

  it('reads out an unknown tool’s output in words, never as JSON', async () => {
    const output = { pong: true, server: { region: 'eu', load: 0.4 }, seen: ['a', 'b', 'c', 'd'] };
    const result = await ask(loop([['ping', {}, output]]), []);
    expect(result.text).toBe(
      'I called ping once and now have to stop: no more tools for this answer. ' +
        'The last result: ping returned pong: true, server (region: eu, load: 0.4), seen: 4 items.',
    );
  });

  it('never dumps JSON, whatever object the last tool returned', async () => {
    const scalar = fc.oneof(fc.integer(), fc.boolean(), fc.stringMatching(/^[a-z ]{0,12}$/));
    const value = fc.dictionary(fc.stringMatching(/^[a-z][a-zA-Z]{0,8}$/), fc.oneof(scalar, fc.array(scalar), fc.dictionary(fc.stringMatching(/^[a-z]{1,6}$/), scalar)), {
      minKeys: 1,
    });
    await fc.assert(
      fc.asyncProperty(value, async (output) => {
        const result = await ask(loop([['ping', {}, output]]), []);
        expect(result.finishReason).toBe('stop');
        expect(result.text).not.toMatch(/[{}"[\]]/);
      }),
      { numRuns: 50 },
    );
  });
});
