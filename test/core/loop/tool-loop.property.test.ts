import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { defineTool, ToolLoop, type ToolLoopEvent, type ToolSet } from 'toolchat/core';

type Behaviour = 'value' | 'async value' | 'throws' | 'hangs' | 'hangs, ignoring abort' | 'hostile output' | 'needs approval' | 'app answers';

const tools: ToolSet = {
  value: defineTool({ inputSchema: z.object({}), execute: () => ({ ok: 1 }) }),
  'async value': defineTool({ inputSchema: z.object({}), execute: async () => ({ ok: 2 }) }),
  throws: defineTool({ inputSchema: z.object({}), execute: () => { throw new Error('boom'); } }),
  hangs: defineTool({
    inputSchema: z.object({}),
    execute: (_input, { signal }) => new Promise((_, reject) => signal.addEventListener('abort', () => reject(new Error('aborted')))),
  }),
  'hangs, ignoring abort': defineTool({ inputSchema: z.object({}), execute: () => new Promise(() => {}) }),
  'hostile output': defineTool({
    inputSchema: z.object({}),
    execute: () => new Proxy({}, { ownKeys: () => { throw new Error('trap'); } }),
  }),
  'needs approval': defineTool({ inputSchema: z.object({}), needsApproval: true, execute: () => 'approved' }),
  'app answers': { inputSchema: z.object({}) },
};

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('ToolLoop', () => {
  it('answers every call exactly once, whatever its tool does, whatever the user does and when', async () => {
    // A loop loads what runs calls and writes the log when it is made; its first transitions are
    // logged once that is there. Counted here from the first run on: let it load.
    new ToolLoop(() => ({}));
    await vi.dynamicImportSettled();
    const behaviour = fc.constantFrom<Behaviour>(...(Object.keys(tools) as Behaviour[]));
    const step = fc.oneof(
      fc.record({ kind: fc.constant('call' as const), behaviour }),
      fc.record({ kind: fc.constantFrom('approve' as const, 'deny' as const, 'answer' as const), index: fc.nat(9) }),
      fc.record({ kind: fc.constant('stop' as const) }),
      fc.record({ kind: fc.constant('wait' as const) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(step, { maxLength: 12 }), async (steps) => {
        const outputs = new Map<string, number>();
        const results = new Map<string, number>();
        const events: ToolLoopEvent[] = [];
        const loop = new ToolLoop(() => ({
          tools,
          timeoutMs: Number.POSITIVE_INFINITY,
          onEvent: (event) => events.push(event),
          onToolResult: (_name, result) => results.set(result.toolCallId, (results.get(result.toolCallId) ?? 0) + 1),
        }));
        loop.attach({
          messages: [],
          status: 'ready',
          addToolOutput: ({ toolCallId }) => void outputs.set(toolCallId, (outputs.get(toolCallId) ?? 0) + 1),
        });
        const ids: string[] = [];
        for (const s of steps) {
          if (s.kind === 'call') {
            const toolCallId = `c${ids.length}`;
            ids.push(toolCallId);
            loop.onToolCall({ toolCall: { toolCallId, toolName: s.behaviour, input: {} } });
          } else if (s.kind === 'stop') loop.stop();
          else if (s.kind === 'wait') await flush();
          else {
            const toolCallId = ids[s.index % Math.max(1, ids.length)];
            if (!toolCallId) continue;
            if (s.kind === 'approve') loop.approve(toolCallId);
            else if (s.kind === 'deny') loop.deny(toolCallId);
            else loop.addToolResult({ toolCallId, output: 'from the app' });
          }
        }
        // Whatever is still open ends with Stop.
        await flush();
        loop.stop();
        await flush();

        for (const toolCallId of ids) {
          expect(outputs.get(toolCallId), toolCallId).toBe(1);
          expect(results.get(toolCallId), toolCallId).toBe(1);
        }
        const started = events.filter((event) => event.type === 'tool-call-start').map((event) => event.type === 'tool-call-start' && event.toolCallId);
        const ended = events.filter((event) => event.type === 'tool-call-end').map((event) => event.type === 'tool-call-end' && event.toolCallId);
        expect(started.sort()).toEqual([...ids].sort());
        expect(ended.sort()).toEqual([...ids].sort());
      }),
      { numRuns: 150 },
    );
  });
});
