import { getToolName, isToolUIPart, type UIMessage } from 'ai';
import { quoteClientText } from '../request/client-text';
import { toolErrorMessages } from '../../core/tools/errors';
import { sameJson } from './same-json';

type Part = UIMessage['parts'][number];
type ToolPart = Extract<Part, { toolCallId: string }>;

/** A request refused: the status and what the client sent that was refused. */
export interface Refusal {
  ok: false;
  status: 400 | 409;
  message: string;
  /** Whether sending it again later can succeed (a `409` of a client that is behind can, a second result cannot). */
  retryable?: boolean;
}

/** The fields of a tool part that hold its result (or approval): the only ones a client may write. */
const RESULT_FIELDS = ['state', 'output', 'errorText', 'approval', 'preliminary', 'resultProviderMetadata'] as const;

/** Whether a call still waits for a result someone else gives (the browser, or the user's approval). */
export function isOpenCall(part: ToolPart): boolean {
  return part.state === 'input-available' || part.state === 'approval-requested' || (part.state === 'approval-responded' && part.approval.approved);
}

function hasResult(part: ToolPart): boolean {
  return part.state === 'output-available' || part.state === 'output-error' || part.state === 'output-denied';
}

/**
 * A stored answer as the browser holds it after a retry: calls whose input never finished (a
 * cut stream) are dropped, with the step openings they leave at the end (see the chat's
 * `dropIncompleteCalls`). No provider takes a call without input either.
 */
export function withoutIncompleteCalls(message: UIMessage): UIMessage {
  const parts = message.parts.filter((part) => !(isToolUIPart(part) && part.state === 'input-streaming'));
  if (parts.length === message.parts.length) return message;
  while (parts.at(-1)?.type === 'step-start') parts.pop();
  return { ...message, parts };
}

/**
 * The stored answer with what the client sent for it: results of its browser calls that have
 * none yet, approvals of its server calls that wait for one. Everything else must be what the
 * store holds, or the request is refused: a part added, removed or changed, a call the answer
 * never made, a result for a server tool (only the server runs those), a second result for a
 * call (`409`: the first one stays). A copy that stops short of the stored answer (the page's
 * stream broke while the server went on) is a client that is behind: `409`, reload.
 */
export function mergeToolResults(
  stored: UIMessage,
  sent: UIMessage,
  options: { isServerTool: (toolName: string) => boolean; at?: string },
): { ok: true; message: UIMessage; added: number } | Refusal {
  const at = options.at ?? 'messages[0]';
  const base = withoutIncompleteCalls(stored);
  const incoming = withoutIncompleteCalls(sent);
  // A copy of the answer that stopped short of it (the page's stream broke while the server
  // went on): a client that is behind, not one that writes; it must read the answer first.
  if (isBehind(incoming, base)) {
    return { ...refuse(409, `This answer went on on the server after ${at} ends: reload the chat to see it`), retryable: false };
  }
  if (incoming.parts.length !== base.parts.length) {
    return refuse(400, `Invalid tool results: ${at} has ${incoming.parts.length} parts where the stored answer has ${base.parts.length}; parts cannot be added or removed, only results of its open calls sent`);
  }
  let added = 0;
  const parts: Part[] = [];
  for (let i = 0; i < base.parts.length; i++) {
    const mine = base.parts[i]!;
    const theirs = incoming.parts[i]!;
    const where = `${at}.parts[${i}]`;
    if (!isToolUIPart(mine)) {
      if (!sameJson(withoutStreamState(mine), withoutStreamState(theirs))) {
        return refuse(400, `Invalid tool results: ${where} (${quoteClientText(String(theirs.type))}) differs from the stored answer; only results of its open calls can be sent`);
      }
      parts.push(mine);
      continue;
    }
    if (!isToolUIPart(theirs) || !sameCallId(mine.toolCallId, theirs.toolCallId)) {
      const id = isToolUIPart(theirs) ? theirs.toolCallId : undefined;
      return refuse(400, `Invalid tool results: ${where} is ${id === undefined ? 'not a tool call' : `tool call ${quoteClientText(id)}`}, not a call the stored answer made there (${quoteClientText(mine.toolCallId)})`);
    }
    // A call the user edited before it ran comes with the user's input and a result that says so
    // (the browser's `toRequestMessages`): its input is the one thing besides the result it may change.
    const edited = !hasResult(mine) && isEditedResult(theirs);
    if (!sameJson(withoutResult(mine, edited), withoutResult(theirs, edited))) {
      return refuse(400, `Invalid tool results: the call ${quoteClientText(mine.toolCallId)} (${where}) differs from the stored one; only its result can be sent`);
    }
    const merged = takeResult(mine, theirs, options.isServerTool);
    if ('refused' in merged) {
      return merged.refused === 'second'
        ? { ...refuse(409, `Tool call ${quoteClientText(mine.toolCallId)} already has a result: the first one stays, this one was not taken`), retryable: false }
        : refuse(400, `Invalid tool results: ${where}: ${merged.refused}`);
    }
    if (merged.part !== mine) added++;
    parts.push(edited && merged.part !== mine ? ({ ...merged.part, input: theirs.input } as Part) : merged.part);
  }
  return { ok: true, message: added === 0 && base === stored ? stored : { ...base, parts }, added };
}

