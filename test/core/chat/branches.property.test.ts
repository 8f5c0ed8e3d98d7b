import type { ChatTransport, UIMessage } from 'ai';
import { convertArrayToReadableStream } from 'ai/test';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { createToolChat, memoryGrants, memoryStorage, type ToolChat } from 'toolchat/core';
import { answer } from './script';

/** The reference: a plain tree of texts, each node remembering the child its path goes through. */
interface Node {
  text: string;
  children: Node[];
  active: number;
}

const root = (): Node => ({ text: '', children: [], active: -1 });
const add = (parent: Node, text: string): Node => {
  const node: Node = { text, children: [], active: -1 };
  parent.children.push(node);
  parent.active = parent.children.length - 1;
  return node;
};
/** The path as parents and nodes. */
const walk = (top: Node): { parent: Node; node: Node }[] => {
  const out: { parent: Node; node: Node }[] = [];
  for (let parent = top; parent.active >= 0; parent = parent.children[parent.active]!) out.push({ parent, node: parent.children[parent.active]! });
  return out;
};
const all = (node: Node): string[] => node.children.flatMap((child) => [child.text, ...all(child)]);

const textOf = (message: UIMessage) => message.parts.map((p) => (p.type === 'text' ? p.text : '')).join('');

type Op = { type: 'send' } | { type: 'regenerate' } | { type: 'edit'; at: number } | { type: 'switch'; at: number; to: number };
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.constant({ type: 'send' as const }),
  fc.constant({ type: 'regenerate' as const }),
  fc.record({ type: fc.constant('edit' as const), at: fc.nat(20) }),
  fc.record({ type: fc.constant('switch' as const), at: fc.nat(20), to: fc.nat(5) }),
);

describe('any sequence of sends, edits, regenerates and switches', () => {
  it('keeps the active path valid, every version counted, nothing lost, and the model asked only by sends, edits and regenerates', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { maxLength: 12 }), async (ops) => {
        let answers = 0;
        const requests: UIMessage[][] = [];
        const transport: ChatTransport<UIMessage> = {
          async sendMessages({ messages }) {
            requests.push(structuredClone(messages));
            return convertArrayToReadableStream(answer(`answer ${++answers}`));
          },
          reconnectToStream: async () => null,
        };
        const storage = memoryStorage();
        const chat: ToolChat = createToolChat({ id: 'c', storage, transport, grants: memoryGrants(), throttle: 0 });
        await chat.ready;
        const top = root();
        let written = 0;
        const settle = () => vi.waitFor(() => expect(chat.getState().activity.state).toBe('idle'));
        const answerOf = (node: Node) => add(node, `answer ${answers}`);

        for (const step of ops) {
          const path = walk(top);
          const shown = chat.getState().messages;
          const asked = requests.length;
          if (step.type === 'send') {
            const text = `question ${++written}`;
            await chat.sendMessage(text);
            await settle();
            answerOf(add(path.at(-1)?.node ?? top, text));
          } else if (step.type === 'regenerate') {
            if (shown.at(-1)?.role !== 'assistant') continue;
            await chat.regenerate();
            await settle();
            answerOf(path.at(-1)!.parent);
          } else if (step.type === 'edit') {
            const users = shown.map((message, index) => ({ message, index })).filter(({ message }) => message.role === 'user');
            if (users.length === 0) continue;
            const { message, index } = users[step.at % users.length]!;
            const text = `question ${++written}`;
            await chat.editMessage(message.id, text);
            await settle();
            answerOf(add(path[index]!.parent, text));
          } else {
            if (shown.length === 0) continue;
            const index = step.at % shown.length;
            const { count } = chat.getBranches(shown[index]!.id);
            await chat.switchBranch(shown[index]!.id, step.to % count);
            path[index]!.parent.active = step.to % count;
            expect(requests).toHaveLength(asked);
          }

          // The active path is the reference's, message for message, with its versions counted.
          const now = chat.getState().messages;
          const expected = walk(top);
          expect(now.map(textOf)).toEqual(expected.map(({ node }) => node.text));
          now.forEach((message, index) => {
            const { parent } = expected[index]!;
            expect(chat.getBranches(message.id)).toEqual({ index: parent.active, count: parent.children.length });
          });
          expect(new Set(now.map((message) => message.id)).size).toBe(now.length);
          // The model saw the path it answered, nothing of another branch.
          if (requests.length > asked) expect(requests.at(-1)!.map(textOf)).toEqual(now.slice(0, -1).map(textOf));
        }

        // Kept: a reload shows the same path with the same versions counted.
        const shownBefore = chat.getState().messages;
        const countsBefore = shownBefore.map((message) => chat.getBranches(message.id));
        chat.dispose();
        const reloaded = createToolChat({ id: 'c', storage, transport, grants: memoryGrants(), throttle: 0 });
        await reloaded.ready;
        expect(reloaded.getState().messages.map(textOf)).toEqual(shownBefore.map(textOf));
        expect(reloaded.getState().messages.map((message) => reloaded.getBranches(message.id))).toEqual(countsBefore);

        // Nothing lost: every version ever made is reachable by switching, after the reload too.
        const reached = new Set<string>();
        const visit = async (depth: number): Promise<void> => {
          const message = reloaded.getState().messages[depth];
          if (!message) return;
          const { count } = reloaded.getBranches(message.id);
          for (let index = 0; index < count; index++) {
            await reloaded.switchBranch(reloaded.getState().messages[depth]!.id, index);
            reached.add(textOf(reloaded.getState().messages[depth]!));
            await visit(depth + 1);
          }
        };
        await visit(0);
        expect([...reached].sort()).toEqual(all(top).sort());
        expect(requests.length).toBe(answers);
        reloaded.dispose();
      }),
      { numRuns: 40 },
    );
  });
});
