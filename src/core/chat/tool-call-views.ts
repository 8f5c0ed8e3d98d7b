import type { UIMessage } from 'ai';
import { getToolName, isToolUIPart } from './ui-part';
import type { ToolCallPhase, ToolCallState } from '../loop/call-state';
import { CallMap } from '../loop/call-map';
import { INTERRUPTED_TOOL_ERROR } from '../storage/interrupted';
import { APPROVAL_CANCELLED_REASON, APPROVAL_EXPIRED_REASON, APPROVAL_GRANTED_REASON } from '../tools/errors';
import { isBrowserApproval } from './part-states';
import type { ToolPart } from './part-states';
import type { ToolCallApproval, ToolCallViewOf } from './types';
import { shallowEqual } from './shallow-equal';

/** Every call of a conversation by id, in the order of the messages. */
export type ToolCallViews = ReadonlyMap<string, ToolCallViewOf>;

const CallMapEmpty = CallMap.empty;
const fromCalls = new WeakMap<ToolCallState, Map<string, ToolCallViewOf>>();
const fromParts = new WeakMap<object, ToolCallViewOf>();
/**
 * The one view of every tool call: each message's tool parts joined with the loop's record of
 * the call, over the whole conversation (not only the last message). The same view object for
 * a call that did not change.
 */
export function selectToolCalls(messages: readonly UIMessage[], calls: CallMap = CallMapEmpty): ToolCallViews {
  const views = new Map<string, ToolCallViewOf>();
  for (const message of messages) {
    for (const view of viewsOf(message, calls)) if (!views.has(view.toolCallId)) views.set(view.toolCallId, view);
  }
  return views;
}

/** The views of one message's calls, kept while the message and the loop's calls stay the same. */
const byMessage = new WeakMap<UIMessage, { calls: CallMap; views: readonly ToolCallViewOf[] }>();
const NO_VIEWS: readonly ToolCallViewOf[] = [];

function viewsOf(message: UIMessage, calls: CallMap): readonly ToolCallViewOf[] {
  const cached = byMessage.get(message);
  if (cached && cached.calls === calls) return cached.views;
  let views: ToolCallViewOf[] | undefined;
  for (const part of message.parts) {
    if (!isToolUIPart(part)) continue;
    (views ??= []).push(toolCallView(part, message.id, calls.get(part.toolCallId)));
  }
  const result = views ?? NO_VIEWS;
  byMessage.set(message, { calls, views: result });
  return result;
}

/**
 * `selectToolCalls` for one chat, kept up to date rather than worked out again: while the loop's
 * calls stay the same, a message the same object as last time keeps its views without a lookup
 * and a changed one (the one streaming, one sent) gets its views again; equal views stay the
 * same objects, and while no view changed (a streamed word, a message without calls added) the
 * result is the same map. So a streamed token costs a pointer comparison per older message and
 * never rebuilds the map: that happens only when a call's view changes.
 */
export function createToolCallsSelector(): (messages: readonly UIMessage[], calls: CallMap) => ToolCallViews {
  let last: { messages: readonly UIMessage[]; calls: CallMap; perMessage: readonly (readonly ToolCallViewOf[])[]; views: ToolCallViews } | undefined;
  return (messages, calls) => {
    if (last && last.messages === messages && last.calls === calls) return last.views;
    const before = last;
    const perMessage: (readonly ToolCallViewOf[])[] = [];
    // Views of another message than last time at the same place, or fewer messages: the map may change.
    let unchanged = before !== undefined && messages.length >= before.perMessage.length;
    for (let i = 0; i < messages.length; i++) {
      const message = messages[i]!;
      const previous = before && before.messages[i] === message ? before.perMessage[i] : undefined;
      let views: readonly ToolCallViewOf[];
      if (previous && (before!.calls === calls || previous === NO_VIEWS)) views = previous;
      else {
        views = viewsOf(message, calls);
        // The streaming message is a new object per chunk, its views new objects: equal ones keep the old.
        const old = before?.messages[i]?.id === message.id ? before.perMessage[i] : undefined;
        if (old && old !== views) {
          const kept = keepEqual(old, views);
          // Kept for the message too: moved to another index later, it still has them.
          if (kept !== views) byMessage.set(message, { calls, views: (views = kept) });
        }
      }
      perMessage[i] = views;
      if (unchanged && views !== (before!.perMessage[i] ?? NO_VIEWS)) unchanged = false;
    }
    if (unchanged) {
      last = { messages, calls, perMessage, views: before!.views };
      return last.views;
    }
    const views = new Map<string, ToolCallViewOf>();
    for (const list of perMessage) for (const view of list) if (!views.has(view.toolCallId)) views.set(view.toolCallId, view);
    last = { messages, calls, perMessage, views };
    return views;
  };
}

/** `next` with each view equal to the one at its place in `old` replaced by it; `old` itself when all are. */
function keepEqual(old: readonly ToolCallViewOf[], next: readonly ToolCallViewOf[]): readonly ToolCallViewOf[] {
  const kept = next.map((view, i) => (old[i] && shallowEqual(old[i], view) ? old[i] : view));
  return kept.length === old.length && kept.every((view, i) => view === old[i]) ? old : kept;
}


/**
 * The view of one call: the loop's record when it has one (the call's whole truth once it
 * exists), else what the part says (a call still streaming its input, a server tool, a restored
 * or interrupted call, plain `useChat` messages).
 */
