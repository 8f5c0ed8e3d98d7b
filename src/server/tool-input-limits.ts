import type { LanguageModelMiddleware } from 'ai';
import { mapStream } from '../core/streams/map-stream';
import { inputTextProblem, REFUSED_INPUT_PREFIX } from '../core/tools/input-limits';

/**
 * Tool calls whose input is nested deeper than 64 levels or longer than 1,000,000 characters
 * never reach the AI SDK as they are: its own recursive copies of a step's messages overflow
 * the stack on a few thousand levels, and such an input, kept in the conversation, would fail
 * every later request. The call's input becomes a JSON string saying why, which no object
 * schema accepts, so no tool runs; the handler turns the input error into a readable one.
 */
export const toolInputLimitMiddleware: LanguageModelMiddleware = {
  specificationVersion: 'v4',
  wrapStream: async ({ doStream }) => {
    const result = await doStream();
    return {
      ...result,
      stream: mapStream(result.stream, (part) => {
        if (part.type !== 'tool-call') return part;
        const problem = inputTextProblem(part.input);
        return problem ? { ...part, input: JSON.stringify(`${REFUSED_INPUT_PREFIX}${problem}`) } : part;
      }),
    };
  },
};
