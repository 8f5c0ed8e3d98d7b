import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { initialLoopState, isSettled, reduce, type ApprovalGate, type LoopAction, type LoopState, type ToolCallPhase, type ToolGrant } from 'toolchat/core';

const gates: ApprovalGate[] = [
  { kind: 'run' },
  { kind: 'ask', question: { grantable: true, scope: '/tmp/' } },
  { kind: 'allowed', by: 'policy', reason: 'read-only' },
  { kind: 'allowed', by: 'grant' },
  { kind: 'denied', reason: 'not on weekends' },
];

const ids = ['a', 'b', 'c'];
const id = fc.constantFrom(...ids);
const at = fc.integer({ min: 0, max: 1000 });

const action: fc.Arbitrary<LoopAction> = fc.oneof(
  fc.constant<LoopAction>({ type: 'user-message' }),
  fc.record({ type: fc.constant('request-sent' as const), rounds: fc.integer({ min: 0, max: 6 }), final: fc.constantFrom(undefined, 'max-rounds' as const, 'budget' as const) }),
  fc.record({ type: fc.constant('usage-reported' as const), usage: fc.record({ totalTokens: fc.integer({ min: 0, max: 100 }) }) }),
  fc.record({
    type: fc.constant('response-finished' as const),
    toolCalls: fc.integer({ min: 0, max: 3 }),
    ended: fc.constantFrom('complete' as const, 'aborted' as const, 'error' as const),
    messageId: fc.constantFrom(undefined, 'm1', 'm2'),
    finishReason: fc.constantFrom(undefined, 'stop' as const, 'length' as const, 'tool-calls' as const),
  }),
  fc.record({
    type: fc.constant('call-received' as const),
    call: fc.record({ toolCallId: id, toolName: fc.constant('t'), input: fc.constant({}) }),
    runner: fc.constantFrom('loop' as const, 'app' as const),
    gate: fc.constantFrom<'deciding' | ApprovalGate>(...gates, 'deciding'),
    at,
  }),
  fc.record({ type: fc.constant('approval-decided' as const), toolCallId: id, gate: fc.constantFrom(...gates), at }),
  fc.record({
    type: fc.constant('grants-changed' as const),
    grants: fc.constantFrom<ToolGrant[]>([], [{ toolName: 't', grantedAt: 0 }], [{ toolName: 't', scope: '/tmp/', chatId: 'c1', grantedAt: 1 }]),
  }),
  fc.record({
    type: fc.constant('approval-answered' as const),
    toolCallId: id,
    approved: fc.boolean(),
    by: fc.constantFrom('user' as const, 'grant' as const),
    choice: fc.constantFrom('allow-once' as const, 'deny' as const, 'allow-chat' as const),
    at,
  }),
  fc.record({ type: fc.constant('approval-answered' as const), toolCallId: id, approved: fc.constant(true), by: fc.constant('user' as const), choice: fc.constant('edit' as const), input: fc.constant({ edited: true }), at }),
  fc.record({ type: fc.constant('approval-edit-refused' as const), toolCallId: id, error: fc.string() }),
  fc.record({ type: fc.constant('approval-expired' as const), toolCallId: id, at }),
  fc.record({ type: fc.constant('call-started' as const), toolCallId: id }),
  fc.record({ type: fc.constant('call-progressed' as const), toolCallId: id, output: fc.integer() }),
  fc.record({
    type: fc.constant('call-settled' as const),
    toolCallId: id,
    result: fc.oneof(
      fc.record({ toolCallId: id, toolName: fc.constant('t'), ok: fc.constant(true as const), output: fc.integer() }),
      fc.record({ toolCallId: id, toolName: fc.constant('t'), ok: fc.constant(false as const), error: fc.string() }),
    ),
    output: fc.integer(),
    cancelled: fc.boolean(),
    at,
  }),
  fc.constant<LoopAction>({ type: 'held' }),
  fc.constant<LoopAction>({ type: 'resumed' }),
  fc.record({
    type: fc.constant('stopped' as const),
    abandoned: fc.array(fc.record({ toolCallId: fc.constantFrom('x', 'y'), toolName: fc.constant('t'), input: fc.constant({}) }), { maxLength: 2 }),
    messageId: fc.constantFrom(undefined, 'm1', 'm2'),
    at,
  }),
);

