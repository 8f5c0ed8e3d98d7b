import type { UIMessage } from 'ai';
import { checkedToolSchemas } from '../tools/tool-schemas';
import type { ToolChatRequestBody } from '../tools/types';
import { ToolLoopCore } from './tool-loop-core';

export type { LoopChat } from './tool-loop-core';

/**
 * The tool loop of one chat, without React. Its whole state is one `LoopState`, changed only
 * by `reduce`, which then emits the log events, calls the app's callbacks, hands each settled
 * call's result to the chat and tells subscribers, in that one place. The class itself does the
 * side effects: running tools, asking for approval, aborting.
 *
 * What runs calls and writes the log (`onEvent`, `debug`) is its own chunk, loaded when a loop
 * is made: a call, or a log entry, before it has arrived waits for it, in order.
 */
export class ToolLoop extends ToolLoopCore {
  /** The body toolchat adds to a request for these messages; each request is one round. */
  requestBody(messages: readonly UIMessage[]): ToolChatRequestBody {
    return this.requestBodyWith(messages, checkedToolSchemas);
  }
}
