import { EventType, type RunAgentInput } from '@ag-ui/core';
import { HttpAgent } from '@ag-ui/client';
import { RunAgentInputSchema } from '@ag-ui/core/schemas';
import type { UIMessage, UIMessageChunk } from 'ai';
import { describe, expect, it } from 'vitest';
import { ChatRequestError } from 'toolchat';
import { createAgUiTransport, type AgUiTransportOptions } from 'toolchat/transports';
import { buildMessage, collect, counterIds, reasoningOf, textOf, toolCallsOf } from '../openai-compatible/helpers';
import { agentFetch, run, sseOf, sseResponse, textMessage, toolCall } from './helpers';

const user: UIMessage = { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'Weather in Paris?' }] };
const tools = {
  getWeather: { description: 'Current weather for a city', inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } },
};

function transportWith(fetch: typeof globalThis.fetch, options: Partial<AgUiTransportOptions> = {}) {
  return createAgUiTransport({ url: 'http://127.0.0.1:1/agent', fetch, generateId: counterIds(), ...options } as AgUiTransportOptions);
}

function send(
  transport: ReturnType<typeof createAgUiTransport>,
  extra: { body?: object; messages?: UIMessage[]; abortSignal?: AbortSignal; headers?: Record<string, string>; chatId?: string } = {},
) {
  return transport.sendMessages({
    trigger: 'submit-message',
    chatId: extra.chatId ?? 'chat-1',
    messageId: undefined,
    messages: extra.messages ?? [user],
    abortSignal: extra.abortSignal,
    ...(extra.body && { body: extra.body }),
    ...(extra.headers && { headers: extra.headers }),
  });
}

const answer = (events: (input: RunAgentInput) => object[]) => agentFetch((input) => sseResponse(sseOf(run(input, events(input)))));

