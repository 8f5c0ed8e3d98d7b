import type {
  LanguageModelV4,
  LanguageModelV4CallOptions,
  LanguageModelV4Message,
  LanguageModelV4StreamPart,
  LanguageModelV4ToolResultOutput,
} from '@ai-sdk/provider';
import { dynamicTool, jsonSchema, stepCountIs, streamText, tool, type ToolSet as AIToolSet } from 'ai';
import { convertReadableStreamToArray } from 'ai/test';
import fc from 'fast-check';
import { createDemoModel } from '../../src/core/model/demo/model';
import { demoTools } from '../../src/transports/demo/tools';

const ALL_TOOLS = ['getWeather', 'getTime', 'calculate', 'convertTemperature', 'deleteFile', 'slowSearch'];

const user = (text: string): LanguageModelV4Message => ({ role: 'user', content: [{ type: 'text', text }] });
const assistantText = (text: string): LanguageModelV4Message => ({ role: 'assistant', content: [{ type: 'text', text }] });
const system = (content: string): LanguageModelV4Message => ({ role: 'system', content });
const calls = (...list: Array<[id: string, toolName: string, input: unknown]>): LanguageModelV4Message => ({
  role: 'assistant',
  content: list.map(([toolCallId, toolName, input]) => ({ type: 'tool-call', toolCallId, toolName, input })),
});
const results = (
  ...list: Array<[id: string, toolName: string, output: LanguageModelV4ToolResultOutput]>
): LanguageModelV4Message => ({
  role: 'tool',
  content: list.map(([toolCallId, toolName, output]) => ({ type: 'tool-result', toolCallId, toolName, output })),
});
const json = (value: unknown): LanguageModelV4ToolResultOutput => ({ type: 'json', value: value as never });

function callOptions(prompt: LanguageModelV4Message[], tools?: string[]): LanguageModelV4CallOptions {
  return {
    prompt,
    ...(tools === undefined
      ? {}
      : { tools: tools.map((name) => ({ type: 'function' as const, name, inputSchema: { type: 'object' as const } })) }),
  };
}

interface Turn {
  parts: LanguageModelV4StreamPart[];
  text: string;
  reasoning: string;
  toolCalls: Array<{ toolCallId: string; toolName: string; input: unknown }>;
  finishReason: string | undefined;
}

async function turn(model: LanguageModelV4, options: LanguageModelV4CallOptions): Promise<Turn> {
  const { stream } = await model.doStream(options);
  const parts = await convertReadableStreamToArray(stream);
  let text = '';
  let reasoning = '';
  const toolCalls: Turn['toolCalls'] = [];
  let finishReason: string | undefined;
  for (const part of parts) {
    if (part.type === 'text-delta') text += part.delta;
    if (part.type === 'reasoning-delta') reasoning += part.delta;
    if (part.type === 'tool-call') toolCalls.push({ toolCallId: part.toolCallId, toolName: part.toolName, input: JSON.parse(part.input) });
    if (part.type === 'finish') finishReason = part.finishReason.unified;
  }
  return { parts, text, reasoning, toolCalls, finishReason };
}

/** One turn of the default model; `tools` are the function tools offered (all demo tools unless said). */
const ask = (prompt: LanguageModelV4Message[], tools: string[] | 'none' = ALL_TOOLS) =>
  turn(createDemoModel(), callOptions(prompt, tools === 'none' ? undefined : tools));

