import { asSchema, safeValidateTypes } from '@ai-sdk/provider-utils';
import type { JSONSchema7, ToolApprovalConfiguration, ToolSet as AIToolSet, UIMessage } from 'ai';
import { askPolicy, type ApprovalPolicy } from '../../core/loop/approval-policy';
import { errorMessage, toolErrorMessages } from '../../core/tools/errors';
import { inputLimitProblem, jsonOf } from '../../core/tools/input-limits';
import { FORBIDDEN_KEY_MESSAGE, hasForbiddenKey } from '../../core/tools/safe-json';
import type { ApprovedCall } from './verify-tool-parts';

/** A server tool's grant scope, from its input: see `ChatHandlerOptions.grantScopes`. */
export type ServerGrantScopes = Record<string, (input: never) => string>;

const MAX_SCOPE_CHARS = 1024;

/** What a server tool's approval request tells the browser about a call. */
export type ApprovalDescriber = (toolName: string, input: unknown) => Promise<Record<string, unknown>>;

/**
 * What the browser is told about an approval request of a server tool, on the AI SDK's
 * `approvalDescriptor` (the part's `approval.descriptor.toolchat`): the tool's input JSON Schema,
 * so an edit is checked before it leaves; the scope a grant from the call covers; and whether a
 * grant may be made (not when the tool has a scope that could not be read).
 */
export function approvalDescriber(tools: AIToolSet, scopes: ServerGrantScopes | undefined): ApprovalDescriber {
  const schemas = new Map<string, Promise<JSONSchema7 | undefined>>();
  const schemaOf = (toolName: string) => {
    let schema = schemas.get(toolName);
    if (!schema) {
      schema = (async () => {
        try {
          return await asSchema(tools[toolName]!.inputSchema).jsonSchema;
        } catch {
          return undefined;
        }
      })();
      schemas.set(toolName, schema);
    }
    return schema;
  };
  return async (toolName, input) => {
    const inputSchema = await schemaOf(toolName);
    const scopeOf = scopes && Object.hasOwn(scopes, toolName) ? scopes[toolName] : undefined;
    let scope: string | undefined;
    let grantable = true;
    if (scopeOf) {
      try {
        const value: unknown = (scopeOf as (input: unknown) => unknown)(input);
        if (typeof value === 'string' && value !== '' && value.length <= MAX_SCOPE_CHARS) scope = value;
        else grantable = false;
      } catch {
        grantable = false;
      }
    }
    return { ...(inputSchema ? { inputSchema } : {}), ...(scope === undefined ? {} : { scope }), grantable };
  };
}

/**
 * The AI SDK `toolApproval` of one request with the handler's `approvalPolicy`: the policy
 * decides for the server's own tools (browser tools' calls are the browser's: `undefined`), with
 * no opinion leaving it to the tool's `needsApproval`. A policy that fails asks the user, told
 * why; it never runs a tool unasked. Automatic decisions reach the browser as the AI SDK's
 * (`isAutomatic`, with the reason).
 */
export function serverToolApproval(options: {
  tools: AIToolSet;
  policy: ApprovalPolicy;
  chatId: string;
  messages: readonly UIMessage[];
  onPolicyError: (error: Error) => void;
}): ToolApprovalConfiguration<AIToolSet, never> {
  const { tools, policy } = options;
  return async ({ toolCall, messages }) => {
    if (!Object.hasOwn(tools, toolCall.toolName)) return undefined;
    const verdict = await askPolicy(policy, {
      toolName: toolCall.toolName,
      toolCallId: toolCall.toolCallId,
      input: toolCall.input,
      messages: options.messages,
      chatId: options.chatId,
    });
    if ('failed' in verdict) options.onPolicyError(verdict.failed);
    switch (verdict.decision) {
      case 'allow':
        return verdict.reason === undefined ? 'approved' : { type: 'approved', reason: verdict.reason };
      case 'deny':
        return verdict.reason === undefined ? 'denied' : { type: 'denied', reason: verdict.reason };
      case 'ask':
        return verdict.reason === undefined ? 'user-approval' : { type: 'user-approval', reason: verdict.reason };
      case 'default': {
        // A generic `toolApproval` replaces `needsApproval`: it is asked here instead.
        const rule = tools[toolCall.toolName]!.needsApproval as unknown;
        if (typeof rule !== 'function') return rule === true ? 'user-approval' : undefined;
        try {
          return (await (rule as (input: unknown, options: { toolCallId: string; messages: unknown; context: unknown }) => unknown)(toolCall.input, {
            toolCallId: toolCall.toolCallId,
            messages,
            context: undefined,
          }))
            ? 'user-approval'
            : undefined;
        } catch {
          return 'user-approval';
        }
      }
    }
  };
}

/**
 * The conversation as the model sees it with the user's edits: an approved server call the user
 * edited runs (and reads) with the edited input, once it passed the tool's schema; the verified
 * messages (stored, signed) keep the model's. An edit that fails is marked on its approved call
 * (`editError`), which then ends with that error instead of running. Returns the ids of the
 * edited calls, whose results tell the model so (`withEditNotes`).
 */
