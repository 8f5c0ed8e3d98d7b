import { toAnthropicMessages, type AnthropicMessages } from 'toolchat/core';
import type { UIMessage } from 'ai';
import { conversation } from './conversation';

describe('toAnthropicMessages', () => {
  it('gives tool_use blocks in the assistant turn and tool_result blocks in the following user turn', () => {
    expect(toAnthropicMessages(conversation)).toEqual<AnthropicMessages>({
      system: 'You are helpful.',
      messages: [
        { role: 'user', content: [{ type: 'text', text: 'Weather in Paris and time in Tokyo?' }] },
        {
          role: 'assistant',
          content: [
            { type: 'text', text: 'Checking both.' },
            { type: 'tool_use', id: 'c1', name: 'getWeather', input: { city: 'Paris' } },
            { type: 'tool_use', id: 'c2', name: 'getTime', input: { timezone: 'Asia/Tokyo' } },
          ],
        },
        {
          role: 'user',
          content: [
            { type: 'tool_result', tool_use_id: 'c1', content: '{"temp":18}' },
            { type: 'tool_result', tool_use_id: 'c2', content: 'timeout', is_error: true },
          ],
        },
        { role: 'assistant', content: [{ type: 'tool_use', id: 'c3', name: 'getWeather', input: { city: 'Tokyo' } }] },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'c3', content: 'The user denied this tool call: not now', is_error: true }] },
        { role: 'assistant', content: [{ type: 'text', text: 'Done.' }] },
        {
          role: 'user',
          content: [
            { type: 'text', text: 'Thanks' },
            { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'AAAA' } },
          ],
        },
      ],
    });
  });

  it('merges consecutive turns of the same role, tool results first', () => {
    const messages: UIMessage[] = [
      { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'One' }] },
      { id: 'u2', role: 'user', parts: [{ type: 'text', text: 'Two' }] },
      {
        id: 'a',
        role: 'assistant',
        parts: [{ type: 'step-start' }, { type: 'dynamic-tool', toolName: 'f', toolCallId: 't', state: 'output-available', input: {}, output: 1 }],
      },
      { id: 'u3', role: 'user', parts: [{ type: 'text', text: 'Three' }] },
    ];
    expect(toAnthropicMessages(messages)).toEqual({
      messages: [
        { role: 'user', content: [{ type: 'text', text: 'One' }, { type: 'text', text: 'Two' }] },
        { role: 'assistant', content: [{ type: 'tool_use', id: 't', name: 'f', input: {} }] },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't', content: '1' }, { type: 'text', text: 'Three' }] },
      ],
    });
  });

  it('sends an input that never parsed as an object as {} and leaves out a URL-less empty text', () => {
    const messages: UIMessage[] = [
      { id: 'u', role: 'user', parts: [{ type: 'text', text: '' }, { type: 'file', mediaType: 'application/pdf', url: 'https://x.test/a.pdf', filename: 'a.pdf' }] },
      {
        id: 'a',
        role: 'assistant',
        parts: [{ type: 'dynamic-tool', toolName: 'f', toolCallId: 't', state: 'output-error', input: '{"broken', errorText: 'Invalid JSON' }],
      },
    ];
    expect(toAnthropicMessages(messages).messages).toEqual([
      { role: 'user', content: [{ type: 'document', source: { type: 'url', url: 'https://x.test/a.pdf' }, title: 'a.pdf' }] },
      { role: 'assistant', content: [{ type: 'tool_use', id: 't', name: 'f', input: {} }] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't', content: 'Invalid JSON', is_error: true }] },
    ]);
  });
});
