import type { AbstractChat, JSONSchema7, UIMessage } from 'ai';
import { getToolName, isToolUIPart } from './ui-part';
import { validateToolInput } from '../tools/input-schema';
import type { ApprovalAnswer, ApprovalResult } from '../loop/approval';
import type { ToolLoopCore } from '../loop/tool-loop-core';
import { APPROVAL_CANCELLED_REASON, APPROVAL_EXPIRED_REASON, APPROVAL_GRANTED_REASON, toolErrorMessages } from '../tools/errors';
import { inputLimitProblem, jsonOf } from '../tools/input-limits';
import { FORBIDDEN_KEY_MESSAGE, hasForbiddenKey } from '../tools/safe-json';
import { findGrant, type ToolGrantReach } from './grants';
import { isBrowserApproval, type ToolPart } from './part-states';

type Chat = AbstractChat<UIMessage>;

/**
 * What `createChatHandler` tells about one of its approvals (`approval.descriptor.toolchat`):
 * the tool's input JSON Schema (to check an edit before it leaves), the scope of a grant made
 * from the call, whether one may be made; and, once the user edited the call, the edited input.
 */
export interface ServerApprovalDescriptor {
  inputSchema?: unknown;
  scope?: string;
  grantable?: boolean;
  editedInput?: unknown;
}

const MAX_REASON_CHARS = 1000;

/** A server tool's call waiting for the user: its part asks, with the server's approval id. */
export function isServerApprovalRequest(part: UIMessage['parts'][number]): part is ToolPart & { state: 'approval-requested' } {
  return isToolUIPart(part) && part.state === 'approval-requested' && !isBrowserApproval(part);
}

/** The toolchat descriptor of a server approval, read defensively (it came over the network). */
export function serverApprovalDescriptor(part: ToolPart): ServerApprovalDescriptor {
  const descriptor = (part.approval as { descriptor?: unknown } | undefined)?.descriptor;
  if (typeof descriptor !== 'object' || descriptor === null || !Object.hasOwn(descriptor, 'toolchat')) return {};
  const own = (descriptor as { toolchat?: unknown }).toolchat;
  if (typeof own !== 'object' || own === null) return {};
  const { inputSchema, scope, grantable, editedInput } = own as Record<string, unknown>;
  return {
    ...(typeof inputSchema === 'object' && inputSchema !== null ? { inputSchema } : {}),
    ...(typeof scope === 'string' && scope !== '' ? { scope } : {}),
    ...(typeof grantable === 'boolean' ? { grantable } : {}),
    ...(Object.hasOwn(own, 'editedInput') ? { editedInput } : {}),
  };
}

/** The call id of the part whose server approval has this id. */
export function serverApprovalCallId(messages: readonly UIMessage[], approvalId: string): string | undefined {
  for (let m = messages.length - 1; m >= 0; m--) {
    for (const part of messages[m]!.parts) if (isToolUIPart(part) && part.approval?.id === approvalId) return part.toolCallId;
  }
  return undefined;
}

function findRequest(messages: readonly UIMessage[], toolCallId: string): (ToolPart & { state: 'approval-requested' }) | undefined {
  for (let m = messages.length - 1; m >= 0; m--) {
    for (const part of messages[m]!.parts) if (isServerApprovalRequest(part) && part.toolCallId === toolCallId) return part;
  }
  return undefined;
}

/**
 * The user's answer to a server tool's call, in the AI SDK's form (`addToolApprovalResponse`):
 * the server runs it, once, or tells the model of the denial. "Allow for this chat" and "Always
 * allow" also make the grant (the browser answers later calls it covers by itself); an edit is
 * checked against the schema the server sent and travels on the approval, where the server
 * checks it again before it runs the call with it.
 */
export async function answerServerApproval(chat: Chat, loop: ToolLoopCore, toolCallId: string, answer: ApprovalAnswer): Promise<ApprovalResult> {
  const part = findRequest(chat.messages, toolCallId);
  if (!part) return { ok: false, error: `Tool call "${toolCallId.slice(0, 64)}" is not waiting for approval` };
  const id = part.approval.id;
  const toolName = getToolName(part);
  const descriptor = serverApprovalDescriptor(part);
  switch (answer.choice) {
    case 'allow-once':
      await chat.addToolApprovalResponse({ id, approved: true });
      return { ok: true };
    case 'deny': {
      const reason = typeof answer.reason === 'string' ? answer.reason.trim().slice(0, MAX_REASON_CHARS) : '';
      await chat.addToolApprovalResponse(reason === '' ? { id, approved: false } : { id, approved: false, reason });
      return { ok: true };
    }
    case 'allow-chat':
    case 'allow-always': {
      if (descriptor.grantable === false) return { ok: false, error: `This call of "${toolName}" can only be approved once: its scope could not be read` };
      const reach: ToolGrantReach = {
        toolName,
        ...(descriptor.scope === undefined ? {} : { scope: descriptor.scope }),
        ...(answer.choice === 'allow-chat' ? { chatId: chat.id } : {}),
      };
      await chat.addToolApprovalResponse({ id, approved: true });
      loop.grant(reach);
      return { ok: true };
    }
    case 'edit': {
      const checked = await checkServerEdit(toolName, descriptor.inputSchema, answer.input);
      if (!checked.ok) return checked;
      // Still waiting (not answered meanwhile): the edit rides on the approval.
      if (!findRequest(chat.messages, toolCallId)) return { ok: false, error: `Tool call "${toolCallId.slice(0, 64)}" is not waiting for approval` };
      chat.messages = chat.messages.map((message) =>
        message.parts.includes(part) ? { ...message, parts: message.parts.map((each) => (each === part ? withEdit(part, checked.input) : each)) } : message,
      );
      await chat.addToolApprovalResponse({ id, approved: true });
      return { ok: true };
    }
  }
}

