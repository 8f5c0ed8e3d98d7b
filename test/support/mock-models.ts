import type { LanguageModelV4StreamPart } from '@ai-sdk/provider';
import { convertArrayToReadableStream, MockLanguageModelV4 } from 'ai/test';

const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 5, text: 5, reasoning: 0 },
};

export function textResponse(text: string): { stream: ReadableStream<LanguageModelV4StreamPart> } {
  return {
    stream: convertArrayToReadableStream<LanguageModelV4StreamPart>([
      { type: 'text-start', id: 't' },
      { type: 'text-delta', id: 't', delta: text },
      { type: 'text-end', id: 't' },
      { type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage },
    ]),
  };
}

export function toolCallResponse(
  calls: { toolCallId: string; toolName: string; input: unknown }[],
): { stream: ReadableStream<LanguageModelV4StreamPart> } {
  return {
    stream: convertArrayToReadableStream<LanguageModelV4StreamPart>([
      ...calls.map(
        (call): LanguageModelV4StreamPart => ({
          type: 'tool-call',
          toolCallId: call.toolCallId,
          toolName: call.toolName,
          input: JSON.stringify(call.input),
        }),
      ),
      { type: 'finish', finishReason: { unified: 'tool-calls', raw: 'tool_calls' }, usage },
    ]),
  };
}

/**
 * A model that calls `toolName` whenever it is offered, and answers in text when it is not:
 * the model that never stops calling tools.
 */
export function alwaysCallsTool(toolName: string): MockLanguageModelV4 {
  let n = 0;
  return new MockLanguageModelV4({
    doStream: async (options) => {
      const offered = (options.tools ?? []).some((tool) => tool.name === toolName);
      if (!offered) return textResponse('Final answer without tools.');
      n++;
      return toolCallResponse([{ toolCallId: `call_${n}`, toolName, input: { n } }]);
    },
  });
}
