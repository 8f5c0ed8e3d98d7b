import type { UIMessage } from 'ai';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  deriveActivity,
  initialLoopState,
  INTERRUPTED_TOOL_ERROR,
  reduce,
  selectToolCalls,
  type ApprovalGate, type LoopAction,
  type LoopState,
  type ToolCallPhase,
} from 'toolchat/core';

const ids = ['c0', 'c1', 'c2', 'c3', 'c4', 'c5'];
const id = fc.constantFrom(...ids);

/** A tool part in any state the AI SDK has, for one of a few call ids (ids may repeat across messages). */
const toolPart = fc.record({ toolCallId: id, tool: fc.constantFrom('search', 'deleteFile', 'constructor'), kind: fc.integer({ min: 0, max: 7 }) }).map(({ toolCallId, tool, kind }) => {
  const base = { type: `tool-${tool}`, toolCallId, input: { q: toolCallId } };
  switch (kind) {
    case 0:
      return { ...base, state: 'input-streaming' };
    case 1:
      return { ...base, state: 'input-available' };
    case 2:
      return { ...base, state: 'approval-requested', approval: { id: toolCallId } };
    case 3:
      return { ...base, state: 'approval-responded', approval: { id: toolCallId, approved: true } };
    case 4:
      return { ...base, state: 'output-available', output: { hits: 1 } };
    case 5:
      return { ...base, state: 'output-error', errorText: INTERRUPTED_TOOL_ERROR };
    case 6:
      return { ...base, state: 'output-error', errorText: 'boom' };
    default:
      return { ...base, state: 'output-denied', approval: { id: toolCallId, approved: false } };
  }
});

const message = fc.oneof(
  fc.record({ role: fc.constant('user' as const), text: fc.string() }).map(({ role, text }) => ({ role, parts: [{ type: 'text', text }] })),
  fc.array(fc.oneof(toolPart, fc.constant({ type: 'step-start' }), fc.constant({ type: 'text', text: 'x', state: 'done' })), { maxLength: 5 }).map((parts) => ({ role: 'assistant' as const, parts })),
);

const messages = fc.array(message, { maxLength: 12 }).map((list) => list.map((m, i) => ({ id: `m${i}`, ...m }) as UIMessage));

const loopAction: fc.Arbitrary<LoopAction> = fc.oneof(
  fc.record({
    type: fc.constant('call-received' as const),
    call: fc.record({ toolCallId: id, toolName: fc.constantFrom('search', 'deleteFile'), input: fc.constant({}) }),
    runner: fc.constantFrom('loop' as const, 'app' as const),
    gate: fc.constantFrom<'deciding' | ApprovalGate>({ kind: 'run' }, { kind: 'ask', question: { grantable: true } }, { kind: 'denied', reason: 'policy' }, 'deciding'),
    at: fc.constant(0),
  }),
  fc.record({ type: fc.constant('approval-answered' as const), toolCallId: id, approved: fc.boolean(), by: fc.constant('user' as const), at: fc.constant(1) }),
  fc.record({ type: fc.constant('approval-expired' as const), toolCallId: id, at: fc.constant(1) }),
  fc.record({ type: fc.constant('call-started' as const), toolCallId: id }),
);

const loopState = fc.array(loopAction, { maxLength: 12 }).map((actions) => actions.reduce<LoopState>(reduce, initialLoopState));

const partPhase: Record<string, ToolCallPhase> = {
  'input-streaming': 'streaming-input',
  'input-available': 'running',
  'approval-requested': 'awaiting-approval',
  'approval-responded': 'running',
  'output-available': 'done',
  'output-denied': 'denied',
};

describe('selectToolCalls: the one view of a call', () => {
  it('has every call of every message once, where it first appears, with the loop’s phase or the part’s', () => {
    fc.assert(
      fc.property(messages, loopState, (list, loop) => {
        const views = selectToolCalls(list, loop.calls);
        const firstSeen = new Map<string, { messageId: string; part: Record<string, unknown> }>();
        for (const m of list) {
          for (const part of m.parts) if ('toolCallId' in part && !firstSeen.has(part.toolCallId)) firstSeen.set(part.toolCallId, { messageId: m.id, part: part as never });
        }
        expect([...views.keys()]).toEqual([...firstSeen.keys()]);
        for (const [toolCallId, { messageId, part }] of firstSeen) {
          const view = views.get(toolCallId)!;
          expect(view.messageId).toBe(messageId);
          const call = loop.calls.get(toolCallId);
          if (call) {
            expect(view.phase).toBe(call.phase);
            expect(view.toolName).toBe(call.toolName);
          } else {
            const state = part.state as string;
            const expected = state === 'output-error' ? (part.errorText === INTERRUPTED_TOOL_ERROR ? 'interrupted' : 'error') : partPhase[state];
            expect(view.phase).toBe(expected);
            expect(view.toolName).toBe((part.type as string).slice('tool-'.length));
          }
        }
      }),
    );
  });

  it('gives the same view object for a call that did not change', () => {
    fc.assert(
      fc.property(messages, loopState, (list, loop) => {
        const first = selectToolCalls(list, loop.calls);
        const again = selectToolCalls(list.slice(), loop.calls);
        for (const [toolCallId, view] of first) expect(again.get(toolCallId)).toBe(view);
      }),
    );
  });

  it('makes the chat wait for the user whenever any call anywhere waits for approval', () => {
    fc.assert(
      fc.property(messages, loopState, (list, loop) => {
        const activity = deriveActivity({ status: 'ready', error: undefined, messages: list, loop, next: { send: false, final: undefined, rounds: 0 }, maxToolRounds: 5 });
        const waiting = [...loop.calls.values()].some((call) => call.phase === 'awaiting-approval');
        if (waiting) expect(activity.state).toBe('awaiting-approval');
        else expect(activity.state).not.toBe('awaiting-approval');
      }),
    );
  });
});
