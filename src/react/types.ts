import type { ToolChat } from '../core/chat/create-tool-chat';
import type { ToolCallView, ToolChatOptions, ToolChatSnapshot } from '../core/chat/types';
import type { ToolSet } from '../core/tools/define-tool';

export type {
  SendMessageInput,
  ToolCallView,
  ToolCallViewOf,
  ToolChatMessage,
  ToolChatUITools,
  ToolOutputInput,
} from '../core/chat/types';

/** Options of `useToolChat` and `<ChatWrapper>`: those of `createToolChat`. */
export type UseToolChatOptions<TOOLS extends ToolSet = ToolSet> = ToolChatOptions<TOOLS>;

/** What `useToolChat` returns: the chat's snapshot and its actions. */
export interface UseToolChatResult<TOOLS extends ToolSet = ToolSet>
  extends ToolChatSnapshot<TOOLS>,
    Pick<
      ToolChat<TOOLS>,
      | 'sendMessage'
      | 'stop'
      | 'retry'
      | 'approve'
      | 'deny'
      | 'answerApproval'
      | 'revokeGrant'
      | 'addToolApprovalResponse'
      | 'continue'
      | 'runAgain'
      | 'regenerate'
      | 'editMessage'
      | 'alwaysAllow'
      | 'addToolOutput'
      | 'addToolResult'
      | 'getToolCall'
    > {
  id: string;
  /** The chat instance, to share (`<ToolChatProvider chat>`) or to read elsewhere. */
  chat: ToolChat<TOOLS>;
  /** Every call of the conversation, by id, in order: the one view of a call (`ToolCallView`). */
  toolCalls: ReadonlyMap<string, ToolCallView<TOOLS>>;
}
