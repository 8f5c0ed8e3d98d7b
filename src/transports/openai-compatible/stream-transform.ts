import { generateId as defaultGenerateId, type UIMessageChunk } from 'ai';
import { createWireEventStream } from '../sse/wire-event-stream';
import { OpenAIChunkProcessor } from './chunk-processor';
import { openAIChunkSchema, type OpenAIChunk } from './schema';

/** Options of the wire parsers. */
export interface StreamTransformOptions {
  /**
   * Ids for text and reasoning parts, and for tool calls the server sent without one.
   * @default `generateId` from `ai`
   */
  generateId?: () => string;
  /**
   * The browser's tools. Their calls become static `tool-<name>` parts, as the AI SDK endpoint
   * gives them; a call to any other name is a `dynamic-tool` part. A transport passes the names
   * of the tools in its request body.
   * @default [] (every call is a `dynamic-tool` part)
   */
  toolNames?: Iterable<string>;
}

/** The options every wire parser resolves the same way. */
export function wireOptions(options: StreamTransformOptions): { generateId: () => string; toolNames: ReadonlySet<string> } {
  return { generateId: options.generateId ?? defaultGenerateId, toolNames: new Set(options.toolNames) };
}

/**
 * Parses an OpenAI Chat Completions SSE body (`stream: true`) into AI SDK UI message chunks:
 * `start`, `start-step`, text, reasoning (`reasoning_content` / `reasoning`), tool calls,
 * `finish-step`, `message-metadata` (`{ usage, finishReason, model }`) and `finish`. Errors sent
 * inside the stream become `error` chunks; a stream that stops without `[DONE]` still finishes.
 *
 * @example
 * const chunks = response.body.pipeThrough(createOpenAIChatStreamTransform());
 */
export function createOpenAIChatStreamTransform(
  options: StreamTransformOptions = {},
): ReadableWritablePair<UIMessageChunk, Uint8Array> {
  const wire = wireOptions(options);
  return createWireEventStream<OpenAIChunk>(openAIChunkSchema, wire, (writer) => {
    const processor = new OpenAIChunkProcessor(writer, wire.generateId);
    return { data: (chunk) => processor.process(chunk), end: () => processor.end() };
  });
}
