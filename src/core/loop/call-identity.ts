import type { UIMessage, UIMessageChunk } from 'ai';
import { isToolUIPart } from '../chat/ui-part';
import { jsonOf, withinInputLimits } from '../tools/input-limits';
import { FORBIDDEN_KEY_MESSAGE, hasForbiddenKey, withoutForbiddenKeys } from '../tools/safe-json';
import { hasToolResult } from './rounds';

/** What the stage needs to know of the chat, read when a chunk passes. */
export interface CallIdentityContext {
  /** A tool the browser runs: a result for its call can only come from the browser. */
  isBrowserTool(toolName: string): boolean;
  /** A call the loop already has a record of. */
  isKnownCall(toolCallId: string): boolean;
}

/**
 * Gives every tool call of a response an id no other call of the chat has, and drops chunks
 * that must not reach the chat. The AI SDK finds a call's part by its id (and `addToolOutput`
 * answers the first part with that id in the whole conversation), so a provider that numbers
 * its calls `call_0` in every response, or sends empty ids, would have the new call answered in
 * an old turn and never run. Such calls get a fresh id (`call_0-2`) for the rest of the response.
 *
 * Dropped: the same call repeated within the response (same id, tool and input), and a result
 * sent for a call the browser runs (only the browser makes that result). Input with a key that
 * reaches a prototype, nested deeper than 64 levels or over 1,000,000 characters of JSON
 * becomes an input error for that one call.
 */
export function createCallIdentity(messages: readonly UIMessage[], context: CallIdentityContext): (chunk: UIMessageChunk) => UIMessageChunk | undefined {
  // The conversation's call ids, read the first time a call needs them: an answer in text
  // never walks a long thread. `open`: calls still waiting for a result, which a continuation
  // may go on with under their own id.
  let known: { used: Set<string>; open: Set<string> } | undefined;
  const conversation = () => {
    if (known) return known;
    known = { used: new Set(), open: new Set() };
    for (const message of messages) {
      for (const part of message.parts) {
        if (!isToolUIPart(part)) continue;
        known.used.add(part.toolCallId);
        if (!hasToolResult(part)) known.open.add(part.toolCallId);
      }
    }
    return known;
  };
  /** The id each id the stream used now stands for. */
  const ids = new Map<string, string>();
  /** Calls introduced in this response, by their id in the chat; `input` once complete. */
  const calls = new Map<string, { toolName: string; input?: string }>();
  const browserCalls = new Set<string>();

  const fresh = (id: string): string => {
    const { used } = conversation();
    const base = id === '' ? 'call' : id;
    let n = 2;
    while (used.has(`${base}-${n}`) || context.isKnownCall(`${base}-${n}`)) n++;
    const next = `${base}-${n}`;
    used.add(next);
    return next;
  };
  /** The id of a call that starts here: its own, unless another call of the chat has it. */
  const introduce = (id: string, toolName: string): string => {
    const { used, open } = conversation();
    // A call the loop knows but the conversation no longer holds (an answer regenerated, a
    // message edited) is taken too: its record would answer for the new call.
    const reused = id === '' || ((used.has(id) || context.isKnownCall(id)) && !open.has(id)) || calls.has(id);
    const assigned = reused ? fresh(id) : id;
    used.add(assigned);
    ids.set(id, assigned);
    calls.set(assigned, { toolName });
    return assigned;
  };

  return (chunk) => {
    switch (chunk.type) {
      case 'tool-input-start': {
        const current = ids.get(chunk.toolCallId);
        // A second start of a call still streaming is the same call; after its input, a new one.
        const toolCallId = current !== undefined && calls.get(current)?.input === undefined ? current : introduce(chunk.toolCallId, chunk.toolName);
        return toolCallId === chunk.toolCallId ? chunk : { ...chunk, toolCallId };
      }
      case 'tool-input-delta': {
        const toolCallId = ids.get(chunk.toolCallId) ?? chunk.toolCallId;
        return toolCallId === chunk.toolCallId ? chunk : { ...chunk, toolCallId };
      }
      case 'tool-input-available':
      case 'tool-input-error': {
        const json = jsonOf(chunk.input);
        // Inputs compare by their JSON; one that cannot be written is never equal to another.
        const key = json ?? (chunk.input === undefined ? 'undefined' : `unserializable-${Math.random()}`);
        let toolCallId = ids.get(chunk.toolCallId);
        const known = toolCallId === undefined ? undefined : calls.get(toolCallId);
        if (toolCallId === undefined || !known) {
          // No start in this response: a call of its own, or one the conversation left open.
          toolCallId =
            conversation().open.has(chunk.toolCallId) && !calls.has(chunk.toolCallId) ? chunk.toolCallId : introduce(chunk.toolCallId, chunk.toolName);
          if (toolCallId === chunk.toolCallId) calls.set(toolCallId, { toolName: chunk.toolName });
        } else if (known.input !== undefined) {
          // The same call again (a repeated chunk) is dropped; anything else under its id is a new call.
          if (known.toolName === chunk.toolName && known.input === key) return undefined;
          toolCallId = introduce(chunk.toolCallId, chunk.toolName);
        }
        calls.set(toolCallId, { toolName: chunk.toolName, input: key });
        if (chunk.type === 'tool-input-available' && !chunk.providerExecuted && context.isBrowserTool(chunk.toolName)) browserCalls.add(toolCallId);
        const renamed = toolCallId === chunk.toolCallId ? chunk : { ...chunk, toolCallId };
        // Kept as it is, such an input would fail every later request: it goes as `{}`.
        const limited = withinInputLimits(renamed, json);
        if (limited !== renamed) return limited;
        if (renamed.type === 'tool-input-available' && hasForbiddenKey(renamed.input)) {
          const { input, ...rest } = renamed;
          return { ...rest, type: 'tool-input-error', input: withoutForbiddenKeys(input), errorText: `Invalid input for tool "${chunk.toolName}": ${FORBIDDEN_KEY_MESSAGE}.` };
        }
        return renamed;
      }
      case 'tool-output-available':
      case 'tool-output-error':
      case 'tool-output-denied': {
        const toolCallId = ids.get(chunk.toolCallId) ?? chunk.toolCallId;
        if (browserCalls.has(toolCallId) || context.isKnownCall(toolCallId)) return undefined;
        return toolCallId === chunk.toolCallId ? chunk : { ...chunk, toolCallId };
      }
      case 'tool-approval-request': {
        const toolCallId = ids.get(chunk.toolCallId) ?? chunk.toolCallId;
        return toolCallId === chunk.toolCallId ? chunk : { ...chunk, toolCallId };
      }
      default:
        return chunk;
    }
  };
}
