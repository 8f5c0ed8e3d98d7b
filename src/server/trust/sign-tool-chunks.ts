import type { ProviderMetadata, UIMessageChunk } from 'ai';
import { newCallIssue, type SignedToolCall, type ToolSigner } from './tool-signature';
import { SIGNATURE_KEY } from './verify-tool-parts';

/**
 * Signs the server-side tool calls and results of the answer as it streams: a call in its
 * `providerMetadata` (it becomes the part's `callProviderMetadata`), a result in its own (the
 * part's `resultProviderMetadata`). `calls` holds the verified calls of the request, whose
 * results (an approved call that runs now) arrive without their call. Other chunks come back
 * as they are, at once. Every signature binds the request's chat id; a call's also the time it
 * was made and a nonce (see `CallIssue`), carried beside it.
 */
export function createChunkSigner(options: {
  chatId: string;
  isServerTool: (toolName: string) => boolean;
  signer: ToolSigner;
  calls: Map<string, SignedToolCall & { editedInput?: unknown }>;
  now: () => number;
  /** What the browser is told about a server tool's approval request (`approvalDescriptor`). */
  describeApproval?: (toolName: string, input: unknown) => Promise<Record<string, unknown>>;
}): (chunk: UIMessageChunk) => UIMessageChunk | Promise<UIMessageChunk> {
  const { chatId, isServerTool, signer, calls, now, describeApproval } = options;

  async function sign(chunk: UIMessageChunk): Promise<UIMessageChunk> {
    switch (chunk.type) {
      case 'tool-input-available': {
        if (!isServerTool(chunk.toolName) && chunk.providerExecuted !== true) return chunk;
        const call = { chatId, toolCallId: chunk.toolCallId, toolName: chunk.toolName, input: chunk.input };
        calls.set(chunk.toolCallId, call);
        const issue = newCallIssue(now());
        return { ...chunk, providerMetadata: withSignatures(chunk.providerMetadata, { call: await signer.signCall(call, issue), ...issue }) };
      }
      case 'tool-input-error': {
        if (!isServerTool(chunk.toolName) && chunk.providerExecuted !== true) return chunk;
        // The part ends as an error at once: its call and its result are signed together.
        const call = { chatId, toolCallId: chunk.toolCallId, toolName: chunk.toolName, input: chunk.input };
        const issue = newCallIssue(now());
        const [callSignature, resultSignature] = await Promise.all([
          signer.signCall(call, issue),
          signer.signResult({ ...call, errorText: chunk.errorText }),
        ]);
        return {
          ...chunk,
          providerMetadata: withSignatures(chunk.providerMetadata, { call: callSignature, result: resultSignature, ...issue }),
        };
      }
      case 'tool-output-available':
      case 'tool-output-error': {
        const call = calls.get(chunk.toolCallId);
        if (!call) return chunk;
        const result =
          chunk.type === 'tool-output-available' ? { ...call, output: chunk.output } : { ...call, errorText: chunk.errorText };
        return { ...chunk, providerMetadata: withSignatures(chunk.providerMetadata, { result: await signer.signResult(result) }) };
      }
      case 'tool-approval-request': {
        const call = calls.get(chunk.toolCallId);
        if (!call || !describeApproval || !isServerTool(call.toolName)) return chunk;
        const base = typeof chunk.approvalDescriptor === 'object' && chunk.approvalDescriptor !== null ? chunk.approvalDescriptor : {};
        return { ...chunk, approvalDescriptor: { ...base, toolchat: await describeApproval(call.toolName, call.input) } };
      }
      default:
        return chunk;
    }
  }

  return (chunk) => {
    // Text and the rest pass without waiting for a microtask.
    if (!chunk.type.startsWith('tool-')) return chunk;
    // A value JSON cannot carry (the stream fails on it next) passes on unsigned.
    return sign(chunk).catch(() => chunk);
  };
}

function withSignatures(
  metadata: ProviderMetadata | undefined,
  signatures: { call?: string; result?: string; at?: number; nonce?: string },
): ProviderMetadata {
  return { ...metadata, [SIGNATURE_KEY]: signatures };
}
