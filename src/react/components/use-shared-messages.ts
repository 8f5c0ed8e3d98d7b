import type { UIMessage } from 'ai';
import { useRef } from 'react';

/**
 * The messages with the objects of the last render kept where the content is the same (same
 * id, role and metadata, each part shallowly equal): a whole array replaced with equal content
 * (a reload, `setMessages`) keeps every row's message, so the rows' plain `memo` skips them.
 * The message being streamed always takes the new object. A new array only when a message changed.
 */
export function useSharedMessages(messages: readonly UIMessage[], streamingId: string | undefined): readonly UIMessage[] {
  const last = useRef<{ input: readonly UIMessage[]; output: readonly UIMessage[]; byId: Map<string, UIMessage> } | undefined>(undefined);
  const previous = last.current;
  if (previous && previous.input === messages) return previous.output;
  const byId = new Map<string, UIMessage>();
  let changed = !previous || previous.output.length !== messages.length;
  const output = messages.map((message, index) => {
    const before = previous?.byId.get(message.id);
    const kept = before && before !== message && message.id !== streamingId && sameMessage(before, message) ? before : message;
    if (!changed && previous!.output[index] !== kept) changed = true;
    byId.set(message.id, kept);
    return kept;
  });
  const result = changed || !previous ? output : previous.output;
  // The last render's objects, whether or not React commits it: sharing them is harmless either way.
  last.current = { input: messages, output: result, byId };
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