describe('createAgUiTransport: the run it sends', () => {
  it('posts a valid RunAgentInput: the chat as the thread, a run id, the messages, the browser tools with their schemas', async () => {
    const { fetch, runs, inits } = answer(() => textMessage('m1', 'Sunny.'));
    const transport = transportWith(fetch, { headers: { Authorization: 'Bearer t' }, context: [{ description: 'user locale', value: 'fr-FR' }] });
    await collect(await send(transport, { body: { tools }, headers: { 'X-Request': 'r1' } }));
    const [input] = runs;
    expect(RunAgentInputSchema.safeParse(input).success).toBe(true);
    expect(input).toEqual({
      threadId: 'chat-1',
      runId: 'id-0',
      state: {},
      messages: [{ id: 'u1', role: 'user', content: 'Weather in Paris?' }],
      tools: [{ name: 'getWeather', description: 'Current weather for a city', parameters: tools.getWeather.inputSchema }],
      context: [{ description: 'user locale', value: 'fr-FR' }],
      forwardedProps: {},
    });
    expect(inits[0]?.method).toBe('POST');
    expect(Object.fromEntries(new Headers(inits[0]?.headers).entries())).toEqual({
      accept: 'text/event-stream',
      authorization: 'Bearer t',
      'content-type': 'application/json',
      'x-request': 'r1',
    });
  });

  it('sends no tools on the forced final round', async () => {
    const { fetch, runs } = answer(() => textMessage('m1', 'Done.'));
    await collect(await send(transportWith(fetch), { body: { tools, toolsDisabled: true } }));
    expect(runs[0]?.tools).toEqual([]);
  });

  it('refuses a malformed tools body with a clear error', async () => {
    const { fetch } = answer(() => []);
    await expect(send(transportWith(fetch), { body: { tools: 'getWeather' } })).rejects.toThrow(/^Invalid request body for the AG-UI transport/);
  });

  it('sends tool results as AG-UI tool messages, failed and denied ones with their error, under ids stable across runs', async () => {
    const assistant: UIMessage = {
      id: 'a1',
      role: 'assistant',
      parts: [
        { type: 'step-start' },
        { type: 'text', text: 'Checking.' },
        { type: 'tool-getWeather', toolCallId: 'c1', state: 'output-available', input: { city: 'Paris' }, output: { tempC: 21 } },
        { type: 'tool-getWeather', toolCallId: 'c2', state: 'output-error', input: { city: 'Nowhere' }, errorText: 'Unknown city' },
        { type: 'tool-getWeather', toolCallId: 'c3', state: 'output-denied', input: { city: 'Rome' }, approval: { id: 'ap', approved: false } },
        { type: 'step-start' },
        { type: 'text', text: '21°C in Paris.' },
      ],
    };
    const { fetch, runs } = answer(() => textMessage('m2', 'Anything else?'));
    const messages = [user, assistant, { id: 'u2', role: 'user', parts: [{ type: 'text', text: 'Thanks' }] } satisfies UIMessage];
    await collect(await send(transportWith(fetch), { messages }));
    await collect(await send(transportWith(fetch), { messages }));
    expect(runs[0]?.messages).toEqual([
      { id: 'u1', role: 'user', content: 'Weather in Paris?' },
      {
        id: 'a1',
        role: 'assistant',
        content: 'Checking.',
        toolCalls: [
          { id: 'c1', type: 'function', function: { name: 'getWeather', arguments: '{"city":"Paris"}' } },
          { id: 'c2', type: 'function', function: { name: 'getWeather', arguments: '{"city":"Nowhere"}' } },
          { id: 'c3', type: 'function', function: { name: 'getWeather', arguments: '{"city":"Rome"}' } },
        ],
      },
      { id: 'c1-result', role: 'tool', toolCallId: 'c1', content: '{"tempC":21}' },
      { id: 'c2-result', role: 'tool', toolCallId: 'c2', content: '{"error":"Unknown city"}', error: 'Unknown city' },
      { id: 'c3-result', role: 'tool', toolCallId: 'c3', content: '{"error":"The user denied this tool call."}', error: 'The user denied this tool call.' },
      { id: 'a1-1', role: 'assistant', content: '21°C in Paris.' },
      { id: 'u2', role: 'user', content: 'Thanks' },
    ]);
    expect(runs[1]?.messages).toEqual(runs[0]?.messages);
    expect(RunAgentInputSchema.safeParse(runs[0]).success).toBe(true);
    expect(runs.map((r) => r.threadId)).toEqual(['chat-1', 'chat-1']);
  });

  it('sends images and documents as AG-UI content parts', async () => {
    const { fetch, runs } = answer(() => textMessage('m1', 'A cat.'));
    const withFile: UIMessage = {
      id: 'u1',
      role: 'user',
      parts: [
        { type: 'text', text: 'What is this?' },
        { type: 'file', mediaType: 'image/png', url: 'data:image/png;base64,iVBOR' },
        { type: 'file', mediaType: 'application/pdf', url: 'https://example.com/a.pdf', filename: 'a.pdf' },
      ],
    };
    await collect(await send(transportWith(fetch), { messages: [withFile] }));
    expect(runs[0]?.messages[0]).toEqual({
      id: 'u1',
      role: 'user',
      content: [
        { type: 'text', text: 'What is this?' },
        { type: 'image', source: { type: 'data', value: 'iVBOR', mimeType: 'image/png' } },
        { type: 'document', source: { type: 'url', value: 'https://example.com/a.pdf', mimeType: 'application/pdf' }, metadata: { filename: 'a.pdf' } },
      ],
    });
    expect(RunAgentInputSchema.safeParse(runs[0]).success).toBe(true);
  });
});