type Taken = { part: Part } | { refused: 'second' | string };

/** The stored call with the client's result (or approval), if it may take it. */
function takeResult(mine: ToolPart, theirs: ToolPart, isServerTool: (toolName: string) => boolean): Taken {
  const toolName = getToolName(mine);
  // Nothing new: the client holds the call as it was (or shows it running, approving…).
  if (!hasResult(theirs) && !(theirs.state === 'approval-responded' && mine.state === 'approval-requested')) return { part: mine };
  if (hasResult(mine) || (mine.state === 'approval-responded' && theirs.state === 'approval-responded')) {
    return sameJson(resultOf(mine), resultOf(theirs)) ? { part: mine } : { refused: 'second' };
  }
  if (!isOpenCall(mine)) return { refused: `the call ${quoteClientText(mine.toolCallId)} is not waiting for a result` };
  const serverSide = isServerTool(toolName) || mine.providerExecuted === true;
  if (theirs.state === 'approval-responded') {
    const approval = theirs.approval as { id?: unknown; approved?: unknown; reason?: unknown };
    const asked = (mine as { approval?: { id: string } }).approval;
    if (!asked || approval.id !== asked.id || typeof approval.approved !== 'boolean' || (approval.reason !== undefined && typeof approval.reason !== 'string')) {
      return { refused: `the approval of ${quoteClientText(mine.toolCallId)} does not answer the one the answer asked` };
    }
    const reason = typeof approval.reason === 'string' ? { reason: approval.reason } : {};
    return { part: { ...mine, state: 'approval-responded', approval: { ...asked, approved: approval.approved, ...reason } } as Part };
  }
  if (serverSide) return { refused: `${quoteClientText(toolName)} is a server tool: only the server gives its results` };
  if (theirs.state === 'output-available') {
    if (theirs.preliminary === true) return { refused: 'a preliminary output is not a result' };
    return { part: { ...stripResult(mine), state: 'output-available', output: theirs.output } as Part };
  }
  if (theirs.state === 'output-error') {
    if (typeof theirs.errorText !== 'string') return { refused: 'an error result needs its errorText' };
    return { part: { ...stripResult(mine), state: 'output-error', errorText: theirs.errorText } as Part };
  }
  // A denial answers an approval the answer asked for.
  const approval = theirs.approval as { approved?: unknown; reason?: unknown } | undefined;
  const asked = (mine as { approval?: { id: string } }).approval;
  if (!asked || approval?.approved !== false) return { refused: `the call ${quoteClientText(mine.toolCallId)} was not asked for approval` };
  const reason = typeof approval.reason === 'string' ? { reason: approval.reason } : {};
  return { part: { ...stripResult(mine), state: 'output-denied', approval: { id: asked.id, approved: false, ...reason } } as Part };
}

