import type { FinishReason, UIMessageChunk } from 'ai';
import { compactUsage, type StreamUsage } from '../sse/metadata';
import type { UIChunkWriter } from '../sse/ui-chunk-writer';
import { createWireEventStream } from '../sse/wire-event-stream';
import { wireOptions, type StreamTransformOptions } from '../openai-compatible/stream-transform';
import { anthropicEventSchema, type AnthropicEvent } from './schema';

type Block = { kind: 'text' } | { kind: 'thinking' } | { kind: 'tool'; id: string; name: string; json: string } | { kind: 'ignored' };

/**
 * Parses an Anthropic Messages SSE body (`stream: true`) into AI SDK UI message chunks, like
 * `createOpenAIChatStreamTransform`: text blocks, thinking blocks as reasoning, `tool_use`
 * blocks as tool calls (static for `toolNames`, else dynamic) with their input assembled from `input_json_delta` pieces.
 * Pings and server-tool blocks (`server_tool_use`, `*_tool_result`, run by Anthropic itself)
 * are skipped; an `error` event becomes an `error` chunk.
 *
 * @example
 * const chunks = response.body.pipeThrough(createAnthropicStreamTransform());
 */
export function createAnthropicStreamTransform(
  options: StreamTransformOptions = {},
): ReadableWritablePair<UIMessageChunk, Uint8Array> {
  const wire = wireOptions(options);
  const { generateId } = wire;
  let writer: UIChunkWriter;
  const blocks = new Map<number, Block>();
  let stopReason: string | undefined;
  let failed = false;
  const usage: { input?: number | null | undefined; output?: number | null | undefined; cached?: number | null | undefined } = {};
  let model: string | undefined;

  const endBlock = (index: number) => {
    const block = blocks.get(index);
    blocks.delete(index);
    if (block?.kind === 'text') writer.closeText();
    else if (block?.kind === 'thinking') writer.closeReasoning();
    else if (block?.kind === 'tool') writer.toolInput(block.id, block.name, { json: block.json });
  };

  const handle = (event: AnthropicEvent) => {
    const index = event.index ?? 0;
    switch (event.type) {
      case 'message_start':
        model = event.message?.model ?? undefined;
        usage.input = event.message?.usage?.input_tokens;
        usage.cached = event.message?.usage?.cache_read_input_tokens;
        usage.output = event.message?.usage?.output_tokens;
        break;
      case 'content_block_start': {
        const block = event.content_block;
        if (block?.type === 'text') {
          blocks.set(index, { kind: 'text' });
          writer.text(block.text ?? '');
        } else if (block?.type === 'thinking') {
          blocks.set(index, { kind: 'thinking' });
          writer.reasoning(block.thinking ?? '');
        } else if (block?.type === 'tool_use' && block.name) {
          // `input: {}` here is a placeholder; the input comes from the deltas.
          const id = block.id || generateId();
          blocks.set(index, { kind: 'tool', id, name: block.name, json: '' });
          writer.toolInputStart(id, block.name);
        } else {
          blocks.set(index, { kind: 'ignored' });
        }
        break;
      }
      case 'content_block_delta': {
        const block = blocks.get(index);
        const delta = event.delta;
        if (block?.kind === 'text') writer.text(delta?.text ?? '');
        else if (block?.kind === 'thinking') writer.reasoning(delta?.thinking ?? '');
        else if (block?.kind === 'tool' && delta?.partial_json) {
          block.json += delta.partial_json;
          writer.toolInputDelta(block.id, delta.partial_json);
        }
        break;
      }
      case 'content_block_stop':
        endBlock(index);
        break;
      case 'message_delta':
        stopReason = event.delta?.stop_reason ?? stopReason;
        if (event.usage?.output_tokens != null) usage.output = event.usage.output_tokens;
        if (event.usage?.input_tokens != null) usage.input = event.usage.input_tokens;
        break;
      case 'error':
        failed = true;
        writer.error(event.error?.message ?? 'The Anthropic stream reported an error.');
        break;
      default:
        // ping, message_stop, and event types added later
        break;
    }
  };

  const finish = () => {
    for (const index of [...blocks.keys()]) endBlock(index);
    const streamUsage: StreamUsage | undefined = compactUsage({
      inputTokens: usage.input,
      outputTokens: usage.output,
      totalTokens: usage.input != null && usage.output != null ? usage.input + usage.output : undefined,
      cachedInputTokens: usage.cached,
    });
    writer.finish({
      finishReason: failed ? 'error' : mapStopReason(stopReason),
      ...(streamUsage && { usage: streamUsage }),
      ...(model && { model }),
    });
  };

  return createWireEventStream<AnthropicEvent>(anthropicEventSchema, wire, (opened) => {
    writer = opened;
    return { data: handle, end: finish };
  });
}

function mapStopReason(reason: string | undefined): FinishReason {
  switch (reason) {
    case 'end_turn':
    case 'stop_sequence':
      return 'stop';
    case 'tool_use':
      return 'tool-calls';
    case 'max_tokens':
    case 'model_context_window_exceeded':
      return 'length';
    case 'refusal':
      return 'content-filter';
    default:
      return 'other';
  }
}
