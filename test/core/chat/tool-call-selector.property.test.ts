import type { UIMessage } from 'ai';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import {
  createChatPersistence,
  createToolChat,
  defineTool,
  initialLoopState,
  INTERRUPTED_TOOL_ERROR,
  memoryGrants,
  memoryStorage,
  reduce,
  selectToolCalls,
  type ApprovalGate, type LoopAction,
  type LoopState,
} from 'toolchat/core';
// The chat's own selector (behind `ToolChat.getToolCalls`): kept up to date per change.
import { createToolCallsSelector } from '../../../src/core/chat/tool-call-views';

const ids = ['c0', 'c1', 'c2', 'c3', 'c4', 'c5'];
const id = fc.constantFrom(...ids);

const toolPart = fc
  .record({ toolCallId: id, tool: fc.constantFrom('search', 'deleteFile'), kind: fc.integer({ min: 0, max: 5 }), q: fc.integer({ min: 0, max: 3 }) })
  .map(({ toolCallId, tool, kind, q }) => {
    const base = { type: `tool-${tool}`, toolCallId, input: { q } };
    switch (kind) {
      case 0:
        return { ...base, state: 'input-streaming' };
      case 1:
        return { ...base, state: 'input-available' };
      case 2:
        return { ...base, state: 'approval-requested', approval: { id: toolCallId } };
      case 3:
        return { ...base, state: 'output-available', output: { hits: q } };
      case 4:
        return { ...base, state: 'output-error', errorText: INTERRUPTED_TOOL_ERROR };
      default:
        return { ...base, state: 'output-denied', approval: { id: toolCallId, approved: false } };
    }
  });

const part = fc.oneof(toolPart, fc.constant({ type: 'step-start' }), fc.constant({ type: 'text', text: 'x', state: 'done' }));
const parts = fc.array(part, { maxLength: 4 });

let made = 0;
const newMessage = (list: object[]): UIMessage => ({ id: `m${made++}`, role: 'assistant', parts: list }) as UIMessage;

/** A change of the conversation or of the loop, as a chat sees them one at a time. */
type Step =
  | { kind: 'replace'; at: number; parts: object[] }
  | { kind: 'append-part'; at: number; part: object }
  | { kind: 'copy'; at: number }
  | { kind: 'insert'; at: number; parts: object[] }
  | { kind: 'remove'; at: number }
  | { kind: 'loop'; action: LoopAction }
  | { kind: 'same' };

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

const at = fc.nat({ max: 20 });
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('replace' as const), at, parts }),
  fc.record({ kind: fc.constant('append-part' as const), at, part }),
  fc.record({ kind: fc.constant('copy' as const), at }),
  fc.record({ kind: fc.constant('insert' as const), at, parts }),
  fc.record({ kind: fc.constant('remove' as const), at }),
  fc.record({ kind: fc.constant('loop' as const), action: loopAction }),
  fc.constant({ kind: 'same' as const }),
);

/** Applies a step the way `ChatState` does: a changed message is a new object, the others keep theirs. */
function apply(messages: UIMessage[], loop: LoopState, s: Step): { messages: UIMessage[]; loop: LoopState } {
  const next = messages.slice();
  const index = messages.length === 0 ? 0 : s.kind === 'insert' ? s.at % (messages.length + 1) : 'at' in s ? s.at % messages.length : 0;
  const target = messages[index];
  switch (s.kind) {
    case 'replace':
      if (target) next[index] = { ...target, parts: s.parts as UIMessage['parts'] };
      return { messages: next, loop };
    case 'append-part':
      if (target) next[index] = { ...target, parts: [...target.parts, s.part as UIMessage['parts'][number]] };
      return { messages: next, loop };
    case 'copy':
      // A streamed chunk that changed nothing a view shows: new objects, same content.
      if (target) next[index] = { ...target, parts: target.parts.map((p) => ({ ...p })) };
      return { messages: next, loop };
    case 'insert':
      next.splice(index, 0, newMessage(s.parts));
      return { messages: next, loop };
    case 'remove':
      next.splice(index, 1);
      return { messages: next, loop };
    case 'loop':
      return { messages, loop: reduce(loop, s.action) };
    case 'same':
      return { messages, loop };
  }
}