describe('createDemoModel', () => {
  it('is a v4 language model of the toolchat-demo provider', () => {
    const model = createDemoModel({ modelId: 'demo-1' });
    expect(model).toMatchObject({ specificationVersion: 'v4', provider: 'toolchat-demo', modelId: 'demo-1' });
    expect(createDemoModel().modelId).toBe('toolchat-demo');
  });

  it('refuses a negative or non-finite delay', () => {
    expect(() => createDemoModel({ delayMs: -1 })).toThrow(/delayMs/);
    expect(() => createDemoModel({ delayMs: Number.NaN })).toThrow(/delayMs/);
  });

  it('streams stream-start and response-metadata first, words in small text deltas, and finish last', async () => {
    const { parts } = await ask([user('hello')]);
    expect(parts[0]).toEqual({ type: 'stream-start', warnings: [] });
    expect(parts[1]).toMatchObject({ type: 'response-metadata', modelId: 'toolchat-demo' });
    const deltas = parts.flatMap((part) => (part.type === 'text-delta' ? [part.delta] : []));
    expect(deltas.length).toBeGreaterThan(10);
    for (const delta of deltas) expect(delta.trim()).not.toMatch(/\s/);
    expect(parts.at(-1)).toMatchObject({ type: 'finish', finishReason: { unified: 'stop' } });
  });

  it('reports usage as word counts of the prompt and of its output', async () => {
    const { parts } = await ask([user('What is the weather in Paris?')]);
    const finish = parts.at(-1);
    if (finish?.type !== 'finish') throw new Error('no finish part');
    expect(finish.usage.inputTokens.total).toBe(6);
    expect(finish.usage.outputTokens.total).toBeGreaterThan(0);
  });
});

describe('given "What\'s the weather in Paris?"', () => {
  it('calls getWeather for Paris with id call_1 and finishes with tool-calls', async () => {
    const result = await ask([user("What's the weather in Paris?")]);
    expect(result.toolCalls).toEqual([{ toolCallId: 'call_1', toolName: 'getWeather', input: { city: 'Paris' } }]);
    expect(result.finishReason).toBe('tool-calls');
  });

  it('matches forgivingly: case, spacing, no question mark', async () => {
    const result = await ask([user('  weather IN paris  ')]);
    expect(result.toolCalls).toEqual([{ toolCallId: 'call_1', toolName: 'getWeather', input: { city: 'Paris' } }]);
  });

  it('answers from the result it gets, not from its own table', async () => {
    const prompt = [user("What's the weather in Paris?"), calls(['call_1', 'getWeather', { city: 'Paris' }])];
    const sunny = await ask([...prompt, results(['call_1', 'getWeather', json({ city: 'Paris', tempC: 21, conditions: 'sunny' })])]);
    expect(sunny.text).toBe("It's 21°C and sunny in Paris.");
    expect(sunny.toolCalls).toEqual([]);
    expect(sunny.finishReason).toBe('stop');
    const rainy = await ask([...prompt, results(['call_1', 'getWeather', json({ city: 'Paris', tempC: 5, conditions: 'rain' })])]);
    expect(rainy.text).toBe("It's 5°C and rain in Paris.");
  });

  it('numbers new calls after every tool call already in the conversation', async () => {
    const result = await ask([
      user('What is 2+2 and the time in Tokyo?'),
      calls(['call_1', 'calculate', { expression: '2+2' }], ['call_2', 'getTime', { city: 'Tokyo' }]),
      results(['call_1', 'calculate', json({ result: 4 })], ['call_2', 'getTime', json({ time: '09:00' })]),
      assistantText('2+2 = 4.'),
      user("What's the weather in Paris?"),
    ]);
    expect(result.toolCalls).toEqual([{ toolCallId: 'call_3', toolName: 'getWeather', input: { city: 'Paris' } }]);
  });
});

