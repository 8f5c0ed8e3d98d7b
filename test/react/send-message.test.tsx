import { act, renderHook, waitFor } from '@testing-library/react';
import { isToolUIPart, type ChatTransport, type UIMessage, type UIMessageChunk } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { useToolChat } from 'toolchat';
import { endpoint, text, textOf } from '../faults/harness';

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

describe('props that say where the chat talks', () => {
  it('apply to the next request when they change (api, fetch)', async () => {
    const first = endpoint(new MockLanguageModelV4({ doStream: [text('From the first.')] }));
    const second = endpoint(new MockLanguageModelV4({ doStream: [text('From the second.')] }));
    const { result, rerender } = renderHook((props: { api: string; fetch: typeof first.fetch }) => useToolChat(props), { initialProps: first });
    await act(() => result.current.sendMessage('One'));
    await waitFor(() => expect(textOf(result.current.messages.at(-1))).toBe('From the first.'));

    rerender({ ...second, api: 'http://localhost/api/other' });
    await act(() => result.current.sendMessage('Two'));
    await waitFor(() => expect(textOf(result.current.messages.at(-1))).toBe('From the second.'));
    expect(second.fetch.mock.calls[0]?.[0]).toBe('http://localhost/api/other');
    expect(first.fetch).toHaveBeenCalledTimes(1);
  });
});

describe('toolMarkers switched on in a running chat', () => {
  it('reads the next answer’s ###: markers as calls', async () => {
    const answer = 'Checking. ###:{"toolName":"getTime","parameters":{}}';
    const transport: ChatTransport<UIMessage> = {
      async sendMessages() {
        const chunks: UIMessageChunk[] = [
          { type: 'start' },
          { type: 'start-step' },
          { type: 'text-start', id: 't' },
          { type: 'text-delta', id: 't', delta: answer },
          { type: 'text-end', id: 't' },
          { type: 'finish-step' },
          { type: 'finish' },
        ];
        return new ReadableStream({ start: (controller) => (chunks.forEach((chunk) => controller.enqueue(chunk)), controller.close()) });
      },
      reconnectToStream: async () => null,
    };
    const { result, rerender } = renderHook((props: { toolMarkers: 'on' | 'off' }) => useToolChat({ transport, ...props }), {
      initialProps: { toolMarkers: 'off' },
    });
    await act(() => result.current.sendMessage('Time?'));
    await waitFor(() => expect(textOf(result.current.messages.at(-1))).toBe(answer));

    rerender({ toolMarkers: 'on' });
    await act(() => result.current.sendMessage('Time, please?'));
    await waitFor(() => expect(result.current.messages.at(-1)?.parts.some(isToolUIPart)).toBe(true));
    act(() => result.current.stop());
  });
});