const shallowEqual = (a: object, b: object) => {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => Object.is((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
};

describe('the chat’s tool-call selector, kept up to date per change', () => {
  it('equals the views worked out from scratch after any sequence of updates, inserts, removals and loop changes', () => {
    fc.assert(
      fc.property(fc.array(parts, { maxLength: 8 }), fc.array(step, { maxLength: 25 }), (initial, steps) => {
        const select = createToolCallsSelector();
        let messages = initial.map(newMessage);
        let loop = initialLoopState;
        let previous = select(messages, loop.calls);
        for (const s of steps) {
          const before = { messages, loop };
          ({ messages, loop } = apply(messages, loop, s));
          const views = select(messages, loop.calls);
          // From scratch: copies share no object with anything the selector has seen.
          const fresh = selectToolCalls(structuredClone(messages), loop.calls);
          expect([...views.keys()]).toEqual([...fresh.keys()]);
          for (const [toolCallId, view] of views) expect(view).toEqual(fresh.get(toolCallId));
          if (before.messages === messages && before.loop.calls === loop.calls) expect(views).toBe(previous);
          // A view whose call did not change (the same values, by reference) is the same object: React rows bail out on it.
          for (const [toolCallId, view] of views) {
            const old = previous.get(toolCallId);
            if (old && shallowEqual(old, view)) expect(view).toBe(old);
          }
          previous = views;
        }
      }),
      { numRuns: 300 },
    );
  });

  it('keeps the same map while a chunk changes no call (text streaming at the end of a long thread)', () => {
    const select = createToolCallsSelector();
    const thread = Array.from({ length: 1000 }, (_, i) =>
      newMessage([{ type: 'tool-search', toolCallId: `t${i}`, state: 'output-available', input: { q: i }, output: { hits: i } }]),
    );
    const answer = newMessage([{ type: 'text', text: '', state: 'streaming' }]);
    let messages = [...thread, answer];
    const first = select(messages, initialLoopState.calls);
    expect(first.size).toBe(1000);
    for (let token = 0; token < 5; token++) {
      const last = messages.at(-1)!;
      messages = [...messages.slice(0, -1), { ...last, parts: [{ type: 'text', text: `${token}`, state: 'streaming' }] }];
      expect(select(messages, initialLoopState.calls)).toBe(first);
    }
  });
});

describe('given a call waiting for approval in an old message of a 1,000-message thread', () => {
  const user = (id: string, text: string): UIMessage => ({ id, role: 'user', parts: [{ type: 'text', text }] });
  const reply = (id: string, text: string): UIMessage => ({ id, role: 'assistant', parts: [{ type: 'step-start' }, { type: 'text', text, state: 'done' }] });
  function thread(): UIMessage[] {
    const messages: UIMessage[] = [];
    for (let i = 0; i < 500; i++) {
      messages.push(user(`u${i}`, `Question ${i}`));
      messages.push(
        i === 3
          ? {
              id: `a${i}`,
              role: 'assistant',
              parts: [
                { type: 'step-start' },
                { type: 'tool-deleteFile', toolCallId: 'old', state: 'approval-requested', input: { path: '/old' }, approval: { id: 'old' } },
              ],
            }
          : reply(`a${i}`, `Answer ${i}`),
      );
    }
    return messages;
  }

  it('still counts while newer messages change, and its view follows the approval', async () => {
    const deleted: string[] = [];
    const storage = memoryStorage();
    await createChatPersistence({ storage, chatId: 'long' }).save(thread(), { immediate: true });
    const chat = createToolChat({
      id: 'long',
      storage,
      transport: { sendMessages: async () => new ReadableStream(), reconnectToStream: async () => null },
      grants: memoryGrants(),
      tools: {
        deleteFile: defineTool({
          inputSchema: z.object({ path: z.string() }),
          needsApproval: true,
          execute: async ({ path }) => {
            deleted.push(path);
            return { deleted: path };
          },
        }),
      },
    });
    await chat.ready;
    expect(chat.getToolCall('old')).toMatchObject({ phase: 'awaiting-approval', messageId: 'a3' });
    expect(chat.getState().activity.state).toBe('awaiting-approval');

    // Newer messages change (an edit, a reply added at the end): the old call is still there and waiting.
    const before = chat.getToolCalls();
    const messages: UIMessage[] = chat.getState().messages.slice();
    messages[900] = reply('a450', 'Edited answer');
    chat.setMessages([...messages, user('u-new', 'Hello?'), reply('a-new', 'Hi.')]);
    expect(chat.getToolCalls().get('old')).toBe(before.get('old'));
    expect(chat.getState().activity.state).toBe('awaiting-approval');

    chat.approve('old');
    await vi.waitFor(() => expect(deleted).toEqual(['/old']));
    await vi.waitFor(() => expect(chat.getToolCall('old')).toMatchObject({ phase: 'done', output: { deleted: '/old' }, messageId: 'a3' }));
    expect(chat.getState().activity.state).not.toBe('awaiting-approval');
    chat.dispose();
  });
});