export function toolCallView(part: ToolPart, messageId?: string, call?: ToolCallState): ToolCallViewOf {
  if (call) {
    let byMessage = fromCalls.get(call);
    let view = byMessage?.get(messageId ?? '');
    if (!view) {
      view = { toolCallId: call.toolCallId, toolName: call.toolName, phase: call.phase, input: call.input };
      if (messageId !== undefined) view.messageId = messageId;
      if (call.output !== undefined) view.output = call.output;
      if (call.error !== undefined) view.error = call.error;
      if (call.endedAt !== undefined) view.durationMs = call.endedAt - call.receivedAt;
      const approval = approvalOfCall(call);
      if (approval) view.approval = approval;
      if (!byMessage) fromCalls.set(call, (byMessage = new Map()));
      byMessage.set(messageId ?? '', view);
    }
    return view;
  }
  let view = fromParts.get(part);
  if (!view || view.messageId !== messageId) {
    view = { toolCallId: part.toolCallId, toolName: getToolName(part), phase: phaseOf(part), input: part.input };
    if (messageId !== undefined) view.messageId = messageId;
    if (part.state === 'output-available') view.output = part.output;
    const error = errorOf(part);
    if (error !== undefined) view.error = error;
    const approval = approvalOfPart(part);
    if (approval) {
      view.approval = approval;
      // A server call the user edited ran with the edit; its part keeps the model's (signed) input.
      if (approval.server && 'editedFrom' in approval) view.input = serverApprovalEdit(part);
    }
    fromParts.set(part, view);
  }
  return view;
}

/** The phase a part alone tells. */
export function phaseOf(part: ToolPart): ToolCallPhase {
  switch (part.state) {
    case 'output-available':
      return 'done';
    case 'output-error':
      // A stored call the user stopped reads as cancelled, as it did before the reload.
      // (`toolErrorMessages.cancelled`, not imported: it is not in the first load.)
      return part.errorText === INTERRUPTED_TOOL_ERROR ? 'interrupted' : part.errorText.endsWith('" was cancelled by the user') ? 'cancelled' : 'error';
    case 'output-denied':
      return part.approval.reason === APPROVAL_EXPIRED_REASON ? 'expired' : part.approval.reason === APPROVAL_CANCELLED_REASON ? 'cancelled' : 'denied';
    case 'approval-requested':
      return 'awaiting-approval';
    case 'approval-responded':
      return part.approval.approved ? 'running' : part.approval.reason === APPROVAL_EXPIRED_REASON ? 'expired' : 'denied';
    case 'input-streaming':
      return 'streaming-input';
    case 'input-available':
      // Without the loop's record (plain `useChat`), a call whose input is complete is running.
      return 'running';
  }
}

function errorOf(part: ToolPart): string | undefined {
  if (part.state === 'output-error') return part.errorText;
  if (part.state === 'output-denied' || (part.state === 'approval-responded' && !part.approval.approved)) {
    return part.approval.reason;
  }
  return undefined;
}

/** The calls waiting for the user's approval, anywhere in the conversation. */
export function awaitingApproval(views: ToolCallViews): ToolCallViewOf[] {
  const waiting: ToolCallViewOf[] = [];
  for (const view of views.values()) if (view.phase === 'awaiting-approval') waiting.push(view);
  return waiting;
}

/** The approval of a call the loop knows. */
function approvalOfCall(call: ToolCallState): ToolCallApproval | undefined {
  if (call.phase === 'awaiting-approval' && call.question) {
    const { reason, scope, grantable, editError } = call.question;
    return {
      grantable,
      ...(reason === undefined ? {} : { requestReason: reason }),
      ...(scope === undefined ? {} : { scope }),
      ...(editError === undefined ? {} : { editError }),
    };
  }
  // The loop's record of the decision is what the view shows, field for field.
  return call.approval;
}

interface PartApproval {
  approved?: boolean;
  reason?: string;
  requestReason?: string;
  isAutomatic?: boolean;
  descriptor?: unknown;
}

/** The approval a part alone tells (a server tool's call, a restored one, plain `useChat` messages). */
function approvalOfPart(part: ToolPart): ToolCallApproval | undefined {
  const approval = part.approval as PartApproval | undefined;
  if (!approval) return undefined;
  const server = !isBrowserApproval(part);
  const own = toolchatDescriptor(approval.descriptor);
  const base: ToolCallApproval = server ? { server } : {};
  if (approval.approved === undefined) {
    return {
      ...base,
      grantable: own?.grantable !== false,
      ...(typeof approval.requestReason === 'string' ? { requestReason: approval.requestReason } : {}),
      ...(typeof own?.scope === 'string' ? { scope: own.scope } : {}),
    };
  }
  const reason = typeof approval.reason === 'string' ? approval.reason : undefined;
  const by =
    reason === APPROVAL_EXPIRED_REASON ? 'timeout' : reason === APPROVAL_GRANTED_REASON ? 'grant' : approval.isAutomatic ? 'policy' : 'user';
  const edited = own && (server ? Object.hasOwn(own, 'editedInput') : Object.hasOwn(own, 'editedFrom'));
  return {
    ...base,
    approved: approval.approved,
    by,
    ...(reason === undefined || by === 'grant' || by === 'timeout' ? {} : { reason }),
    ...(edited ? { editedFrom: server ? part.input : own.editedFrom } : {}),
  };
}

function toolchatDescriptor(descriptor: unknown): Record<string, unknown> | undefined {
  if (typeof descriptor !== 'object' || descriptor === null || !Object.hasOwn(descriptor, 'toolchat')) return undefined;
  const own = (descriptor as { toolchat?: unknown }).toolchat;
  return typeof own === 'object' && own !== null ? (own as Record<string, unknown>) : undefined;
}

/** The input a server call ran with after the user's edit. */
function serverApprovalEdit(part: ToolPart): unknown {
  return toolchatDescriptor((part.approval as PartApproval | undefined)?.descriptor)?.editedInput;
}
