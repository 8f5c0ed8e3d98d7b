import type { FinishReason, UIMessageChunk } from 'ai';
import { compactUsage, type StreamUsage } from '../sse/metadata';
import type { UIChunkWriter } from '../sse/ui-chunk-writer';
import { createWireEventStream } from '../sse/wire-event-stream';
import { wireOptions, type StreamTransformOptions } from '../openai-compatible/stream-transform';
import { geminiEventSchema, type GeminiEvent } from './schema';

/**
 * Parses a Gemini `streamGenerateContent?alt=sse` body into AI SDK UI message chunks, like
 * `createOpenAIChatStreamTransform`: text parts, thought parts as reasoning, and each
 * `functionCall` (whole `args` object, no id on the wire) as a tool call with an id
 * from `generateId`. A call's `thoughtSignature` is kept as `providerMetadata.google` so
 * `toGeminiContents` can send it back. `finishReason: STOP` after calls maps to `tool-calls`.
 *
 * @example
 * const chunks = response.body.pipeThrough(createGeminiStreamTransform());
 */
export function createGeminiStreamTransform(
  options: StreamTransformOptions = {},
): ReadableWritablePair<UIMessageChunk, Uint8Array> {
  const wire = wireOptions(options);
  const { generateId } = wire;
  let writer: UIChunkWriter;
  let rawFinishReason: string | undefined;
  let hasCalls = false;
  let failed = false;
  let usage: StreamUsage | undefined;
  let model: string | undefined;

  const handle = (event: GeminiEvent) => {
    if (event.error) {
      failed = true;
      writer.error(event.error.message ?? event.error.status ?? 'The Gemini stream reported an error.');
      return;
    }
    if (event.modelVersion) model = event.modelVersion;
    const u = event.usageMetadata;
    if (u) {
      usage = compactUsage({
        inputTokens: u.promptTokenCount,
        outputTokens: u.candidatesTokenCount,
        totalTokens: u.totalTokenCount,
        reasoningTokens: u.thoughtsTokenCount,
        cachedInputTokens: u.cachedContentTokenCount,
      });
    }
    if (event.promptFeedback?.blockReason) rawFinishReason = 'SAFETY';
    const candidate = event.candidates?.[0];
    for (const part of candidate?.content?.parts ?? []) {
      if (part.functionCall) {
        hasCalls = true;
        writer.closeText();
        writer.closeReasoning();
        const id = part.functionCall.id || generateId();
        const name = part.functionCall.name;
        const meta = part.thoughtSignature ? { google: { thoughtSignature: part.thoughtSignature } } : undefined;
        writer.toolInputStart(id, name, meta);
        writer.toolInput(id, name, { value: part.functionCall.args ?? {} }, meta);
      } else if (part.thought === true) {
        writer.reasoning(part.text ?? '');
      } else {
        writer.text(part.text ?? '');
      }
    }
    if (candidate?.finishReason) rawFinishReason = candidate.finishReason;
  };

  const finishReason = (): FinishReason => {
    if (failed) return 'error';
    switch (rawFinishReason) {
      case undefined:
        return hasCalls ? 'tool-calls' : 'other';
      case 'STOP':
        return hasCalls ? 'tool-calls' : 'stop';
      case 'MAX_TOKENS':
        return 'length';
      case 'SAFETY':
      case 'RECITATION':
      case 'BLOCKLIST':
      case 'PROHIBITED_CONTENT':
      case 'SPII':
      case 'IMAGE_SAFETY':
        return 'content-filter';
      case 'MALFORMED_FUNCTION_CALL':
        return 'error';
      default:
        return 'other';
    }
  };

  return createWireEventStream<GeminiEvent>(geminiEventSchema, wire, (opened) => {
    writer = opened;
    return {
      data: handle,
      end: () => writer.finish({ finishReason: finishReason(), ...(usage && { usage }), ...(model && { model }) }),
    };
  });
}