describe('given two questions in one message', () => {
  it('calls calculate and getTime in one turn, then answers from both results', async () => {
    const first = await ask([user('What is 2+2 and the time in Tokyo?')]);
    expect(first.toolCalls).toEqual([
      { toolCallId: 'call_1', toolName: 'calculate', input: { expression: '2+2' } },
      { toolCallId: 'call_2', toolName: 'getTime', input: { city: 'Tokyo' } },
    ]);
    const answer = await ask([
      user('What is 2+2 and the time in Tokyo?'),
      calls(['call_1', 'calculate', { expression: '2+2' }], ['call_2', 'getTime', { city: 'Tokyo' }]),
      results(
        ['call_1', 'calculate', json({ expression: '2+2', result: 4 })],
        ['call_2', 'getTime', json({ city: 'Tokyo', time: '21:30', timeZone: 'Asia/Tokyo' })],
      ),
    ]);
    expect(answer.text).toBe("2+2 = 4. It's 21:30 in Tokyo (Asia/Tokyo).");
  });

  it('calls getWeather and getTime in one turn for "weather in Paris and the time in Tokyo"', async () => {
    const result = await ask([user('weather in Paris and the time in Tokyo')]);
    expect(result.toolCalls).toEqual([
      { toolCallId: 'call_1', toolName: 'getWeather', input: { city: 'Paris' } },
      { toolCallId: 'call_2', toolName: 'getTime', input: { city: 'Tokyo' } },
    ]);
  });
});

describe('given one question about several cities', () => {
  it('calls getWeather once per city in one turn for "weather in Tokyo and London", then answers from both', async () => {
    const question = user("What's the weather in Tokyo and London?");
    const first = await ask([question]);
    expect(first.toolCalls).toEqual([
      { toolCallId: 'call_1', toolName: 'getWeather', input: { city: 'Tokyo' } },
      { toolCallId: 'call_2', toolName: 'getWeather', input: { city: 'London' } },
    ]);
    expect(first.text).toBe('Let me check the weather in Tokyo and London.');
    expect(first.finishReason).toBe('tool-calls');

    const answer = await ask([
      question,
      calls(['call_1', 'getWeather', { city: 'Tokyo' }], ['call_2', 'getWeather', { city: 'London' }]),
      results(
        ['call_1', 'getWeather', json({ city: 'Tokyo', tempC: 18, conditions: 'cloudy' })],
        ['call_2', 'getWeather', json({ city: 'London', tempC: 14, conditions: 'rain' })],
      ),
    ]);
    expect(answer.text).toBe("It's 18°C and cloudy in Tokyo. It's 14°C and rain in London.");
    expect(answer.toolCalls).toEqual([]);
  });

  it.each([
    ['weather in Paris, Berlin and Sydney', [['getWeather', 'Paris'], ['getWeather', 'Berlin'], ['getWeather', 'Sydney']]],
    ['What is the weather in Tokyo and the time in London?', [['getWeather', 'Tokyo'], ['getTime', 'London']]],
    ['the time in Paris and London, please', [['getTime', 'Paris'], ['getTime', 'London']]],
    ['weather and time in Tokyo and London', [['getWeather', 'Tokyo'], ['getTime', 'Tokyo'], ['getWeather', 'London'], ['getTime', 'London']]],
    ['forecast for New York, in San Francisco', [['getWeather', 'New York'], ['getWeather', 'San Francisco']]],
    ['weather in Paris and Paris', [['getWeather', 'Paris']]],
    ['weather in Paris and thanks!', [['getWeather', 'Paris']]],
    ['weather in Paris and what is 3*4', [['getWeather', 'Paris'], ['calculate', '3*4']]],
  ])('"%s" → one call per city and question, all in one turn', async (question, expected) => {
    const result = await ask([user(question)]);
    expect(result.toolCalls.map(({ toolName, input }) => [toolName, Object.values(input as object)[0]])).toEqual(expected);
    expect(result.toolCalls.map((call) => call.toolCallId)).toEqual(expected.map((_, index) => `call_${index + 1}`));
  });

  it('calls getWeather for each city of any list of known cities, however the list is written', async () => {
    const known = ['Paris', 'London', 'Tokyo', 'New York', 'Berlin', 'Sydney', 'Reykjavik', 'San Francisco'];
    await fc.assert(
      fc.asyncProperty(
        fc.shuffledSubarray(known, { minLength: 1, maxLength: 5 }),
        fc.constantFrom("What's the weather in", 'weather in', 'Weather for', 'How warm is it in'),
        fc.constantFrom(', ', ' and ', ', and '),
        fc.constantFrom('', '?', ' today', ' please', '!'),
        fc.boolean(),
        async (cities, lead, separator, end, lower) => {
          const list = cities.length === 1 ? cities[0] : `${cities.slice(0, -1).join(separator)} and ${cities.at(-1)}`;
          const text = `${lead} ${list}${end}`;
          const result = await ask([user(lower ? text.toLowerCase() : text)]);
          expect(result.toolCalls.map((call) => call.input)).toEqual(cities.map((city) => ({ city })));
          expect(result.toolCalls.every((call) => call.toolName === 'getWeather')).toBe(true);
        },
      ),
    );
  });

  it('chains one conversion per city when asked in Fahrenheit', async () => {
    const question = user('weather in Paris and Tokyo in Fahrenheit');
    const first = await ask([question]);
    expect(first.toolCalls.map((call) => call.input)).toEqual([{ city: 'Paris' }, { city: 'Tokyo' }]);
    const second = await ask([
      question,
      calls(['call_1', 'getWeather', { city: 'Paris' }], ['call_2', 'getWeather', { city: 'Tokyo' }]),
      results(
        ['call_1', 'getWeather', json({ city: 'Paris', tempC: 21, conditions: 'sunny' })],
        ['call_2', 'getWeather', json({ city: 'Tokyo', tempC: 18, conditions: 'cloudy' })],
      ),
    ]);
    expect(second.toolCalls).toEqual([
      { toolCallId: 'call_3', toolName: 'convertTemperature', input: { celsius: 21, to: 'fahrenheit' } },
      { toolCallId: 'call_4', toolName: 'convertTemperature', input: { celsius: 18, to: 'fahrenheit' } },
    ]);
  });
});