describe('createAgUiTransport: the events it reads', () => {
  it('turns text, reasoning and a browser tool call into the chunks of one step', async () => {
    const { fetch } = answer(() => [
      { type: EventType.REASONING_START, messageId: 'r1' },
      { type: EventType.REASONING_MESSAGE_START, messageId: 'r1', role: 'reasoning' },
      { type: EventType.REASONING_MESSAGE_CONTENT, messageId: 'r1', delta: 'The user wants weather.' },
      { type: EventType.REASONING_MESSAGE_END, messageId: 'r1' },
      { type: EventType.REASONING_END, messageId: 'r1' },
      ...textMessage('m1', 'Let me ', 'check.'),
      ...toolCall('call-1', 'getWeather', '{"ci', 'ty":"Paris"}'),
    ]);
    const chunks = await collect(await send(transportWith(fetch), { body: { tools } }));
    expect(reasoningOf(chunks)).toBe('The user wants weather.');
    expect(textOf(chunks)).toBe('Let me check.');
    expect(toolCallsOf(chunks)).toEqual([{ toolCallId: 'call-1', toolName: 'getWeather', input: { city: 'Paris' } }]);
    expect(chunks.find((c) => c.type === 'tool-input-available')).not.toHaveProperty('dynamic');
    expect(chunks.at(0)).toEqual({ type: 'start' });
    expect(chunks.at(-1)).toEqual({ type: 'finish', finishReason: 'tool-calls' });
    const message = await buildMessage(chunks);
    expect(message.parts.map((p) => p.type)).toEqual(['step-start', 'reasoning', 'text', 'tool-getWeather']);
  });

  it('keeps text said after the agent\'s own tool as a step of its own, and each AG-UI message as its own part', async () => {
    const { fetch } = answer(() => [
      { type: EventType.TEXT_MESSAGE_CHUNK, messageId: 'm1', role: 'assistant', delta: 'Looking. ' },
      ...toolCall('s1', 'searchDocs', '{}'),
      { type: EventType.TOOL_CALL_RESULT, messageId: 'tr1', toolCallId: 's1', content: 'found' },
      { type: EventType.TEXT_MESSAGE_CHUNK, messageId: 'm1', role: 'assistant', delta: 'Found it.' },
      ...textMessage('m2', 'Anything else?'),
    ]);
    const message = await buildMessage(await collect(await send(transportWith(fetch), { body: { tools } })));
    expect(message.parts.map((p) => (p.type === 'text' ? p.text : p.type))).toEqual(['step-start', 'Looking. ', 'dynamic-tool', 'step-start', 'Found it.', 'Anything else?']);
  });

  it('keeps text after a browser call in that call\'s step, so its result goes back to the agent', async () => {
    const { fetch } = answer(() => [
      ...toolCall('s1', 'searchDocs', '{}'),
      ...toolCall('c1', 'getWeather', '{"city":"Paris"}'),
      { type: EventType.TOOL_CALL_RESULT, messageId: 'tr1', toolCallId: 's1', content: 'found' },
      ...textMessage('m1', 'Checking the weather too.'),
    ]);
    const message = await buildMessage(await collect(await send(transportWith(fetch), { body: { tools } })));
    expect(message.parts.map((p) => (p.type === 'text' ? p.text : p.type))).toEqual(['step-start', 'dynamic-tool', 'tool-getWeather', 'Checking the weather too.']);
  });

  it('shows a tool the agent ran itself with its result, never as one for the browser to run', async () => {
    const { fetch } = answer(() => [
      ...toolCall('s1', 'searchDocs', '{"q":"refunds"}'),
      { type: EventType.TOOL_CALL_RESULT, messageId: 'tr1', toolCallId: 's1', content: '{"hits":2}', role: 'tool' },
      ...textMessage('m1', 'Two documents.'),
    ]);
    const chunks = await collect(await send(transportWith(fetch), { body: { tools } }));
    expect(chunks.filter((c) => c.type === 'tool-input-available')).toEqual([
      { type: 'tool-input-available', toolCallId: 's1', toolName: 'searchDocs', input: { q: 'refunds' }, providerExecuted: true, dynamic: true },
    ]);
    expect(chunks.find((c) => c.type === 'tool-output-available')).toEqual({
      type: 'tool-output-available',
      toolCallId: 's1',
      output: { hits: 2 },
      providerExecuted: true,
      dynamic: true,
    });
    expect(chunks.at(-1)).toEqual({ type: 'finish', finishReason: 'stop' });
  });

  it('gives a call to a tool nobody runs to the chat, which answers it as not available', async () => {
    const { fetch } = answer(() => toolCall('x1', 'launchRocket', '{}'));
    const chunks = await collect(await send(transportWith(fetch), { body: { tools } }));
    expect(chunks.filter((c) => c.type === 'tool-input-available')).toEqual([
      { type: 'tool-input-available', toolCallId: 'x1', toolName: 'launchRocket', input: {}, dynamic: true },
    ]);
    expect(chunks.at(-1)).toEqual({ type: 'finish', finishReason: 'tool-calls' });
  });

  it('reads the TEXT_MESSAGE_CHUNK and TOOL_CALL_CHUNK shorthands', async () => {
    const { fetch } = answer(() => [
      { type: EventType.TEXT_MESSAGE_CHUNK, messageId: 'm1', role: 'assistant', delta: 'On ' },
      { type: EventType.TEXT_MESSAGE_CHUNK, delta: 'it.' },
      { type: EventType.TOOL_CALL_CHUNK, toolCallId: 'k1', toolCallName: 'getWeather', delta: '{"city":' },
      { type: EventType.TOOL_CALL_CHUNK, delta: '"Oslo"}' },
      { type: EventType.TOOL_CALL_CHUNK, toolCallId: 'k2', toolCallName: 'getWeather', delta: '{"city":"Bergen"}' },
    ]);
    const chunks = await collect(await send(transportWith(fetch), { body: { tools } }));
    expect(textOf(chunks)).toBe('On it.');
    expect(toolCallsOf(chunks)).toEqual([
      { toolCallId: 'k1', toolName: 'getWeather', input: { city: 'Oslo' } },
      { toolCallId: 'k2', toolName: 'getWeather', input: { city: 'Bergen' } },
    ]);
  });

  it('keeps the agent state in one data-agui-state part, patched by deltas, and sends it with the next run', async () => {
    const { fetch, runs } = answer((input) =>
      input.messages.length === 1
        ? [
            { type: EventType.STATE_SNAPSHOT, snapshot: { steps: [], city: null } },
            { type: EventType.STATE_DELTA, delta: [{ op: 'add', path: '/steps/-', value: 'look up' }, { op: 'replace', path: '/city', value: 'Paris' }] },
            ...textMessage('m1', 'Noted.'),
          ]
        : textMessage('m2', 'Still Paris.'),
    );
    const transport = transportWith(fetch, { state: { steps: [] } });
    const chunks = await collect(await send(transport));
    expect(chunks.filter((c) => c.type === 'data-agui-state')).toEqual([
      { type: 'data-agui-state', id: 'agui-state', data: { steps: [], city: null } },
      { type: 'data-agui-state', id: 'agui-state', data: { steps: ['look up'], city: 'Paris' } },
    ]);
    const assistant = await buildMessage(chunks);
    expect(assistant.parts.filter((p) => p.type === 'data-agui-state')).toHaveLength(1);
    await collect(await send(transport, { messages: [user, assistant, { id: 'u2', role: 'user', parts: [{ type: 'text', text: 'And?' }] }] }));
    expect(runs.map((r) => r.state)).toEqual([{ steps: [] }, { steps: ['look up'], city: 'Paris' }]);
  });

  it('reports a delta that does not apply and keeps the state it had', async () => {
    const { fetch } = answer(() => [
      { type: EventType.STATE_SNAPSHOT, snapshot: { a: 1 } },
      { type: EventType.STATE_DELTA, delta: [{ op: 'remove', path: '/missing' }] },
    ]);
    const chunks = await collect(await send(transportWith(fetch)));
    expect(chunks.filter((c) => c.type === 'error')).toEqual([
      { type: 'error', errorText: 'The agent sent a STATE_DELTA that does not apply: JSON Patch path "/missing" does not exist' },
    ]);
    expect(chunks.filter((c) => c.type === 'data-agui-state')).toHaveLength(1);
  });

  it('shows activities and custom events as data parts', async () => {
    const { fetch } = answer(() => [
      { type: EventType.ACTIVITY_SNAPSHOT, messageId: 'plan', activityType: 'PLAN', content: { steps: ['a'] } },
      { type: EventType.ACTIVITY_DELTA, messageId: 'plan', activityType: 'PLAN', patch: [{ op: 'add', path: '/steps/-', value: 'b' }] },
      { type: EventType.CUSTOM, name: 'progress', value: 0.5 },
    ]);
    const message = await buildMessage(await collect(await send(transportWith(fetch))));
    expect(message.parts.filter((p) => p.type.startsWith('data-'))).toEqual([
      { type: 'data-agui-activity', id: 'plan', data: { activityType: 'PLAN', content: { steps: ['a', 'b'] } } },
      { type: 'data-agui-custom', data: { name: 'progress', value: 0.5 } },
    ]);
  });

  it('makes RUN_ERROR a readable error and finishes with reason error', async () => {
    const { fetch } = agentFetch((input) =>
      sseResponse(sseOf([{ type: EventType.RUN_STARTED, threadId: input.threadId, runId: input.runId }, ...textMessage('m1', 'Hm'), { type: EventType.RUN_ERROR, message: 'Model quota exceeded', code: 'quota' }])),
    );
    const chunks = await collect(await send(transportWith(fetch)));
    expect(chunks.filter((c) => c.type === 'error')).toEqual([{ type: 'error', errorText: 'The agent failed: Model quota exceeded (quota)' }]);
    expect(chunks.at(-1)).toEqual({ type: 'finish', finishReason: 'error' });
  });

  it('reports a stream that ends before RUN_FINISHED, and never runs a call whose arguments were cut', async () => {
    const { fetch } = agentFetch((input) =>
      sseResponse(
        sseOf([
          { type: EventType.RUN_STARTED, threadId: input.threadId, runId: input.runId },
          { type: EventType.TOOL_CALL_START, toolCallId: 'c1', toolCallName: 'getWeather' },
          { type: EventType.TOOL_CALL_ARGS, toolCallId: 'c1', delta: '{"city":"Ro' },
        ]),
      ),
    );
    const chunks = await collect(await send(transportWith(fetch), { body: { tools } }));
    expect(toolCallsOf(chunks)).toEqual([]);
    expect(chunks.filter((c) => c.type === 'error' || c.type === 'tool-input-error')).toEqual([
      { type: 'error', errorText: "The agent's event stream ended before RUN_FINISHED: the answer may be incomplete." },
      {
        type: 'tool-input-error',
        toolCallId: 'c1',
        toolName: 'getWeather',
        input: '{"city":"Ro',
        errorText: 'The agent\'s stream ended before the arguments of tool "getWeather" were complete; it was not run.',
      },
    ]);
  });

  it('reports malformed and invalid events by name and reads on; skips event types of other protocol versions', async () => {
    const { fetch } = agentFetch((input) =>
      sseResponse(
        [
          sseOf([{ type: EventType.RUN_STARTED, threadId: input.threadId, runId: input.runId }]),
          'data: {"type":"TEXT_MESSAGE_CONTENT","messageId":\n\n',
          'data: {"type":"TOOL_CALL_ARGS","toolCallId":"c9"}\n\n',
          'data: {"type":"THINKING_TEXT_MESSAGE_CONTENT","delta":"old"}\n\n',
          sseOf([...textMessage('m1', 'Still here.'), { type: EventType.RUN_FINISHED, threadId: input.threadId, runId: input.runId }]),
        ].join(''),
      ),
    );
    const chunks = await collect(await send(transportWith(fetch)));
    const errors = chunks.flatMap((c) => (c.type === 'error' ? [c.errorText] : []));
    expect(errors).toHaveLength(2);
    expect(errors[0]).toMatch(/^Invalid JSON in the stream/);
    expect(errors[1]).toMatch(/^Invalid AG-UI event TOOL_CALL_ARGS at delta: /);
    expect(textOf(chunks)).toBe('Still here.');
  });

  it('reports token usage from RUN_FINISHED in the message metadata', async () => {
    const { fetch } = agentFetch((input) =>
      sseResponse(
        sseOf([
          { type: EventType.RUN_STARTED, threadId: input.threadId, runId: input.runId },
          ...textMessage('m1', 'Hi.'),
          { type: EventType.RUN_FINISHED, threadId: input.threadId, runId: input.runId, usage: [{ model: 'gpt-x', inputTokens: 10, outputTokens: 3, totalTokens: 13 }] },
        ]),
      ),
    );
    const chunks = await collect(await send(transportWith(fetch)));
    expect(chunks.find((c) => c.type === 'message-metadata')).toEqual({
      type: 'message-metadata',
      messageMetadata: { usage: { inputTokens: 10, outputTokens: 3, totalTokens: 13 }, finishReason: 'stop', model: 'gpt-x' },
    });
  });
});

