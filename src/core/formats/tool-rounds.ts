import { getToolName, isToolUIPart } from 'ai';
import type { DynamicToolUIPart, ProviderMetadata, ReasoningUIPart, TextUIPart, ToolUIPart, UIMessage } from 'ai';
import type {
  AnswerLayout,
  CompactConversation,
  CompactMessage,
  CompactToolCall,
  CompactToolResult,
  ReasoningPartDetails,
  TextPartDetails,
  ToolRound,
} from './compact-types';

export type * from './compact-types';

/*
 * The compact form of an assistant message: the final answer as `content`, and beside it the
 * tool rounds, each with the text streamed before its calls, the calls and their results.
 *
 * Kept: text and reasoning (with their `state` when not `'done'`, reasoning ids, citations and
 * provider metadata), step boundaries, tool calls with input, output, error text, approval,
 * title, tool metadata, `providerExecuted`, `preliminary` and call/result provider metadata,
 * static or dynamic tool parts, and the message's id, role and metadata.
 * Not kept by `toToolRounds`: any other part (files, sources, data parts, custom parts,
 * steering messages), a missing `state` on text/reasoning (it comes back as `'done'`), the
 * deprecated `rawInput` of errored calls and `dynamic: false` on normalized tool parts.
 * `toCompactMessages` never loses them: a message that would not come back identical stays
 * a plain `UIMessage`.
 */

type MessagePart = UIMessage['parts'][number];
type ToolPart = ToolUIPart | DynamicToolUIPart;

interface Segment {
  stepStart: boolean;
  reasoning?: ReasoningUIPart;
  text?: TextUIPart;
  tools: ToolPart[];
}


/** Drops undefined values so absent and undefined fields look the same (as after JSON). */
function defined<T extends object>(value: { [K in keyof T]: T[K] | undefined }): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

function details<T extends { state?: 'streaming' | 'done' }>(part: T & { type: string; text: string }) {
  const { type: _type, text: _text, ...rest } = part;
  const kept = defined<Record<string, unknown>>(rest) as Partial<T>;
  if (kept.state === 'done') delete kept.state;
  return Object.keys(kept).length > 0 ? (kept as Omit<T, 'type' | 'text'>) : undefined;
}

function compactCall(part: ToolPart): { call: CompactToolCall; result?: CompactToolResult } {
  const p = part as ToolPart & Record<string, unknown>;
  const toolName = getToolName(part);
  const call = defined<CompactToolCall>({
    toolCallId: part.toolCallId,
    toolName,
    input: part.input,
    dynamic: part.type === 'dynamic-tool' ? (true as const) : undefined,
    title: part.title,
    toolMetadata: part.toolMetadata,
    providerExecuted: part.providerExecuted,
    providerMetadata: part.callProviderMetadata,
    approval: part.approval,
    inputStreaming:
      part.state === 'input-streaming'
        ? defined<NonNullable<CompactToolCall['inputStreaming']>>({ rawInput: part.rawInput, inputEncoding: part.inputEncoding })
        : undefined,
  });
  const id = { toolCallId: part.toolCallId, toolName };
  const resultMetadata = p.resultProviderMetadata as ProviderMetadata | undefined;
  switch (part.state) {
    case 'output-available':
      return {
        call,
        result: defined<CompactToolResult>({ ...id, ok: true as const, output: part.output, preliminary: part.preliminary, providerMetadata: resultMetadata }),
      };
    case 'output-error':
      return { call, result: defined<CompactToolResult>({ ...id, ok: false as const, error: part.errorText, providerMetadata: resultMetadata }) };
    case 'output-denied': {
      const reason = part.approval.reason;
      const error = reason === undefined ? 'denied by the user' : `denied by the user: ${reason}`;
      return { call, result: { ...id, ok: false, error, denied: true } };
    }
    default:
      return { call };
  }
}

function compactSegment(segment: Segment): ToolRound {
  const toolCalls: CompactToolCall[] = [];
  const results: CompactToolResult[] = [];
  for (const part of segment.tools) {
    const { call, result } = compactCall(part);
    toolCalls.push(call);
    if (result) results.push(result);
  }
  return defined<ToolRound>({
    assistantResponse: segment.text?.text,
    reasoning: segment.reasoning?.text,
    toolCalls,
    results,
    stepStart: segment.stepStart ? undefined : (false as const),
    textDetails: segment.text && details(segment.text),
    reasoningDetails: segment.reasoning && details(segment.reasoning),
  });
}

function segmentsOf(parts: readonly MessagePart[]): Segment[] {
  const segments: Segment[] = [];
  let current: Segment | undefined;
  const open = (stepStart: boolean): Segment => {
    current = { stepStart, tools: [] };
    segments.push(current);
    return current;
  };
  for (const part of parts) {
    if (part.type === 'step-start') {
      open(true);
    } else if (part.type === 'reasoning') {
      const segment = current && !current.reasoning && !current.text && current.tools.length === 0 ? current : open(false);
      segment.reasoning = part;
    } else if (part.type === 'text') {
      const segment = current && !current.text && current.tools.length === 0 ? current : open(false);
      segment.text = part;
    } else if (isToolUIPart(part)) {
      (current ?? open(false)).tools.push(part);
    }
  }
  return segments;
}

function layoutOf(final: Segment | undefined): AnswerLayout | undefined {
  if (!final) return 'none';
  if (final.stepStart) return final.text ? undefined : 'no-text';
  return final.text ? 'no-step-start' : 'reasoning-only';
}