describe('given "What\'s the weather in Paris in Fahrenheit?"', () => {
  const question = user("What's the weather in Paris in Fahrenheit?");

  it('chains two rounds: getWeather, then convertTemperature on the °C it got, then answers', async () => {
    const round1 = await ask([question]);
    expect(round1.toolCalls).toEqual([{ toolCallId: 'call_1', toolName: 'getWeather', input: { city: 'Paris' } }]);

    const afterWeather = [
      question,
      calls(['call_1', 'getWeather', { city: 'Paris' }]),
      results(['call_1', 'getWeather', json({ city: 'Paris', tempC: 5, conditions: 'rain' })]),
    ];
    const round2 = await ask(afterWeather);
    expect(round2.toolCalls).toEqual([
      { toolCallId: 'call_2', toolName: 'convertTemperature', input: { celsius: 5, to: 'fahrenheit' } },
    ]);
    expect(round2.finishReason).toBe('tool-calls');

    const round3 = await ask([
      ...afterWeather,
      calls(['call_2', 'convertTemperature', { celsius: 5, to: 'fahrenheit' }]),
      results(['call_2', 'convertTemperature', json({ celsius: 5, to: 'fahrenheit', value: 41, unit: '°F' })]),
    ]);
    expect(round3.text).toBe("It's 41°F (5°C) and rain in Paris.");
    expect(round3.toolCalls).toEqual([]);
  });

  it('answers in °C when convertTemperature is not offered', async () => {
    const result = await ask(
      [question, calls(['call_1', 'getWeather', { city: 'Paris' }]), results(['call_1', 'getWeather', json({ tempC: 21, conditions: 'sunny' })])],
      ['getWeather'],
    );
    expect(result.toolCalls).toEqual([]);
    expect(result.text).toMatch(/^It's 21°C and sunny in Paris \(I couldn't convert it to Fahrenheit\)\.$/);
  });
});

