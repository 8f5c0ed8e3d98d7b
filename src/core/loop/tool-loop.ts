import type { UIMessage } from 'ai';
import { checkedToolSchemas } from '../tools/tool-schemas';
import type { ToolChatRequestBody } from '../tools/types';
import { formatLoopEvent } from './events';
import { LoopCalls } from './loop-calls';
import type { LoopRunner } from './load-loop-chunk';
import { runEffects } from './loop-effects';
import { loopEvents } from './loop-events';
import { reduce } from './reduce';
import { ToolLoopCore } from './tool-loop-core';
import { resolveLoopOptions, type ResolvedLoopOptions, type ToolLoopOptions } from './tool-loop-options';

export type { LoopChat } from './tool-loop-core';

// What runs calls comes with a `ToolLoop`: a call may reach it at any time. (A chat of
// `createToolChat` loads the same from the loop's chunk before its first request.)
const runner: LoopRunner = {
  LoopCalls,
  runEffects,
  loopEvents,
  formatLoopEvent,
  reduce,
};

/**
 * The tool loop of one chat, without React. Its whole state is one `LoopState`, changed only
 * by `reduce`, which then emits the log events, calls the app's callbacks, hands each settled
 * call's result to the chat and tells subscribers, in that one place. The class itself does the
 * side effects: running tools, asking for approval, aborting.
 */
export class ToolLoop extends ToolLoopCore {
  constructor(getOptions: () => ToolLoopOptions) {
    super(resolvedOnce(getOptions), () => runner);
  }

  /** The body toolchat adds to a request for these messages; each request is one round. */
  requestBody(messages: readonly UIMessage[]): ToolChatRequestBody {
    return this.requestBodyWith(messages, checkedToolSchemas);
  }
}

/** The options with their defaults, resolved again only when the app gives another object. */
function resolvedOnce(getOptions: () => ToolLoopOptions): () => ResolvedLoopOptions {
  let given: ToolLoopOptions | undefined;
  let resolved: ResolvedLoopOptions | undefined;
  const read = () => {
    const options = getOptions();
    if (options !== given || !resolved) {
      resolved = resolveLoopOptions(options);
      given = options;
    }
    return resolved;
  };
  // Bad options fail where they enter, when the loop is made.
  read();
  return read;
}
