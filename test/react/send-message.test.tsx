import { act, renderHook, waitFor } from '@testing-library/react';
import { MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { useToolChat } from 'toolchat';
import { endpoint, text } from '../faults/harness';

describe('sendMessage takes what useChat’s does', () => {
  function chat() {
    const model = new MockLanguageModelV4({ doStream: [text('Ok.')] });
    const server = endpoint(model);
    const hook = renderHook(() => useToolChat({ ...server }));
    return { ...hook, server };
  }

  it('a string', async () => {
    const { result, server } = chat();
    await act(() => result.current.sendMessage('Hello'));
    await waitFor(() => expect(result.current.activity.state).toBe('idle'));
    expect(server.bodies[0]?.messages.at(-1)).toMatchObject({ role: 'user', parts: [{ type: 'text', text: 'Hello' }] });
  });

  it('{ text, files, metadata }', async () => {
    const { result, server } = chat();
    const file = { type: 'file' as const, mediaType: 'image/png', url: 'data:image/png;base64,iVBORw0KGgo=', filename: 'dot.png' };
    await act(() => result.current.sendMessage({ text: 'What is this?', files: [file], metadata: { source: 'test' } }));
    await waitFor(() => expect(result.current.activity.state).toBe('idle'));
    expect(server.bodies[0]?.messages.at(-1)).toMatchObject({
      role: 'user',
      metadata: { source: 'test' },
      parts: [{ type: 'file', mediaType: 'image/png', filename: 'dot.png' }, { type: 'text', text: 'What is this?' }],
    });
  });

  it('a message, kept with its own id', async () => {
    const { result, server } = chat();
    await act(() => result.current.sendMessage({ id: 'mine', role: 'user', parts: [{ type: 'text', text: 'Hi' }] }));
    await waitFor(() => expect(result.current.activity.state).toBe('idle'));
    expect(server.bodies[0]?.messages.at(-1)).toMatchObject({ id: 'mine', role: 'user', parts: [{ type: 'text', text: 'Hi' }] });
  });
});