describe('given a failing tool', () => {
  it('answers with the error text of the weather tool', async () => {
    const result = await ask([
      user("What's the weather in Atlantis?"),
      calls(['call_1', 'getWeather', { city: 'Atlantis' }]),
      results(['call_1', 'getWeather', { type: 'error-text', value: 'Unknown city: Atlantis' }]),
    ]);
    expect(result.text).toBe("Sorry, I couldn't get the weather in Atlantis: Unknown city: Atlantis.");
    expect(result.finishReason).toBe('stop');
  });

  it('answers with the text of a result for a tool it did not ask for', async () => {
    const result = await ask([
      user("What's the weather in Paris?"),
      calls(['call_1', 'getWeathr', { city: 'Paris' }]),
      results(['call_1', 'getWeathr', { type: 'error-text', value: 'Tool "getWeathr" is not available' }]),
    ]);
    expect(result.text).toContain('Tool "getWeathr" is not available');
    expect(result.toolCalls).toEqual([]);
  });
});

describe('given "Delete the file report.pdf"', () => {
  const question = user('Delete the file report.pdf');
  const call = calls(['call_1', 'deleteFile', { path: 'report.pdf' }]);

  it('calls deleteFile with the path', async () => {
    const result = await ask([question]);
    expect(result.toolCalls).toEqual([{ toolCallId: 'call_1', toolName: 'deleteFile', input: { path: 'report.pdf' } }]);
  });

  it('does not delete when denied', async () => {
    const result = await ask([question, call, results(['call_1', 'deleteFile', { type: 'execution-denied' }])]);
    expect(result.text).toBe("OK, I won't delete report.pdf.");
    const withReason = await ask([
      question,
      call,
      results(['call_1', 'deleteFile', { type: 'execution-denied', reason: 'it is the only copy' }]),
    ]);
    expect(withReason.text).toBe("OK, I won't delete report.pdf (it is the only copy).");
  });

  it("answers a denial in plain words, never quoting the loop's message back", async () => {
    for (const output of [
      { type: 'error-text', value: 'The user denied running tool "deleteFile"' },
      { type: 'execution-denied', reason: 'The user denied running tool "deleteFile"' },
    ] as const) {
      const result = await ask([question, call, results(['call_1', 'deleteFile', output])]);
      expect(result.text).toBe("OK, I won't delete report.pdf.");
    }
    const withReason = await ask([question, call, results(['call_1', 'deleteFile', { type: 'error-text', value: 'The user denied running tool "deleteFile": keep it' }])]);
    expect(withReason.text).toBe("OK, I won't delete report.pdf (keep it).");
  });

  it('confirms from the result when approved', async () => {
    const result = await ask([question, call, results(['call_1', 'deleteFile', json({ deleted: 'report.pdf' })])]);
    expect(result.text).toBe('Done: I deleted report.pdf.');
  });
});

describe('given "Search slowly for …"', () => {
  it('calls slowSearch with the query, then lists the titles it found', async () => {
    const first = await ask([user('Search slowly for red pandas.')]);
    expect(first.toolCalls).toEqual([{ toolCallId: 'call_1', toolName: 'slowSearch', input: { query: 'red pandas' } }]);
    const answer = await ask([
      user('Search slowly for red pandas.'),
      calls(['call_1', 'slowSearch', { query: 'red pandas' }]),
      results(['call_1', 'slowSearch', json({ results: [{ title: 'A' }, { title: 'B' }] })]),
    ]);
    expect(answer.text).toBe('I found 2 results for "red pandas": A; B.');
  });
});

