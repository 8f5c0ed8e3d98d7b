import type { UIMessageChunk } from 'ai';
import { errorMessage } from '../../core/tools/errors';
import { UIChunkWriter } from '../sse/ui-chunk-writer';
import { OpenAIChunkProcessor } from './chunk-processor';
import { openAICompletionSchema, type OpenAIChunk } from './schema';
import { wireOptions, type StreamTransformOptions } from './stream-transform';

/**
 * Reads a whole `chat.completion` JSON answer (a request with `stream: false`, or a server that
 * ignored `stream: true`) into the same UI message chunks the stream parser gives.
 */
export function chunksFromCompletion(text: string, options: StreamTransformOptions = {}): UIMessageChunk[] {
  const { generateId, toolNames } = wireOptions(options);
  const chunks: UIMessageChunk[] = [];
  const writer = new UIChunkWriter((chunk) => chunks.push(chunk), generateId, toolNames);
  const processor = new OpenAIChunkProcessor(writer, generateId);
  writer.start();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    processor.fail(`The server's answer is not valid JSON (${errorMessage(error)}): ${text.slice(0, 200)}`);
    processor.end();
    return chunks;
  }
  const parsed = openAICompletionSchema.safeParse(json);
  if (!parsed.success) {
    processor.fail(`The server's answer is not a chat completion: ${text.slice(0, 200)}`);
  } else {
    const completion = parsed.data;
    // One chunk carrying the whole message goes through the same state machine as a stream.
    const chunk: OpenAIChunk = {
      id: completion.id,
      model: completion.model,
      usage: completion.usage,
      error: completion.error,
      choices: completion.choices?.map((choice) => ({
        index: choice.index,
        finish_reason: choice.finish_reason ?? 'stop',
        delta: choice.message && {
          ...choice.message,
          tool_calls: choice.message.tool_calls?.map((call, index) => ({ ...call, index: call.index ?? index })),
        },
      })),
    };
    processor.process(chunk);
  }
  processor.end();
  return chunks;
}