/** Where a phase may go next. */
const next: Record<ToolCallPhase, ToolCallPhase[]> = {
  'streaming-input': [],
  pending: ['awaiting-approval', 'running', 'done', 'error', 'denied', 'cancelled'],
  // (`deciding` → decided keeps the phase, or moves on to awaiting-approval: covered above.)
  'awaiting-approval': ['pending', 'denied', 'expired', 'done', 'error', 'cancelled'],
  running: ['done', 'error', 'cancelled'],
  done: [],
  error: [],
  denied: [],
  expired: [],
  cancelled: [],
  interrupted: [],
};

function run(actions: LoopAction[], check: (prev: LoopState, action: LoopAction, state: LoopState) => void): LoopState {
  let state = initialLoopState;
  for (const a of actions) {
    const before = structuredClone({ calls: [...state.calls], endings: [...state.endings], grants: state.grants });
    const after = reduce(state, a);
    // Pure: the previous state is never changed.
    expect(structuredClone({ calls: [...state.calls], endings: [...state.endings], grants: state.grants })).toEqual(before);
    check(state, a, after);
    state = after;
  }
  return state;
}

describe('reduce', () => {
  it('never changes a settled call, and moves phases only forward along the call’s life', () => {
    fc.assert(
      fc.property(fc.array(action, { maxLength: 40 }), (actions) => {
        run(actions, (prev, _action, state) => {
          for (const [callId, before] of prev.calls) {
            const after = state.calls.get(callId);
            expect(after).toBeDefined();
            if (isSettled(before.phase)) expect(after).toBe(before);
            else if (after!.phase !== before.phase) expect(next[before.phase]).toContain(after!.phase);
          }
        });
      }),
      { numRuns: 500 },
    );
  });

  it('leaves no call open after Stop, and sends nothing until the user writes or continues', () => {
    fc.assert(
      fc.property(fc.array(action, { maxLength: 30 }), (actions) => {
        const state = reduce(run(actions, () => {}), { type: 'stopped', abandoned: [], messageId: 'm1', at: 1 });
        for (const call of state.calls.values()) expect(isSettled(call.phase)).toBe(true);
        expect(state.control).toBe('stopped');
        expect(state.running).toBe(false);
        expect(state.inFlight).toBeUndefined();
      }),
      { numRuns: 300 },
    );
  });

  it('gives each settled call its error or output, and an end time', () => {
    fc.assert(
      fc.property(fc.array(action, { maxLength: 40 }), (actions) => {
        const state = run(actions, () => {});
        for (const call of state.calls.values()) {
          if (!isSettled(call.phase)) continue;
          expect(call.endedAt).toBeTypeOf('number');
          if (call.phase === 'done') expect(call.error).toBeUndefined();
          else expect(call.error).toBeTypeOf('string');
        }
      }),
      { numRuns: 300 },
    );
  });

  it('counts tokens only for responses of a running loop, and resets them with the user’s message', () => {
    fc.assert(
      fc.property(fc.array(action, { maxLength: 40 }), (actions) => {
        run(actions, (prev, a, state) => {
          if (a.type === 'user-message') expect(state.tokensUsed).toBe(0);
          else if (a.type !== 'response-finished' || !prev.running) expect(state.tokensUsed).toBe(prev.tokensUsed);
          else expect(state.tokensUsed).toBe(prev.tokensUsed + (prev.pendingUsage?.totalTokens ?? 0));
        });
      }),
      { numRuns: 300 },
    );
  });
});