export async function applyApprovalEdits(
  messages: UIMessage[],
  approved: Map<string, ApprovedCall>,
  edited: Map<string, { toolName: string; editedInput: unknown }>,
  tools: AIToolSet,
): Promise<{ messages: UIMessage[]; edited: Map<string, string> }> {
  if (edited.size === 0) return { messages, edited: new Map() };
  const usable = new Map<string, { toolName: string; editedInput: unknown }>();
  for (const [toolCallId, edit] of edited) {
    const call = approved.get(toolCallId);
    // A call with a result ran with its edit already: the model reads it so.
    if (!call) {
      usable.set(toolCallId, edit);
      continue;
    }
    const problem = await editProblem(tools, call.toolName, edit.editedInput);
    if (problem === undefined) usable.set(toolCallId, edit);
    else call.editError = problem;
  }
  const modelMessages = messages.map((message) => {
    if (!message.parts.some((part) => 'toolCallId' in part && usable.has(part.toolCallId))) return message;
    return {
      ...message,
      parts: message.parts.map((part) => ('toolCallId' in part && usable.has(part.toolCallId) ? ({ ...part, input: usable.get(part.toolCallId)!.editedInput } as typeof part) : part)),
    };
  });
  return { messages: modelMessages, edited: new Map([...usable].map(([id, edit]) => [id, edit.toolName])) };
}

async function editProblem(tools: AIToolSet, toolName: string, input: unknown): Promise<string | undefined> {
  const json = jsonOf(input);
  const limit = json === undefined ? 'it is not JSON' : (inputLimitProblem(input, json) ?? (hasForbiddenKey(input) ? FORBIDDEN_KEY_MESSAGE : undefined));
  if (limit) return `Tool "${toolName}" was not run: the arguments the user edited are invalid: ${limit}`;
  const tool = Object.hasOwn(tools, toolName) ? tools[toolName] : undefined;
  if (!tool) return toolErrorMessages.unknownTool(toolName);
  try {
    const result = await safeValidateTypes({ value: input, schema: asSchema(tool.inputSchema) });
    if (result.success) return undefined;
    return `Tool "${toolName}" was not run: the arguments the user edited do not match its schema: ${errorMessage(result.error).slice(0, 500)}`;
  } catch (error) {
    return `Tool "${toolName}" was not run: the arguments the user edited could not be checked: ${errorMessage(error).slice(0, 200)}`;
  }
}

/**
 * Server tools whose results tell the model when the user edited the call: the output the model
 * reads is `{ note, output }` (the browser's part keeps the tool's own output), and a call whose
 * edit failed ends with that error, never running. `edited`: the edited calls' ids and tools.
 */
export function withEditNotes(tools: AIToolSet, edited: ReadonlyMap<string, string>, approved: Map<string, ApprovedCall>): AIToolSet {
  const refusedTools = new Set([...approved.values()].filter((call) => call.editError !== undefined).map((call) => call.toolName));
  const notedTools = new Set(edited.values());
  if (refusedTools.size === 0 && notedTools.size === 0) return tools;
  const wrapped: AIToolSet = Object.assign(Object.create(null) as AIToolSet, tools);
  for (const name of new Set([...refusedTools, ...notedTools])) {
    if (!Object.hasOwn(tools, name)) continue;
    const tool = tools[name]!;
    const original = tool as AIToolSet[string] & {
      toModelOutput?: (options: { toolCallId: string; input: unknown; output: unknown }) => unknown;
      execute?: (input: unknown, execution: { toolCallId: string }) => unknown;
    };
    const execute = original.execute;
    wrapped[name] = {
      ...tool,
      ...(typeof execute === 'function' && refusedTools.has(name)
        ? {
            execute: (input: unknown, execution: { toolCallId: string }) => {
              const error = approved.get(execution.toolCallId)?.editError;
              if (error !== undefined) throw new Error(error);
              return execute.call(tool, input, execution);
            },
          }
        : {}),
      ...(notedTools.has(name)
        ? {
            toModelOutput: async (options: { toolCallId: string; input: unknown; output: unknown }) => {
              if (edited.has(options.toolCallId)) return { type: 'json', value: { note: toolErrorMessages.edited(name), output: toJson(options.output) } };
              if (original.toModelOutput) return original.toModelOutput(options);
              return typeof options.output === 'string' ? { type: 'text', value: options.output } : { type: 'json', value: toJson(options.output) };
            },
          }
        : {}),
    } as AIToolSet[string];
  }
  return wrapped;
}

/** A value as JSON carries it (the AI SDK's own `toJSONValue`). */
function toJson(value: unknown): unknown {
  try {
    return value === undefined ? null : (JSON.parse(JSON.stringify(value)) as unknown);
  } catch {
    return null;
  }
}
