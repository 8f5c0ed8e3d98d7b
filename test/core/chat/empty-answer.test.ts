import type { UIMessage, UIMessageChunk } from 'ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createToolChat, defineTool, memoryGrants } from 'toolchat/core';
import { answer, callTools, scriptedTransport } from './script';

const weather = defineTool({
  description: 'Weather for a city',
  inputSchema: z.object({ city: z.string() }),
  execute: async ({ city }) => ({ city, tempC: 21 }),
});

/** Finishes without writing anything: no text, no calls, no reasoning. */
const bareFinishes: Record<string, UIMessageChunk[]> = {
  'a step with nothing in it': [{ type: 'start' }, { type: 'start-step' }, { type: 'finish-step' }, { type: 'finish' }],
  'no step at all': [{ type: 'start' }, { type: 'finish' }],
  'an empty text': [{ type: 'start' }, { type: 'start-step' }, { type: 'text-start', id: 't' }, { type: 'text-end', id: 't' }, { type: 'finish-step' }, { type: 'finish' }],
};

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

async function idle(chat: ReturnType<typeof createToolChat>) {
  await chat.sendMessage('Weather in Paris?');
  // Nothing is sent after the bare finish: a few turns of the event loop later there is still no other request.
  for (let i = 0; i < 20; i++) await settle();
}

describe('an answer with nothing in it', () => {
  describe.each(Object.entries(bareFinishes))('given the model answers the results with %s', (_, bare) => {
    it('ends the round: nothing is resent, the chat is idle, and the answer says it ended without one', async () => {
      const { transport, requests } = scriptedTransport([callTools({ toolCallId: 'c1', toolName: 'getWeather', input: { city: 'Paris' } }), bare, answer('never asked')]);
      const chat = createToolChat({ transport, tools: { getWeather: weather }, grants: memoryGrants() });
      await idle(chat);

      expect(requests).toHaveLength(2);
      const state = chat.getState();
      expect(state.activity.state).toBe('idle');
      expect(state.busy).toBe(false);
      const last = state.messages.at(-1) as UIMessage;
      expect(last.role).toBe('assistant');
      expect(state.loop.endings.get(last.id)).toBe('empty');
      expect(chat.getToolCall('c1')?.phase).toBe('done');
      chat.dispose();
    });
  });

  it('sends nothing more after a first answer with nothing in it either, and the next message goes as usual', async () => {
    const { transport, requests } = scriptedTransport([bareFinishes['a step with nothing in it']!, answer('Hello again.')]);
    const chat = createToolChat({ transport, grants: memoryGrants() });
    await idle(chat);
    expect(requests).toHaveLength(1);
    // The AI SDK keeps no message for an answer that wrote nothing: there is no row to note it under.
    expect(chat.getState().activity.state).toBe('idle');

    await chat.sendMessage('Hello?');
    expect(requests).toHaveLength(2);
    const last = chat.getState().messages.at(-1)!;
    expect(last.parts.some((part) => part.type === 'text' && part.text === 'Hello again.')).toBe(true);
    expect(chat.getState().loop.endings.has(last.id)).toBe(false);
    chat.dispose();
  });

  it('does not count reasoning alone as nothing', async () => {
    const reasoningOnly: UIMessageChunk[] = [
      { type: 'start' },
      { type: 'start-step' },
      { type: 'reasoning-start', id: 'r' },
      { type: 'reasoning-delta', id: 'r', delta: 'Hmm.' },
      { type: 'reasoning-end', id: 'r' },
      { type: 'finish-step' },
      { type: 'finish' },
    ];
    const { transport, requests } = scriptedTransport([callTools({ toolCallId: 'c1', toolName: 'getWeather', input: { city: 'Paris' } }), reasoningOnly]);
    const chat = createToolChat({ transport, tools: { getWeather: weather }, grants: memoryGrants() });
    await idle(chat);
    expect(requests).toHaveLength(2);
    const last = chat.getState().messages.at(-1)!;
    expect(chat.getState().loop.endings.has(last.id)).toBe(false);
    expect(chat.getState().activity.state).toBe('idle');
    chat.dispose();
  });
});