describe('given "Keep calling tools"', () => {
  it('calls a tool every round while tools are offered, and answers in text once they are not', async () => {
    const prompt: LanguageModelV4Message[] = [user('Keep calling tools')];
    for (let round = 1; round <= 8; round++) {
      const result = await ask(prompt);
      expect(result.finishReason).toBe('tool-calls');
      expect(result.toolCalls).toHaveLength(1);
      const [toolCall] = result.toolCalls;
      expect(toolCall).toMatchObject({ toolCallId: `call_${round}`, toolName: 'getTime' });
      prompt.push(
        calls([`call_${round}`, 'getTime', toolCall?.input]),
        results([`call_${round}`, 'getTime', json({ time: `10:0${round}` })]),
      );
    }
    const final = await ask(prompt, []);
    expect(final.toolCalls).toEqual([]);
    expect(final.finishReason).toBe('stop');
    expect(final.text).toContain('8 times');
    expect(final.text).toContain('10:08');
  });

  it('calls ping when that is the tool on offer', async () => {
    const result = await ask([user('loop forever')], ['ping']);
    expect(result.toolCalls).toEqual([{ toolCallId: 'call_1', toolName: 'ping', input: {} }]);
  });
});

describe('given tools that are not offered', () => {
  it.each([
    ['no tools at all', 'none' as const],
    ['an empty tool list (the forced final round)', []],
    ['other tools only', ['calculate']],
  ])('answers in text with %s', async (_, tools) => {
    const result = await ask([user("What's the weather in Paris?")], tools);
    expect(result.toolCalls).toEqual([]);
    expect(result.finishReason).toBe('stop');
    expect(result.text).toMatch(/getWeather tool isn't available/);
  });

  it('answers in text when toolChoice is none', async () => {
    const options = { ...callOptions([user('Delete the file report.pdf')], ALL_TOOLS), toolChoice: { type: 'none' as const } };
    const result = await turn(createDemoModel(), options);
    expect(result.toolCalls).toEqual([]);
    expect(result.text).toMatch(/deleteFile/);
  });
});

describe('given anything else', () => {
  it('answers in friendly text that lists what it can do, without calling a tool', async () => {
    const result = await ask([user('Hello there!')]);
    expect(result.toolCalls).toEqual([]);
    expect(result.text).toMatch(/weather in Paris/);
    expect(result.text).toMatch(/Delete the file report\.pdf/);
  });
});

describe('given a request to think', () => {
  it('streams its reasoning before the text and the tool call', async () => {
    const result = await ask([user("Think: what's the weather in Paris?")]);
    const types = result.parts.map((part) => part.type);
    expect(types.indexOf('reasoning-start')).toBeLessThan(types.indexOf('reasoning-end'));
    expect(types.indexOf('reasoning-end')).toBeLessThan(types.indexOf('text-start'));
    expect(result.reasoning).toContain('getWeather({"city":"Paris"})');
    expect(result.toolCalls).toHaveLength(1);
  });

  it('does not reason when not asked to', async () => {
    const result = await ask([user("What's the weather in Paris?")]);
    expect(result.parts.some((part) => part.type.startsWith('reasoning'))).toBe(false);
  });
});

describe('doGenerate', () => {
  it('returns the same content as doStream, not streamed', async () => {
    const model = createDemoModel();
    const options = callOptions([user('Think about 2+2 and the weather in Paris')], ALL_TOOLS);
    const generated = await model.doGenerate(options);
    const streamed = await turn(model, options);
    expect(generated.content).toEqual([
      { type: 'reasoning', text: streamed.reasoning },
      { type: 'text', text: streamed.text },
      ...streamed.toolCalls.map((call) => ({ type: 'tool-call', ...call, input: JSON.stringify(call.input) })),
    ]);
    expect(generated.finishReason).toEqual({ unified: 'tool-calls', raw: 'tool_calls' });
  });
});

describe('with toolMarkers', () => {
  const markerModel = () => createDemoModel({ toolMarkers: true });
  const markerOf = (text: string) => JSON.parse(text.slice(text.indexOf('###:') + 4)) as unknown;

  it('writes the call as a ###: marker in its text, split across chunks, and finishes with stop', async () => {
    const result = await turn(markerModel(), callOptions([user("What's the weather in Paris?")], undefined));
    expect(result.toolCalls).toEqual([]);
    expect(result.finishReason).toBe('stop');
    expect(markerOf(result.text)).toEqual({ toolName: 'getWeather', parameters: { city: 'Paris' } });
    const deltas = result.parts.flatMap((part) => (part.type === 'text-delta' ? [part.delta] : []));
    expect(deltas).toContain(' #');
    expect(deltas).toContain('##:{"tool');
  });

  it('writes one marker per call', async () => {
    const result = await turn(markerModel(), callOptions([user('What is 2+2 and the time in Tokyo?')], undefined));
    const markers = result.text.split(' ###:').slice(1).map((marker) => JSON.parse(marker) as unknown);
    expect(markers).toEqual([
      { toolName: 'calculate', parameters: { expression: '2+2' } },
      { toolName: 'getTime', parameters: { city: 'Tokyo' } },
    ]);
  });

  it('reads the results from the result lines of the next user message', async () => {
    const result = await turn(
      markerModel(),
      callOptions(
        [
          user("What's the weather in Paris in Fahrenheit?"),
          assistantText('Let me check. ###:{"toolName":"getWeather","parameters":{"city":"Paris"}}'),
          user('Tool result for getWeather (call_1): {"city":"Paris","tempC":21,"conditions":"sunny"}'),
        ],
        undefined,
      ),
    );
    expect(markerOf(result.text)).toEqual({ toolName: 'convertTemperature', parameters: { celsius: 21, to: 'fahrenheit' } });
  });

  it('answers with the text of error lines', async () => {
    const result = await turn(
      markerModel(),
      callOptions(
        [
          user("What's the weather in Paris?"),
          assistantText('###:{"toolName":"getWeathr","parameters":{"city":"Paris"}}'),
          user('Tool error for getWeathr (call_2): Tool "getWeathr" is not available'),
        ],
        undefined,
      ),
    );
    expect(result.text).toBe('Tool "getWeathr" is not available');
  });

  it('reads a denial from an error line', async () => {
    const result = await turn(
      markerModel(),
      callOptions(
        [
          user('Delete the file report.pdf'),
          assistantText('###:{"toolName":"deleteFile","parameters":{"path":"report.pdf"}}'),
          user('Tool error for deleteFile (call_1): denied by the user'),
        ],
        undefined,
      ),
    );
    expect(result.text).toBe("OK, I won't delete report.pdf.");
  });

  it('uses the tools a marker system prompt lists, and answers in text when the system prompt offers none', async () => {
    const listing = system('Call tools with ###:{"toolName":…}. Available tools:\n### getTime\nTime in a city');
    const offered = await turn(markerModel(), callOptions([listing, user("What's the weather in Paris?")], undefined));
    expect(offered.text).not.toContain('###:');
    expect(offered.text).toMatch(/getWeather tool isn't available/);

    const none = system('Write ###:{…} to call a tool.\n\nNo tools are available right now: answer normally.');
    const disabled = await turn(markerModel(), callOptions([none, user('Keep calling tools')], undefined));
    expect(disabled.text).not.toContain('###:');

    const plain = await turn(markerModel(), callOptions([system('You are helpful.'), user('Keep calling tools')], undefined));
    expect(plain.text).not.toContain('###:');
  });
});

describe('abort', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('rejects doStream and doGenerate with the reason of an already aborted signal', async () => {
    const reason = new Error('stopped');
    const options = { ...callOptions([user('hello')]), abortSignal: AbortSignal.abort(reason) };
    await expect(createDemoModel().doStream(options)).rejects.toBe(reason);
    await expect(createDemoModel().doGenerate(options)).rejects.toBe(reason);
  });

  it('paces chunks by delayMs and errors the stream with the abort reason, leaving no timer', async () => {
    vi.useFakeTimers();
    const controller = new AbortController();
    const model = createDemoModel({ delayMs: 100 });
    const { stream } = await model.doStream({ ...callOptions([user('hello')]), abortSignal: controller.signal });
    const reader = stream.getReader();
    expect((await reader.read()).value?.type).toBe('stream-start');
    expect((await reader.read()).value?.type).toBe('response-metadata');
    expect((await reader.read()).value?.type).toBe('text-start');

    const next = reader.read();
    let settled = false;
    void next.then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(99);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect((await next).value?.type).toBe('text-delta');

    const pending = reader.read();
    const reason = new Error('user pressed stop');
    controller.abort(reason);
    await expect(pending).rejects.toBe(reason);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('clears its timer when the reader cancels', async () => {
    vi.useFakeTimers();
    const { stream } = await createDemoModel({ delayMs: 1000 }).doStream(callOptions([user('hello')]));
    const reader = stream.getReader();
    for (let i = 0; i < 3; i++) await reader.read();
    void reader.read();
    await vi.advanceTimersByTimeAsync(0);
    expect(vi.getTimerCount()).toBe(1);
    await reader.cancel();
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('with streamText from ai', () => {
  // The demo tools as AI SDK tools that run on the server, so streamText runs every round.
  const serverTools: AIToolSet = Object.fromEntries(
    Object.entries(demoTools).map(([name, definition]) => {
      const execute = definition.execute as (input: unknown, options: { signal: AbortSignal; toolCallId: string }) => unknown;
      return [
        name,
        dynamicTool({
          description: definition.description ?? name,
          inputSchema: definition.inputSchema,
          execute: async (input, { abortSignal, toolCallId }) =>
            execute(input, { signal: abortSignal ?? new AbortController().signal, toolCallId }),
        }),
      ];
    }),
  );

  it('runs the Fahrenheit chain over three steps to the final answer', async () => {
    const result = streamText({
      model: createDemoModel(),
      prompt: "What's the weather in Paris in Fahrenheit?",
      tools: serverTools,
      stopWhen: stepCountIs(5),
    });
    expect(await result.text).toContain("It's 69.8°F (21°C) and sunny in Paris.");
    const steps = await result.steps;
    expect(steps.map((step) => step.toolCalls.map((call) => call.toolName))).toEqual([
      ['getWeather'],
      ['convertTemperature'],
      [],
    ]);
  });

  it('passes a thrown tool error back to the model, which reads it out', async () => {
    const result = streamText({
      model: createDemoModel(),
      prompt: "What's the weather in Atlantis?",
      tools: serverTools,
      stopWhen: stepCountIs(5),
    });
    expect(await result.text).toContain("Sorry, I couldn't get the weather in Atlantis: Unknown city: Atlantis.");
  });

  it('stops at client tool calls (no execute) with the calls for the browser', async () => {
    // As the chat handler builds them from the schemas the browser sends: no execute.
    const clientTools: AIToolSet = {};
    clientTools['calculate'] = tool({ description: 'Arithmetic', inputSchema: jsonSchema({ type: 'object' }) });
    clientTools['getTime'] = tool({ description: 'Local time', inputSchema: jsonSchema({ type: 'object' }) });
    const result = streamText({ model: createDemoModel(), prompt: 'What is 2+2 and the time in Tokyo?', tools: clientTools });
    const toolCalls = await result.toolCalls;
    expect(toolCalls.map(({ toolCallId, toolName, input }) => ({ toolCallId, toolName, input }))).toEqual([
      { toolCallId: 'call_1', toolName: 'calculate', input: { expression: '2+2' } },
      { toolCallId: 'call_2', toolName: 'getTime', input: { city: 'Tokyo' } },
    ]);
    expect(await result.finishReason).toBe('tool-calls');
  });

  it('answers in text when activeTools is empty (tools disabled)', async () => {
    const result = streamText({
      model: createDemoModel(),
      prompt: 'Keep calling tools',
      tools: serverTools,
      activeTools: [],
    });
    expect(await result.toolCalls).toEqual([]);
    expect(await result.text).toMatch(/no tool is available/);
  });
});
