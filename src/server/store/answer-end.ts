import { getToolName, isToolUIPart, type UIMessage } from 'ai';
import * as z from 'zod';
import { toolErrorMessages } from '../../core/tools/errors';
import { isOpenCall } from './tool-results';

/**
 * How far the client had shown the answer when the user pressed Stop, sent with the stop
 * (`DELETE {api}/{id}/stream`): its last message, its number of parts, and the length of the
 * last one's text. The stored answer is cut back to that, and only ever cut: what the server
 * wrote after the client stopped reading is not kept.
 */
export interface ShownAnswer {
  messageId: string;
  parts: number;
  textLength?: number | undefined;
}

export const shownAnswerSchema = z.object({
  messageId: z.string().min(1).max(128),
  parts: z.number().int().min(0).max(1_000_000),
  textLength: z.number().int().min(0).optional(),
});

/** How an answer ended when it did not simply finish: kept in its metadata, so a reload says so. */
export type StoredEnding = 'stopped' | 'length' | 'content-filter' | 'error';

/**
 * The answer as the user saw it stop. `shown` is how much of it the client had shown (it
 * named this answer), `'nothing'` when the client showed none of it (it named the message
 * before), `undefined` when the stop said nothing that applies. The answer is cut to what was
 * shown (only ever cut), its calls still open end as cancelled, and its ending is recorded.
 * `undefined`: nothing of it was shown, so nothing is kept. An answer that was not in flight
 * and that the stop changed in nothing stays as it was: a stop that came late marks nothing.
 */
export function stoppedAnswer(answer: UIMessage, shown: Pick<ShownAnswer, 'parts' | 'textLength'> | 'nothing' | undefined, inFlight: boolean): UIMessage | undefined {
  if (shown === 'nothing') return undefined;
  let parts = answer.parts;
  if (shown && shown.parts <= parts.length) {
    const kept = parts.slice(0, shown.parts);
    const last = kept.at(-1);
    if (last && (last.type === 'text' || last.type === 'reasoning') && shown.textLength !== undefined && shown.textLength < last.text.length) {
      kept[kept.length - 1] = { ...last, text: last.text.slice(0, shown.textLength) };
    }
    if (kept.length === 0) return undefined;
    if (kept.length !== parts.length || kept.at(-1) !== parts.at(-1)) parts = kept;
  }
  const ended = parts.map((part) => (isToolUIPart(part) && (part.state === 'input-streaming' || isOpenCall(part)) ? cancel(part) : part));
  const changed = parts !== answer.parts || ended.some((part, i) => part !== parts[i]);
  if (!changed && !inFlight) return answer;
  return withEnding({ ...answer, parts: ended }, 'stopped');
}

function hasOpenCalls(parts: UIMessage['parts']): boolean {
  return parts.some((part) => isToolUIPart(part) && (part.state === 'input-streaming' || isOpenCall(part)));
}

type ToolPart = Extract<UIMessage['parts'][number], { toolCallId: string }>;

/** A call the user stopped: the error result the browser gives it too ("Cancelled"). */
function cancel(part: ToolPart): UIMessage['parts'][number] {
  const { output: _output, errorText: _errorText, rawInput: _rawInput, inputEncoding: _encoding, approval: _approval, preliminary: _preliminary, ...rest } =
    part as ToolPart & { rawInput?: unknown; inputEncoding?: unknown; preliminary?: unknown };
  return { ...rest, state: 'output-error', input: part.input, errorText: toolErrorMessages.cancelled(getToolName(part)) } as UIMessage['parts'][number];
}

/**
 * Calls of a stored answer that nothing will answer any more (the user moved on with a new
 * message, an edit): ended as cancelled, so the conversation stays valid for every provider.
 */
export function withOpenCallsCancelled(message: UIMessage): UIMessage {
  if (message.role !== 'assistant' || !hasOpenCalls(message.parts)) return message;
  return { ...message, parts: message.parts.map((part) => (isToolUIPart(part) && (part.state === 'input-streaming' || isOpenCall(part)) ? cancel(part) : part)) };
}

/** The answer with its ending in its metadata (`{ …, ending }`), beside the usage toolchat keeps there. */
export function withEnding(message: UIMessage, ending: StoredEnding | undefined): UIMessage {
  if (ending === undefined) return message;
  const metadata = typeof message.metadata === 'object' && message.metadata !== null && !Array.isArray(message.metadata) ? message.metadata : {};
  return { ...message, metadata: { ...metadata, ending } };
}
