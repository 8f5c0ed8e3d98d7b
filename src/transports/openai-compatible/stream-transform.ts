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
}

/**
 * Parses an OpenAI Chat Completions SSE body (`stream: true`) into AI SDK UI message chunks:
 * `start`, `start-step`, text, reasoning (`reasoning_content` / `reasoning`), dynamic tool calls,
 * `finish-step`, `message-metadata` (`{ usage, finishReason, model }`) and `finish`. Errors sent
 * inside the stream become `error` chunks; a stream that stops without `[DONE]` still finishes.
 *
 * @example
 * const chunks = response.body.pipeThrough(createOpenAIChatStreamTransform());
 */
export function createOpenAIChatStreamTransform(
  options: StreamTransformOptions = {},
): ReadableWritablePair<UIMessageChunk, Uint8Array> {
  const generateId = options.generateId ?? defaultGenerateId;
  return createWireEventStream<OpenAIChunk>(openAIChunkSchema, generateId, (writer) => {
    const processor = new OpenAIChunkProcessor(writer, generateId);
    return { data: (chunk) => processor.process(chunk), end: () => processor.end() };
  });
}