describe('createAgUiTransport: failures', () => {
  it('rejects an HTTP error with a ChatRequestError carrying the server message', async () => {
    const { fetch } = agentFetch(() => Response.json({ detail: 'Agent is overloaded' }, { status: 503, statusText: 'Service Unavailable', headers: { 'Retry-After': '3' } }));
    const error = await send(transportWith(fetch)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChatRequestError);
    expect((error as ChatRequestError).status).toBe(503);
    expect((error as ChatRequestError).retryAfterMs).toBe(3000);
    expect((error as ChatRequestError).message).toBe('HTTP 503 Service Unavailable: Agent is overloaded. Retry in 3 s.');
  });

  it('says so when the server answers with something other than an event stream', async () => {
    const { fetch } = agentFetch(() => Response.json({ hello: 'world' }));
    await expect(send(transportWith(fetch))).rejects.toThrow(
      'The agent at http://127.0.0.1:1/agent did not answer with an AG-UI event stream (content-type application/json): {"hello":"world"}',
    );
  });

  it('names the address when the agent cannot be reached', async () => {
    const fetch = (async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof globalThis.fetch;
    await expect(send(transportWith(fetch))).rejects.toThrow('Could not reach http://127.0.0.1:1/agent: network error or CORS (Failed to fetch)');
  });

  it('passes the abort signal to the request, so Stop ends the run', async () => {
    const { fetch, inits } = answer(() => textMessage('m1', 'x'));
    const controller = new AbortController();
    await collect(await send(transportWith(fetch), { abortSignal: controller.signal }));
    expect(inits[0]?.signal).toBe(controller.signal);
  });
});

describe('createAgUiTransport with an agent object', () => {
  it('runs an @ag-ui/client HttpAgent in process through the same validation and state machine', async () => {
    const { fetch, runs } = answer(() => [...textMessage('m1', 'Hello from the agent.'), ...toolCall('c1', 'getWeather', '{"city":"Lima"}')]);
    const agent = new HttpAgent({ url: 'http://127.0.0.1:1/agent', fetch });
    const chunks: UIMessageChunk[] = await collect(await send(createAgUiTransport({ agent, generateId: counterIds() }), { body: { tools } }));
    expect(textOf(chunks)).toBe('Hello from the agent.');
    expect(toolCallsOf(chunks)).toEqual([{ toolCallId: 'c1', toolName: 'getWeather', input: { city: 'Lima' } }]);
    expect(runs[0]?.threadId).toBe('chat-1');
    expect(runs[0]?.tools.map((t) => t.name)).toEqual(['getWeather']);
  });

  it('unsubscribes when the run is aborted', async () => {
    let unsubscribed = false;
    const agent = {
      run: () => ({
        subscribe: () => ({
          unsubscribe: () => {
            unsubscribed = true;
          },
        }),
      }),
    };
    const controller = new AbortController();
    const stream = await send(createAgUiTransport({ agent }), { abortSignal: controller.signal });
    const reader = stream.getReader();
    await reader.read();
    controller.abort();
    await expect(reader.read()).rejects.toThrow();
    expect(unsubscribed).toBe(true);
  });
});
