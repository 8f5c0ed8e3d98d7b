import type { FinishReason } from 'ai';
import { compactUsage, type StreamUsage } from '../sse/metadata';
import type { UIChunkWriter } from '../sse/ui-chunk-writer';
import { errorFieldMessage, type OpenAIChunk, type OpenAIToolCallDelta } from './schema';

interface PendingCall {
  id: string;
  /** Whether the id came from the server; a generated one may be replaced by the first real one. */
  serverId: boolean;
  name: string | undefined;
  args: string;
  started: boolean;
  finished: boolean;
}

/**
 * The state machine from OpenAI Chat Completions chunks to UI message chunks. Tool calls are
 * assembled by `index`, as the API streams them: `id` and `name` on the first delta only, then
 * argument pieces. It also copes with the servers that differ: calls without `index` (Mistral),
 * whole calls in one chunk (Ollama), empty `id`s on later deltas (DashScope), no `[DONE]`.
 */
export class OpenAIChunkProcessor {
  private readonly calls: PendingCall[] = [];
  private readonly callsByIndex = new Map<number, PendingCall>();
  private rawFinishReason: string | undefined;
  private failed = false;
  private usage: StreamUsage | undefined;
  private model: string | undefined;

  constructor(
    private readonly writer: UIChunkWriter,
    private readonly generateId: () => string,
  ) {}

  process(chunk: OpenAIChunk): void {
    if (chunk.model) this.model = chunk.model;
    const error = errorFieldMessage(chunk.error);
    if (error !== undefined) {
      this.fail(error);
      return;
    }
    if (chunk.usage) {
      const u = chunk.usage;
      this.usage = compactUsage({
        inputTokens: u.prompt_tokens,
        outputTokens: u.completion_tokens,
        totalTokens: u.total_tokens,
        reasoningTokens: u.completion_tokens_details?.reasoning_tokens,
        cachedInputTokens: u.prompt_tokens_details?.cached_tokens,
      });
    }
    // Only the first choice is a conversation turn; `n > 1` is not something a chat asks for.
    const choice = chunk.choices?.find((c) => (c.index ?? 0) === 0);
    if (!choice) return;
    const delta = choice.delta;
    if (delta) {
      this.writer.reasoning(delta.reasoning_content ?? delta.reasoning ?? '');
      this.writer.text(delta.content ?? '');
      this.writer.text(delta.refusal ?? '');
      for (const call of delta.tool_calls ?? []) this.toolCallDelta(call);
    }
    if (choice.finish_reason) {
      this.rawFinishReason = choice.finish_reason;
      this.finishCalls();
    }
  }

  /** A stream event that could not be read: say so in the chat, keep reading the rest. */
  fail(message: string): void {
    this.failed = true;
    this.writer.error(message);
  }

  /** The stream ended, with or without `[DONE]`: complete what is pending and finish. */
  end(): void {
    this.finishCalls();
    this.writer.finish({
      finishReason: this.finishReason(),
      ...(this.usage && { usage: this.usage }),
      ...(this.model && { model: this.model }),
    });
  }

  private finishReason(): FinishReason {
    if (this.failed) return 'error';
    const hasCalls = this.calls.length > 0;
    switch (this.rawFinishReason) {
      case undefined:
        return 'other';
      // Some servers (older Ollama, vLLM) say `stop` after tool calls; the calls are what matters.
      case 'stop':
        return hasCalls ? 'tool-calls' : 'stop';
      case 'length':
        return 'length';
      case 'tool_calls':
      case 'function_call':
        return 'tool-calls';
      case 'content_filter':
        return 'content-filter';
      default:
        return 'other';
    }
  }

  private toolCallDelta(delta: OpenAIToolCallDelta): void {
    const id = delta.id || undefined;
    let call = this.findCall(delta.index ?? undefined, id);
    if (!call) {
      call = { id: id ?? this.generateId(), serverId: id !== undefined, name: undefined, args: '', started: false, finished: false };
      this.calls.push(call);
      if (delta.index != null) this.callsByIndex.set(delta.index, call);
    } else if (!call.serverId && id !== undefined && !call.started) {
      call.id = id;
      call.serverId = true;
    }
    if (call.finished) return;
    call.name ??= delta.function?.name || undefined;
    const args = delta.function?.arguments ?? '';
    call.args += args;
    if (call.started) {
      this.writer.toolInputDelta(call.id, args);
    } else if (call.name !== undefined) {
      call.started = true;
      this.writer.toolInputStart(call.id, call.name);
      this.writer.toolInputDelta(call.id, call.args);
    }
  }

  private findCall(index: number | undefined, id: string | undefined): PendingCall | undefined {
    if (index !== undefined) {
      const call = this.callsByIndex.get(index);
      // A different real id at a known index is a new call (servers that number every call 0).
      if (call && id !== undefined && call.serverId && call.id !== id) return undefined;
      return call;
    }
    if (id !== undefined) return this.calls.find((c) => c.id === id);
    // Neither index nor id: a continuation of the latest call.
    return this.calls.at(-1);
  }

  private finishCalls(): void {
    for (const call of this.calls) {
      if (call.finished) continue;
      call.finished = true;
      if (call.name === undefined) {
        this.writer.error(`The server sent a tool call (${call.id}) without a function name; it was ignored.`);
        continue;
      }
      this.writer.toolInput(call.id, call.name, { json: call.args });
    }
  }
}
