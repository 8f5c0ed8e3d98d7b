import type { UIMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import {
  formatToolResultLine,
  parseToolMarkers,
  parseToolResultLines,
  toTextOnlyMessages,
  type ToolCallResult,
} from 'toolchat/core';

const user: UIMessage = { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'Weather in Paris and Rome?' }] };

describe('formatToolResultLine', () => {
  it('writes results and errors in the documented one-line format', () => {
    expect(formatToolResultLine({ toolCallId: 'call_1', toolName: 'getWeather', ok: true, output: { tempC: 21 } })).toBe(
      'Tool result for getWeather (call_1): {"tempC":21}',
    );
    expect(
      formatToolResultLine({ toolCallId: 'call_2', toolName: 'getWeathr', ok: false, error: 'Tool "getWeathr" is not available' }),
    ).toBe('Tool error for getWeathr (call_2): Tool "getWeathr" is not available');
  });

  it('keeps every result on one line', () => {
    expect(formatToolResultLine({ toolCallId: 'c', toolName: 't', ok: false, error: 'first\nsecond\r\n third' })).toBe(
      'Tool error for t (c): first second third',
    );
    expect(formatToolResultLine({ toolCallId: 'c', toolName: 't', ok: true, output: 'a\nb' })).toBe('Tool result for t (c): "a\\nb"');
    expect(formatToolResultLine({ toolCallId: 'c', toolName: 't', ok: true, output: undefined })).toBe('Tool result for t (c): null');
  });

  it('reads back with parseToolResultLines', () => {
    const results: ToolCallResult[] = [
      { toolCallId: 'call_1', toolName: 'getWeather', ok: true, output: { tempC: 21, sky: 'clear (sunny): ok' } },
      { toolCallId: 'call_2', toolName: 'getWeathr', ok: false, error: 'Tool "getWeathr" is not available' },
      { toolCallId: 'call_3', toolName: 'now', ok: true, output: '12:00' },
    ];
    const text = `Here you go:\n${results.map(formatToolResultLine).join('\n')}\n`;
    expect(parseToolResultLines(text)).toEqual(results);
  });
});

describe('toTextOnlyMessages', () => {
  it('turns a step with tool calls into the marker text and a user line per result', () => {
    const assistant: UIMessage = {
      id: 'a1',
      role: 'assistant',
      parts: [
        { type: 'step-start' },
        { type: 'text', text: 'Let me check. ' },
        { type: 'tool-getWeather', toolCallId: 'call_1', state: 'output-available', input: { city: 'Paris' }, output: { tempC: 21 } },
        {
          type: 'dynamic-tool',
          toolName: 'getWeathr',
          toolCallId: 'call_2',
          state: 'output-error',
          input: { city: 'Rome' },
          errorText: 'Tool "getWeathr" is not available',
        },
        { type: 'step-start' },
        { type: 'text', text: 'Paris is 21 °C.' },
      ],
    };
    expect(toTextOnlyMessages([user, assistant])).toEqual([
      user,
      {
        id: 'a1',
        role: 'assistant',
        parts: [
          {
            type: 'text',
            text: 'Let me check. ###:{"toolName":"getWeather","parameters":{"city":"Paris"}}###:{"toolName":"getWeathr","parameters":{"city":"Rome"}}',
          },
        ],
      },
      {
        id: 'a1-results-0',
        role: 'user',
        parts: [
          {
            type: 'text',
            text: 'Tool result for getWeather (call_1): {"tempC":21}\nTool error for getWeathr (call_2): Tool "getWeathr" is not available',
          },
        ],
      },
      { id: 'a1-step-1', role: 'assistant', parts: [{ type: 'text', text: 'Paris is 21 °C.' }] },
    ]);
  });

  it('writes markers the parser reads back as the same calls', () => {
    const assistant: UIMessage = {
      id: 'a1',
      role: 'assistant',
      parts: [
        { type: 'text', text: 'Checking.' },
        { type: 'tool-plan', toolCallId: 'call_1', state: 'input-available', input: { a: { b: '}"{' } } },
      ],
    };
    const [rendered] = toTextOnlyMessages([assistant]);
    const text = rendered?.parts[0]?.type === 'text' ? rendered.parts[0].text : '';
    let n = 0;
    expect(parseToolMarkers(text, { generateId: () => `call_${++n}` }).toolCalls).toEqual([
      { toolCallId: 'call_1', toolName: 'plan', input: { a: { b: '}"{' } } },
    ]);
  });

  it('keeps a call without a result as its marker only', () => {
    const assistant: UIMessage = {
      id: 'a1',
      role: 'assistant',
      parts: [{ type: 'tool-now', toolCallId: 'call_1', state: 'input-available', input: {} }],
    };
    expect(toTextOnlyMessages([assistant])).toEqual([
      { id: 'a1', role: 'assistant', parts: [{ type: 'text', text: '###:{"toolName":"now","parameters":{}}' }] },
    ]);
  });

  it('reports a denied call as an error line', () => {
    const assistant: UIMessage = {
      id: 'a1',
      role: 'assistant',
      parts: [
        {
          type: 'tool-deleteFile',
          toolCallId: 'call_9',
          state: 'output-denied',
          input: { path: '/x' },
          approval: { id: 'ap1', approved: false },
        },
      ],
    };
    expect(toTextOnlyMessages([assistant])[1]).toEqual({
      id: 'a1-results-0',
      role: 'user',
      parts: [{ type: 'text', text: 'Tool error for deleteFile (call_9): denied by the user' }],
    });
  });

  it('sends an invalid marker back exactly as the model wrote it, with its error', () => {
    const assistant: UIMessage = {
      id: 'a1',
      role: 'assistant',
      parts: [
        { type: 'text', text: 'Sure ' },
        {
          type: 'dynamic-tool',
          toolName: 'invalid_tool_call',
          toolCallId: 'call_1',
          state: 'output-error',
          input: '###:{"toolName": getWeather}',
          errorText: 'Invalid tool call format: the JSON does not parse',
          toolMetadata: { toolMarker: 'invalid' },
        },
      ],
    };
    expect(toTextOnlyMessages([assistant]).map((m) => m.parts)).toEqual([
      [{ type: 'text', text: 'Sure ###:{"toolName": getWeather}' }],
      [{ type: 'text', text: 'Tool error for invalid_tool_call (call_1): Invalid tool call format: the JSON does not parse' }],
    ]);
  });

  it('leaves messages without tool parts as they are', () => {
    const assistant: UIMessage = { id: 'a1', role: 'assistant', parts: [{ type: 'step-start' }, { type: 'text', text: 'Hi' }] };
    const messages = [user, assistant];
    expect(toTextOnlyMessages(messages)).toEqual(messages);
  });
});