/** A browser call's result after the user edited its input: the note the model reads first (`toolErrorMessages.edited`). */
function isEditedResult(part: ToolPart): boolean {
  const note = toolErrorMessages.edited(getToolName(part));
  if (part.state === 'output-error') return typeof part.errorText === 'string' && part.errorText.startsWith(`${note}. `);
  if (part.state !== 'output-available') return false;
  const output: unknown = part.output;
  if (typeof output !== 'object' || output === null || Array.isArray(output)) return false;
  const keys = Object.keys(output);
  return keys.length === 2 && Object.hasOwn(output, 'output') && (output as { note?: unknown }).note === note;
}

function stripResult(part: ToolPart): Record<string, unknown> {
  const rest: Record<string, unknown> = { ...part };
  for (const field of RESULT_FIELDS) delete rest[field];
  return rest;
}

/** The call as the client may hold it: all but its result, and its id (compared on its own, see `sameCallId`). */
function withoutResult(part: ToolPart, withoutInput = false): Record<string, unknown> {
  const rest = stripResult(part);
  delete rest.toolCallId;
  if (withoutInput) delete rest.input;
  return rest;
}

/**
 * Whether the client's id names the stored call: the same id, or the one the chat gave the call
 * because it still remembered another call of that id (an answer regenerated away, a provider
 * numbering its calls `call_0` in every answer): `call_0-2`, `call-2` for an empty id. The stored
 * call keeps its id; the result is taken for it, at its place.
 */
export function sameCallId(stored: string, sent: string): boolean {
  if (stored === sent) return true;
  const base = stored === '' ? 'call' : stored;
  return sent.length > base.length + 1 && sent.startsWith(`${base}-`) && /^\d+$/.test(sent.slice(base.length + 1));
}

function resultOf(part: ToolPart): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const field of RESULT_FIELDS) result[field] = (part as Record<string, unknown>)[field];
  // The browser keeps an approval of its own tools to itself (see the chat's request messages).
  if (part.state === 'output-available' || part.state === 'output-error') delete result.approval;
  return result;
}

/** Whether `copy` is the start of `answer` and no more (fewer parts, or its last text shorter). */
function isBehind(copy: UIMessage, answer: UIMessage): boolean {
  const parts = copy.parts;
  if (parts.length > answer.parts.length) return false;
  let shorter = parts.length < answer.parts.length;
  for (let i = 0; i < parts.length; i++) {
    const theirs = parts[i]!;
    const mine = answer.parts[i]!;
    const last = i === parts.length - 1;
    if (last && (theirs.type === 'text' || theirs.type === 'reasoning') && mine.type === theirs.type && theirs.text.length < mine.text.length) {
      if (!mine.text.startsWith(theirs.text)) return false;
      shorter = true;
      continue;
    }
    // Calls the copy holds as stored (no result of its own): only the stored answer goes on.
    if (isToolUIPart(mine) && isToolUIPart(theirs)) {
      if (!sameCallId(mine.toolCallId, theirs.toolCallId) || !sameJson(withoutResult(mine), withoutResult(theirs))) return false;
      if (hasResult(theirs) && !sameJson(resultOf(mine), resultOf(theirs))) return false;
      continue;
    }
    if (!sameJson(withoutStreamState(mine), withoutStreamState(theirs))) return false;
  }
  return shorter;
}

/** A text's or reasoning's streaming state says when it arrived, not what it is. */
function withoutStreamState(part: Part): unknown {
  if ((part.type !== 'text' && part.type !== 'reasoning') || !('state' in part)) return part;
  const { state: _state, ...rest } = part;
  return rest;
}

function refuse(status: 400 | 409, message: string): Refusal {
  return { ok: false, status, message };
}