/**
 * The compact form of one message: `content` is only the final answer; each round keeps the
 * text streamed before its calls, its calls and their results. Parts other than text,
 * reasoning, tools and step boundaries are not kept (see `toCompactMessages`).
 */
export function toToolRounds(message: UIMessage): CompactMessage {
  const segments = segmentsOf(message.parts);
  const last = segments.at(-1);
  const final = last && last.tools.length === 0 ? last : undefined;
  const rounds = final ? segments.slice(0, -1) : segments;
  return defined<CompactMessage>({
    id: message.id,
    role: message.role,
    metadata: message.metadata,
    content: final?.text?.text ?? '',
    toolRounds: rounds.map(compactSegment),
    reasoning: final?.reasoning?.text,
    answerLayout: layoutOf(final),
    textDetails: final?.text && details(final.text),
    reasoningDetails: final?.reasoning && details(final.reasoning),
  });
}

function toolPart(call: CompactToolCall, result: CompactToolResult | undefined): MessagePart {
  const head = call.dynamic ? { type: 'dynamic-tool', toolName: call.toolName } : { type: `tool-${call.toolName}` };
  const common = {
    ...head,
    toolCallId: call.toolCallId,
    title: call.title,
    toolMetadata: call.toolMetadata,
    providerExecuted: call.providerExecuted,
    callProviderMetadata: call.providerMetadata,
    input: call.input,
  };
  let rest: Record<string, unknown>;
  if (result?.ok) {
    rest = { state: 'output-available', output: result.output, preliminary: result.preliminary, resultProviderMetadata: result.providerMetadata, approval: call.approval };
  } else if (result?.denied) {
    rest = { state: 'output-denied', approval: call.approval ?? { id: call.toolCallId, approved: false } };
  } else if (result) {
    rest = { state: 'output-error', errorText: result.error, resultProviderMetadata: result.providerMetadata, approval: call.approval };
  } else if (call.inputStreaming) {
    rest = { state: 'input-streaming', ...call.inputStreaming };
  } else if (call.approval) {
    rest = { state: call.approval.approved === undefined ? 'approval-requested' : 'approval-responded', approval: call.approval };
  } else {
    rest = { state: 'input-available' };
  }
  return defined<Record<string, unknown>>({ ...common, ...rest }) as MessagePart;
}

function textParts(step: {
  reasoning?: string | undefined;
  text?: string | undefined;
  reasoningDetails?: ReasoningPartDetails | undefined;
  textDetails?: TextPartDetails | undefined;
}): MessagePart[] {
  const parts: MessagePart[] = [];
  if (step.reasoning !== undefined) parts.push({ type: 'reasoning', text: step.reasoning, state: 'done', ...step.reasoningDetails });
  if (step.text !== undefined) parts.push({ type: 'text', text: step.text, state: 'done', ...step.textDetails });
  return parts;
}

/** Rebuilds the `UIMessage` a compact message was made from (the inverse of `toToolRounds`). */
export function fromToolRounds(compact: CompactMessage): UIMessage {
  const parts: MessagePart[] = [];
  for (const round of compact.toolRounds) {
    if (round.stepStart !== false) parts.push({ type: 'step-start' });
    parts.push(...textParts({ ...round, text: round.assistantResponse }));
    const results = new Map(round.results.map((result) => [result.toolCallId, result]));
    for (const call of round.toolCalls) parts.push(toolPart(call, results.get(call.toolCallId)));
  }
  const layout = compact.answerLayout;
  if (layout !== 'none') {
    if (layout === undefined || layout === 'no-text') parts.push({ type: 'step-start' });
    const hasText = layout === undefined || layout === 'no-step-start';
    parts.push(...textParts({ ...compact, text: hasText ? compact.content : undefined }));
  }
  return defined<UIMessage>({ id: compact.id, role: compact.role, metadata: compact.metadata, parts });
}

/** True for a stored message in compact form (as opposed to a plain `UIMessage`). */
export function isCompactMessage(message: CompactMessage | UIMessage): message is CompactMessage {
  return Array.isArray((message as Partial<CompactMessage>).toolRounds) && !('parts' in message);
}

/**
 * Compacts a conversation: each assistant message whose compact form rebuilds it exactly
 * becomes a `CompactMessage`; user and system messages, and any message with parts the
 * compact form does not keep, stay as they are. Nothing is lost.
 */
export function toCompactMessages(messages: readonly UIMessage[]): CompactConversation {
  return messages.map((message) => {
    if (message.role !== 'assistant') return message;
    const compact = toToolRounds(message);
    return sameData(fromToolRounds(compact), message) ? compact : message;
  });
}

/** Expands a stored conversation back to `UIMessage`s (the inverse of `toCompactMessages`). */
export function fromCompactMessages(messages: readonly (CompactMessage | UIMessage)[]): UIMessage[] {
  return messages.map((message) => (isCompactMessage(message) ? fromToolRounds(message) : message));
}

/** Structural equality of JSON-like data where an undefined field equals a missing one. */
function sameData(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((item, index) => sameData(item, b[index]));
  }
  if (!isPlainObject(a) || !isPlainObject(b)) return false;
  const left = Object.entries(a).filter(([, v]) => v !== undefined);
  const right = Object.entries(b).filter(([, v]) => v !== undefined);
  if (left.length !== right.length) return false;
  const rightMap = new Map(right);
  return left.every(([key, value]) => rightMap.has(key) && sameData(value, rightMap.get(key)));
}

function isPlainObject(value: object): boolean {
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}
