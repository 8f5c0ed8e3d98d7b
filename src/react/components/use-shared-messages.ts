import type { UIMessage } from 'ai';
import { useRef } from 'react';

/**
 * The messages with the objects of the last render kept where the content is the same (same
 * id, role and metadata, each part shallowly equal): a whole array replaced with equal content
 * (a reload, `setMessages`) keeps every row's message, so the rows' plain `memo` skips them.
 * The message being streamed always takes the new object. A new array only when a message changed.
 */
export function useSharedMessages(messages: readonly UIMessage[], streamingId: string | undefined): readonly UIMessage[] {
  const last = useRef<{ input: readonly UIMessage[]; output: readonly UIMessage[] } | undefined>(undefined);
  const previous = last.current;
  if (previous && previous.input === messages) return previous.output;
  // Built only when a message is a new object other than the streamed one (a replaced array):
  // while an answer streams, every other row is found by index, with no map per frame.
  let byId: Map<string, UIMessage> | undefined;
  let changed = !previous || previous.output.length !== messages.length;
  const output = messages.map((message, index) => {
    let kept = message;
    if (previous?.input[index] === message) kept = previous.output[index]!;
    else if (previous && message.id !== streamingId) {
      byId ??= new Map(previous.output.map((old) => [old.id, old]));
      const before = byId.get(message.id);
      if (before && sameMessage(before, message)) kept = before;
    }
    if (!changed && previous!.output[index] !== kept) changed = true;
    return kept;
  });
  const result = changed || !previous ? output : previous.output;
  // The last render's objects, whether or not React commits it: sharing them is harmless either way.
  last.current = { input: messages, output: result };
  return result;
}

function sameMessage(a: UIMessage, b: UIMessage): boolean {
  if (a.role !== b.role || a.metadata !== b.metadata || a.parts.length !== b.parts.length) return false;
  return a.parts.every((part, index) => shallowEqual(part, b.parts[index]));
}

function shallowEqual(a: object, b: object | undefined): boolean {
  if (a === b) return true;
  if (!b) return false;
  const keys = Object.keys(a) as (keyof typeof a)[];
  return keys.length === Object.keys(b).length && keys.every((key) => Object.is(a[key], b[key]));
}
