import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createToolChat, defineTool, memoryGrants } from 'toolchat/core';
import { answer, callTools, scriptedTransport, toolPartsOf } from './script';

describe('approvals in the parts, whatever the user decides', () => {
  it('show the AI SDK’s states in messages, and the server always gets plain results', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ asks: fc.boolean(), approve: fc.boolean(), reason: fc.option(fc.string({ maxLength: 8 }), { nil: undefined }) }), { minLength: 1, maxLength: 4 }),
        async (plan) => {
          const ran: string[] = [];
          const tools = {
            careful: defineTool({ inputSchema: z.object({ n: z.number() }), needsApproval: true, execute: ({ n }) => (ran.push(`c${n}`), { n }) }),
            quick: defineTool({ inputSchema: z.object({ n: z.number() }), execute: ({ n }) => (ran.push(`c${n}`), { n }) }),
          };
          const calls = plan.map((step, n) => ({ toolCallId: `c${n}`, toolName: step.asks ? 'careful' : 'quick', input: { n } }));
          const { transport, requests } = scriptedTransport([callTools(...calls), answer('Done.')]);
          const chat = createToolChat({ transport, tools, grants: memoryGrants() });
          void chat.sendMessage('Go');
          await vi.waitFor(() => expect(chat.getToolCalls().size).toBe(plan.length));
          for (const [n, step] of plan.entries()) {
            if (!step.asks) continue;
            await vi.waitFor(() => expect(toolPartsOf(chat.getState().messages).get(`c${n}`)?.state).toBe('approval-requested'));
            if (step.approve) chat.approve(`c${n}`);
            else chat.deny(`c${n}`, step.reason);
          }
          await vi.waitFor(() => expect(requests).toHaveLength(2));
          await vi.waitFor(() => expect(chat.getState().activity.state).toBe('idle'));

          const shown = toolPartsOf(chat.getState().messages);
          const sent = toolPartsOf(requests[1]!.messages);
          for (const [n, step] of plan.entries()) {
            const id = `c${n}`;
            const denied = step.asks && !step.approve;
            expect(ran.includes(id)).toBe(!denied);
            expect(shown.get(id)?.state).toBe(denied ? 'output-denied' : 'output-available');
            expect(sent.get(id)?.state).toBe(denied ? 'output-error' : 'output-available');
            expect(sent.get(id)).not.toHaveProperty('approval');
            if (denied) expect(sent.get(id)?.errorText).toBe(`The user denied running tool "careful"${step.reason?.trim() ? `: ${step.reason.trim()}` : ''}`);
          }
          chat.dispose();
        },
      ),
      { numRuns: 25 },
    );
  });
});