function withEdit(part: ToolPart, input: unknown): UIMessage['parts'][number] {
  const approval = part.approval as Record<string, unknown>;
  const descriptor = typeof approval.descriptor === 'object' && approval.descriptor !== null ? (approval.descriptor as Record<string, unknown>) : {};
  const own = typeof descriptor.toolchat === 'object' && descriptor.toolchat !== null ? (descriptor.toolchat as Record<string, unknown>) : {};
  return { ...part, approval: { ...approval, descriptor: { ...descriptor, toolchat: { ...own, editedInput: input } } } } as UIMessage['parts'][number];
}

/** An edit of a server call, checked as far as the browser can: JSON, limits, the server's schema. */
async function checkServerEdit(toolName: string, schema: unknown, input: unknown): Promise<{ ok: true; input: unknown } | { ok: false; error: string }> {
  const invalid = (problem: string) => ({ ok: false as const, error: toolErrorMessages.invalidInput(toolName, problem) });
  const json = jsonOf(input);
  if (json === undefined) return invalid('it is not JSON');
  const problem = inputLimitProblem(input, json);
  if (problem) return invalid(problem);
  const copy: unknown = JSON.parse(json);
  if (hasForbiddenKey(copy)) return invalid(FORBIDDEN_KEY_MESSAGE);
  // Without the server's schema (another server), the server alone checks it.
  if (schema === undefined) return { ok: true, input: copy };
  // The validator of wire schemas loads only when an edit of a server call is checked.
  const { wireJsonSchema } = await import('../tools/wire-json-schema');
  const validation = await validateToolInput({ inputSchema: wireJsonSchema(schema as JSONSchema7) }, copy);
  return validation.success ? { ok: true, input: copy } : invalid(validation.message);
}

/**
 * What the chat does by itself about server approvals: answers those one of the user's grants
 * covers, and denies those nobody answered within `approvalTimeoutMs` (the server then tells the
 * model, once). Looks at the messages it is given (the last answer, or a restored thread), and
 * at the whole thread when the user's grants change.
 */
export function createServerApprovalWatch(chat: Chat, loop: ToolLoopCore, approvalTimeoutMs: () => number | undefined): ServerApprovalWatch {
  const timers = new Map<string, ReturnType<typeof setTimeout>>();
  const clear = () => {
    for (const timer of timers.values()) clearTimeout(timer);
    timers.clear();
  };
  // A grant made (here or elsewhere) answers the server approvals it covers too.
  let known = loop.state.grants;
  const stopWatchingGrants = loop.subscribe(() => {
    if (loop.state.grants === known) return;
    known = loop.state.grants;
    watch.scan(chat.messages);
  });
  const watch: ServerApprovalWatch = {
    scan(messages = chat.messages.slice(-1)) {
      for (const message of messages) {
        for (const part of message.parts) {
          if (!isServerApprovalRequest(part)) continue;
          const id = part.approval.id;
          const descriptor = serverApprovalDescriptor(part);
          const query = { toolName: getToolName(part), scope: descriptor.scope, chatId: chat.id };
          if (descriptor.grantable !== false && findGrant(loop.state.grants, query)) {
            void chat.addToolApprovalResponse({ id, approved: true, reason: APPROVAL_GRANTED_REASON });
            continue;
          }
          const ms = approvalTimeoutMs();
          if (ms === undefined || ms === Number.POSITIVE_INFINITY || timers.has(id)) continue;
          timers.set(
            id,
            setTimeout(() => {
              timers.delete(id);
              if (serverApprovalCallId(chat.messages, id) === undefined) return;
              void chat.addToolApprovalResponse({ id, approved: false, reason: APPROVAL_EXPIRED_REASON });
            }, Math.min(ms, 2 ** 31 - 1)),
          );
        }
      }
    },
    cancel() {
      clear();
      cancelServerApprovals(chat);
    },
    dispose() {
      clear();
      stopWatchingGrants();
    },
  };
  return watch;
}

export interface ServerApprovalWatch {
  /** Grants and expiry for the server approvals in these messages (by default the last one). */
  scan(messages?: readonly UIMessage[]): void;
  /** Stop: every server approval still asked ends as cancelled (see `cancelServerApprovals`). */
  cancel(): void;
  dispose(): void;
}

/**
 * Stop, or the user's next message: server approvals still asked end as cancelled, in the
 * browser only: the part reads `output-denied` with the reason the model reads on the next
 * request. Nothing runs.
 */
export function cancelServerApprovals(chat: Chat): void {
  let changed = false;
  const messages = chat.messages.map((message) => {
    if (!message.parts.some(isServerApprovalRequest)) return message;
    changed = true;
    return {
      ...message,
      parts: message.parts.map((part) =>
        isServerApprovalRequest(part) ? ({ ...part, state: 'output-denied', approval: { ...part.approval, approved: false, reason: APPROVAL_CANCELLED_REASON } } as UIMessage['parts'][number]) : part,
      ),
    };
  });
  if (changed) chat.messages = messages;
}
