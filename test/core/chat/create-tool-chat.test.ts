import type { UIMessage } from 'ai';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createToolChat, defineTool, isInterruptedToolPart, memoryGrants, type Activity } from 'toolchat/core';
import { answer, callTools, deferred, scriptedTransport, toolPartsOf } from './script';

const weather = defineTool({
  description: 'Weather for a city',
  inputSchema: z.object({ city: z.string() }),
  execute: async ({ city }) => ({ city, tempC: 21 }),
});

function deleteFileTool(deleted: string[] = []) {
  return defineTool({
    inputSchema: z.object({ path: z.string() }),
    needsApproval: true,
    execute: async ({ path }) => {
      deleted.push(path);
      return { deleted: path };
    },
  });
}

const textOf = (message: UIMessage | undefined) => (message?.parts ?? []).map((part) => (part.type === 'text' ? part.text : '')).join('');

describe('createToolChat, without React', () => {
  describe('given a chat with a weather tool', () => {
    it('runs the call, sends the result back, and resolves with the answer on screen', async () => {
      const { transport, requests } = scriptedTransport([callTools({ toolCallId: 'c1', toolName: 'getWeather', input: { city: 'Paris' } }), answer('21 °C in Paris.')]);
      const statuses: string[] = [];
      const chat = createToolChat({ transport, tools: { getWeather: weather }, grants: memoryGrants(), onStatus: (activity: Activity) => statuses.push(activity.state) });
      const heard = vi.fn();
      chat.subscribe(heard);

      await chat.sendMessage('Weather in Paris?');
      await vi.waitFor(() => expect(textOf(chat.getState().messages.at(-1))).toBe('21 °C in Paris.'));

      expect(requests).toHaveLength(2);
      expect(toolPartsOf(requests[1]!.messages).get('c1')).toMatchObject({ state: 'output-available', output: { city: 'Paris', tempC: 21 } });
      expect(chat.getToolCall('c1')).toMatchObject({ toolName: 'getWeather', phase: 'done', input: { city: 'Paris' }, output: { city: 'Paris', tempC: 21 } });
      expect(chat.getState().activity.state).toBe('idle');
      expect(statuses).toContain('executing');
      expect(statuses.at(-1)).toBe('idle');
      await vi.waitFor(() => expect(heard).toHaveBeenCalled());
      chat.dispose();
    });

    it('gives the same snapshot while nothing changed, and a new one after a change', async () => {
      const { transport } = scriptedTransport([answer('Hi.')]);
      const chat = createToolChat({ transport, grants: memoryGrants() });
      const before = chat.getState();
      expect(chat.getState()).toBe(before);
      await chat.sendMessage('Hello');
      await vi.waitFor(() => expect(chat.getState().status).toBe('ready'));
      expect(chat.getState()).not.toBe(before);
      expect(chat.getState().messages).toHaveLength(2);
      chat.dispose();
    });
  });

  describe('given a tool that needs approval', () => {
    it('shows the AI SDK’s own part states: approval-requested, approval-responded, then the output', async () => {
      const gate = deferred<void>();
      const tools = {
        deleteFile: defineTool({
          inputSchema: z.object({ path: z.string() }),
          needsApproval: true,
          execute: async ({ path }) => {
            await gate.promise;
            return { deleted: path };
          },
        }),
      };
      const { transport, requests } = scriptedTransport([callTools({ toolCallId: 'c1', toolName: 'deleteFile', input: { path: '/tmp/a' } }), answer('Deleted.')]);
      const chat = createToolChat({ transport, tools, grants: memoryGrants() });
      void chat.sendMessage('Delete /tmp/a');

      const part = () => toolPartsOf(chat.getState().messages).get('c1');
      await vi.waitFor(() => expect(part()).toMatchObject({ state: 'approval-requested', approval: { id: 'c1' } }));
      expect(chat.getState().activity.state).toBe('awaiting-approval');
      chat.approve('c1');
      await vi.waitFor(() => expect(part()).toMatchObject({ state: 'approval-responded', approval: { id: 'c1', approved: true } }));
      gate.resolve();
      await vi.waitFor(() => expect(textOf(chat.getState().messages.at(-1))).toBe('Deleted.'));
      expect(part()).toMatchObject({ state: 'output-available', output: { deleted: '/tmp/a' } });
      // The server gets what a browser tool's call always was: the result, no approval.
      expect(toolPartsOf(requests[1]!.messages).get('c1')).toMatchObject({ state: 'output-available' });
      expect(toolPartsOf(requests[1]!.messages).get('c1')).not.toHaveProperty('approval');
      chat.dispose();
    });

    it('shows output-denied after Deny, and the model reads the denial as the call’s error', async () => {
      const deleted: string[] = [];
      const { transport, requests } = scriptedTransport([callTools({ toolCallId: 'c1', toolName: 'deleteFile', input: { path: '/etc' } }), answer('Kept it.')]);
      const chat = createToolChat({ transport, tools: { deleteFile: deleteFileTool(deleted) }, grants: memoryGrants() });
      void chat.sendMessage('Delete /etc');
      await vi.waitFor(() => expect(chat.getState().activity.state).toBe('awaiting-approval'));
      // The AI SDK 7 way: answer the part's approval by its id.
      const approval = toolPartsOf(chat.getState().messages).get('c1')?.approval as { id: string };
      chat.addToolApprovalResponse({ id: approval.id, approved: false, reason: 'not that one' });
      await vi.waitFor(() => expect(textOf(chat.getState().messages.at(-1))).toBe('Kept it.'));

      expect(toolPartsOf(chat.getState().messages).get('c1')).toMatchObject({ state: 'output-denied', approval: { id: 'c1', approved: false, reason: 'not that one' } });
      expect(toolPartsOf(requests[1]!.messages).get('c1')).toMatchObject({
        state: 'output-error',
        errorText: 'The user denied running tool "deleteFile": not that one',
      });
      expect(chat.getToolCall('c1')?.phase).toBe('denied');
      expect(deleted).toEqual([]);
      chat.dispose();
    });
  });

  describe('given a tool the app runs itself', () => {
    it('takes its output through addToolOutput, as in AI SDK 7, and addToolResult still works', async () => {
      const tools = { pickColor: defineTool({ inputSchema: z.object({}) }), pickSize: defineTool({ inputSchema: z.object({}) }) };
      const { transport, requests } = scriptedTransport([
        callTools({ toolCallId: 'c1', toolName: 'pickColor', input: {} }, { toolCallId: 'c2', toolName: 'pickSize', input: {} }),
        answer('Red, large.'),
      ]);
      const chat = createToolChat({ transport, tools, grants: memoryGrants() });
      void chat.sendMessage('Pick');
      await vi.waitFor(() => expect(chat.getToolCall('c2')?.phase).toBe('pending'));
      chat.addToolOutput({ tool: 'pickColor', toolCallId: 'c1', output: 'red' });
      chat.addToolResult({ toolCallId: 'c2', error: 'no sizes left' });
      await vi.waitFor(() => expect(textOf(chat.getState().messages.at(-1))).toBe('Red, large.'));
      expect(toolPartsOf(requests[1]!.messages).get('c1')).toMatchObject({ state: 'output-available', output: 'red' });
      expect(toolPartsOf(requests[1]!.messages).get('c2')).toMatchObject({ state: 'output-error', errorText: 'no sizes left' });
      chat.dispose();
    });
  });

  describe('given a message sent while the loop works', () => {
    it('counts as sending (never idle), and sendMessage resolves once it has gone', async () => {
      const gate = deferred<{ hits: number }>();
      const tools = { search: defineTool({ inputSchema: z.object({ q: z.string() }), execute: () => gate.promise }) };
      const { transport, requests } = scriptedTransport([callTools({ toolCallId: 'c1', toolName: 'search', input: { q: 'cats' } }), answer('3 hits.'), answer('Dogs too.')]);
      const statuses: string[] = [];
      const chat = createToolChat({ transport, tools, grants: memoryGrants(), onStatus: (activity) => statuses.push(activity.state) });
      void chat.sendMessage('Search cats');
      await vi.waitFor(() => expect(chat.getState().activity.state).toBe('executing'));

      let sent = false;
      const second = chat.sendMessage('And dogs?').then(() => (sent = true));
      await vi.waitFor(() => expect(chat.getState().queuedMessages).toHaveLength(1));
      expect(sent).toBe(false);
      gate.resolve({ hits: 3 });
      await second;
      expect(textOf(chat.getState().messages.at(-1))).toBe('Dogs too.');
      expect(requests).toHaveLength(3);
      // From the first send to the last answer the chat never read idle.
      expect(statuses.slice(0, -1)).not.toContain('idle');
      chat.dispose();
    });
  });

  describe('given a chat disposed while a tool runs', () => {
    it('aborts the tool, and nothing is sent when it finishes', async () => {
      const gate = deferred<string>();
      let signal: AbortSignal | undefined;
      const tools = {
        slow: defineTool({
          inputSchema: z.object({}),
          timeoutMs: Number.POSITIVE_INFINITY,
          execute: (_input, options) => {
            signal = options.signal;
            return gate.promise;
          },
        }),
      };
      const { transport, requests } = scriptedTransport([callTools({ toolCallId: 'c1', toolName: 'slow', input: {} }), answer('never')]);
      const chat = createToolChat({ transport, tools, grants: memoryGrants() });
      void chat.sendMessage('Go');
      await vi.waitFor(() => expect(signal).toBeDefined());
      chat.dispose();
      expect(signal?.aborted).toBe(true);
      gate.resolve('late');
      // Let the late result settle through the loop's turns: nothing may follow it.
      for (let turn = 0; turn < 10; turn++) await new Promise((resolve) => setTimeout(resolve, 0));
      await chat.sendMessage('Anyone there?');
      expect(requests).toHaveLength(1);
      expect(chat.disposed).toBe(true);
    });
  });

  describe('given an interrupted call in the messages', () => {
    it('is readable from its part alone', () => {
      const chat = createToolChat({
        grants: memoryGrants(),
        initialMessages: [
          {
            id: 'a1',
            role: 'assistant',
            parts: [{ type: 'tool-search', toolCallId: 'c1', state: 'output-error', input: {}, errorText: 'interrupted: the page was closed before the tool finished' }],
          },
        ],
      });
      const part = chat.getState().messages[0]!.parts[0]!;
      expect(isInterruptedToolPart(part)).toBe(true);
      expect(chat.getToolCall('c1')?.phase).toBe('interrupted');
      chat.dispose();
    });
  });
});
