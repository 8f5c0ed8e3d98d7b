import type { UIMessage } from 'ai';

/**
 * A conversation with every kind of part the formats handle: a system prompt, a dynamic and a
 * static tool in one step, a failed call, a denied call, a call still waiting for its result,
 * reasoning, a final answer, and a user message with an image.
 */
export const conversation: UIMessage[] = [
  { id: 's', role: 'system', parts: [{ type: 'text', text: 'You are helpful.' }] },
  { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'Weather in Paris and time in Tokyo?' }] },
  {
    id: 'a1',
    role: 'assistant',
    parts: [
      { type: 'step-start' },
      { type: 'text', text: 'Checking both.', state: 'done' },
      { type: 'dynamic-tool', toolName: 'getWeather', toolCallId: 'c1', state: 'output-available', input: { city: 'Paris' }, output: { temp: 18 } },
      { type: 'tool-getTime', toolCallId: 'c2', state: 'output-error', input: { timezone: 'Asia/Tokyo' }, errorText: 'timeout' },
      { type: 'step-start' },
      {
        type: 'tool-getWeather',
        toolCallId: 'c3',
        state: 'output-denied',
        input: { city: 'Tokyo' },
        approval: { id: 'ap1', approved: false, reason: 'not now' },
      },
      { type: 'tool-getWeather', toolCallId: 'c4', state: 'input-available', input: { city: 'Rome' } },
      { type: 'step-start' },
      { type: 'reasoning', text: 'All results are in.', state: 'done' },
      { type: 'text', text: 'Done.', state: 'done' },
    ],
  },
  {
    id: 'u2',
    role: 'user',
    parts: [
      { type: 'text', text: 'Thanks' },
      { type: 'file', mediaType: 'image/png', url: 'data:image/png;base64,AAAA' },
    ],
  },
];
