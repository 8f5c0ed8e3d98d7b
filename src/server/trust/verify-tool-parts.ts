import { getToolName, isToolUIPart, type ProviderMetadata, type UIMessage } from 'ai';
import type { CallIssue, SignedToolCall, ToolSigner } from './tool-signature';

/** The provider-metadata key under which the handler keeps its signatures. */
export const SIGNATURE_KEY = 'toolchat';

/** A server-tool part of the request that the handler could not verify, and dropped. */
export interface UnverifiedToolPart {
  /** The call's id, cut to 64 characters (it comes from the client). */
  toolCallId: string;
  toolName: string;
  /** Whether the call itself (its id, name and input) or its result failed to verify. */
  failed: 'call' | 'result';
}

export interface VerifiedConversation {
  /** The messages without unverified server-tool parts and without the handler's signatures. */
  messages: UIMessage[];
  /**
   * The verified server-tool calls by id: an approved one may run and its result is signed (with
   * the input the user edited it to, when they did).
   */
  calls: Map<string, SignedToolCall & { editedInput?: unknown }>;
  /**
   * The verified calls the user approved in this request, by id: the AI SDK runs these now.
   * `signature` names the call (it is unique per call) and `issuedAt` is when it was signed.
   */
  approved: Map<string, ApprovedCall>;
  dropped: UnverifiedToolPart[];
}

/** A verified call that the request approves. */
export interface ApprovedCall {
  toolName: string;
  signature: string;
  issuedAt: number;
  /** The arguments the user edited the call to before approving it (`approval.descriptor.toolchat.editedInput`). */
  editedInput?: unknown;
  /** The edit cannot run: what is wrong with it (set by `applyApprovalEdits`). */
  editError?: string;
}

/**
 * Keeps the server-side tool parts (the handler's own tools, and tools the provider ran) only
 * where the handler's signature verifies: the call for this chat and its id, name and input,
 * and a result for its output or error too. Everything else the browser sends about server
 * tools is dropped, so a made-up call, an approval of it, an edited input, a call copied from
 * another chat or a made-up output never reaches `execute` or the model. Browser tools' parts
 * are the browser's and stay.
 */
export async function verifyToolParts(
  messages: UIMessage[],
  options: { chatId: string; isServerTool: (toolName: string) => boolean; signer: ToolSigner },
): Promise<VerifiedConversation> {
  const calls = new Map<string, SignedToolCall & { editedInput?: unknown }>();
  const approved = new Map<string, ApprovedCall>();
  const dropped: UnverifiedToolPart[] = [];
  const verified: UIMessage[] = [];
  for (const message of messages) {
    // A message without tool parts goes as it is (no copy per message per request).
    if (!message.parts.some(isToolUIPart)) {
      verified.push(message);
      continue;
    }
    const parts: UIMessage['parts'] = [];
    for (const part of message.parts) {
      if (!isToolUIPart(part)) {
        parts.push(part);
        continue;
      }
      const toolName = getToolName(part);
      const { callProviderMetadata, resultProviderMetadata, ...rest } = part as typeof part & {
        callProviderMetadata?: ProviderMetadata;
        resultProviderMetadata?: ProviderMetadata;
      };
      const unsigned = {
        ...rest,
        ...withoutSignatures('callProviderMetadata', callProviderMetadata),
        ...withoutSignatures('resultProviderMetadata', resultProviderMetadata),
      } as typeof part;
      if (!options.isServerTool(toolName) && part.providerExecuted !== true) {
        parts.push(unsigned);
        continue;
      }
      const signatures = { ...signaturesOf(resultProviderMetadata), ...signaturesOf(callProviderMetadata) };
      const call: SignedToolCall = { chatId: options.chatId, toolCallId: part.toolCallId, toolName, input: part.input };
      const edit = editOf(part);
      const failed = await check(part, call, edit, signatures, options.signer);
      if (failed) {
        dropped.push({ toolCallId: part.toolCallId.slice(0, 64), toolName, failed });
        continue;
      }
      calls.set(part.toolCallId, edit ? { ...call, ...edit } : call);
      if (part.state === 'approval-responded' && part.approval.approved === true && signatures.call !== undefined && signatures.at !== undefined) {
        approved.set(part.toolCallId, { toolName, signature: signatures.call, issuedAt: signatures.at, ...edit });
      }
      parts.push(unsigned);
    }
    verified.push({ ...message, parts });
  }
  return { messages: verified, calls, approved, dropped };
}

async function check(
  part: UIMessage['parts'][number] & { state: string },
  call: SignedToolCall,
  edit: { editedInput: unknown } | undefined,
  signatures: Signatures,
  signer: ToolSigner,
): Promise<'call' | 'result' | undefined> {
  try {
    if (part.state === 'input-streaming') return 'call';
    if (signatures.call === undefined || signatures.at === undefined || signatures.nonce === undefined) return 'call';
    const issue: CallIssue = { at: signatures.at, nonce: signatures.nonce };
    if (!(await signer.verifyCall(call, issue, signatures.call))) return 'call';
    if (part.state !== 'output-available' && part.state !== 'output-error') return undefined;
    const result =
      part.state === 'output-available'
        ? { ...call, ...edit, output: (part as { output?: unknown }).output }
        : { ...call, ...edit, errorText: String((part as { errorText?: unknown }).errorText) };
    if (signatures.result === undefined || !(await signer.verifyResult(result, signatures.result))) return 'result';
    return undefined;
  } catch {
    // Input or output that cannot be read as JSON cannot be what the handler signed.
    return 'call';
  }
}

/**
 * The arguments the user edited an approved server call to: the browser puts them on the
 * approval (`descriptor.toolchat.editedInput`); the call's signed input stays the model's.
 */
function editOf(part: UIMessage['parts'][number]): { editedInput: unknown } | undefined {
  const approval = (part as { approval?: { approved?: boolean; descriptor?: unknown } }).approval;
  if (approval?.approved !== true) return undefined;
  const descriptor = approval.descriptor;
  if (typeof descriptor !== 'object' || descriptor === null || !Object.hasOwn(descriptor, 'toolchat')) return undefined;
  const own = (descriptor as { toolchat?: unknown }).toolchat;
  if (typeof own !== 'object' || own === null || !Object.hasOwn(own, 'editedInput')) return undefined;
  return { editedInput: (own as { editedInput?: unknown }).editedInput };
}

interface Signatures {
  call?: string;
  result?: string;
  at?: number;
  nonce?: string;
}

function signaturesOf(metadata: ProviderMetadata | undefined): Signatures {
  const own = metadata !== undefined && Object.hasOwn(metadata, SIGNATURE_KEY) ? metadata[SIGNATURE_KEY] : undefined;
  return {
    ...(typeof own?.call === 'string' ? { call: own.call } : {}),
    ...(typeof own?.result === 'string' ? { result: own.result } : {}),
    ...(typeof own?.at === 'number' && Number.isFinite(own.at) ? { at: own.at } : {}),
    ...(typeof own?.nonce === 'string' ? { nonce: own.nonce } : {}),
  };
}

/** The metadata without the handler's key (the provider never needs to see it). */
function withoutSignatures<K extends string>(key: K, metadata: ProviderMetadata | undefined): Partial<Record<K, ProviderMetadata>> {
  if (metadata === undefined) return {};
  const { [SIGNATURE_KEY]: _own, ...rest } = metadata;
  return Object.keys(rest).length === 0 ? {} : ({ [key]: rest } as Partial<Record<K, ProviderMetadata>>);
}
