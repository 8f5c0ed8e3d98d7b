import type { AbstractChat, UIMessage } from 'ai';
import { isSettled } from '../loop/call-state';
import type { ToolLoopCore } from '../loop/tool-loop-core';
import { MessageTree, type Branch } from '../tree/message-tree';
import type { ToolChatState } from './chat-state';

/**
 * The active path through the `index`-th version of the message: a `TypeError` for a message
 * the chat does not have, a `RangeError` naming the versions there are for an index it lacks.
 */
export function branchPath(state: ToolChatState, messageId: string, index: number): UIMessage[] {
  const tree = state.syncTree();
  // No tree: no message has another version.
  const known = tree ? tree.has(messageId) : state.messages.some((message) => message.id === messageId);
  if (!known) throw new TypeError(`switchBranch: the chat has no message with the id "${messageId}"`);
  const path = tree ? tree.pathThrough(messageId, index) : index === 0 ? state.published() : undefined;
  if (path) return path;
  const count = tree?.position(messageId).count ?? 1;
  throw new RangeError(`switchBranch: message "${messageId}" has ${count} version${count === 1 ? '' : 's'} (0 to ${count - 1}); ${String(index)} is not one of them`);
}

/** Whether a call of the loop is still open: running, awaiting approval or the app's result. */
function hasOpenCalls(loop: ToolLoopCore): boolean {
  for (const call of loop.state.calls.values()) if (!isSettled(call.phase)) return true;
  return false;
}

export interface SwitchContext {
  chat: AbstractChat<UIMessage>;
  state: ToolChatState;
  loop: ToolLoopCore;
  /** A send, a rewrite or a request on its way, tools running. */
  busy: () => boolean;
  /** The chat's Stop, settled once every result is written. */
  stop: () => Promise<void>;
  disposed: () => boolean;
  /** A server that keeps the conversation: the switch is its to make (`ServerConversationTransport`). */
  server: ServerSwitch | undefined;
}

interface ServerSwitch {
  switchOnServer?(chatId: string, messageId: string, index: number): Promise<{ messages: UIMessage[]; branches: Branch[] }>;
}

/**
 * Shows the `index`-th version of the message with its tail. Calls belong to their branch: what
 * runs stops first (an answer streaming, tools running, calls awaiting approval or the app's
 * result), each open call ending cancelled in the branch it was made in, so no call of a branch
 * left runs again. Then the branch shown waits for the user: nothing goes to the model by itself.
 */
export async function switchBranch({ chat, state, loop, busy, stop, disposed, server }: SwitchContext, messageId: string, index: number): Promise<void> {
  branchPath(state, messageId, index);
  if (busy() || chat.status === 'submitted' || hasOpenCalls(loop)) {
    await stop();
    if (disposed()) return;
  }
  if (server?.switchOnServer) {
    // The server owns the tree: it moves its path, and the chat shows the thread it answers.
    const thread = await server.switchOnServer(chat.id, messageId, index);
    if (disposed()) return;
    chat.messages = thread.messages;
    state.tree = MessageTree.from(state.messages, thread.branches);
    loop.hold();
    return;
  }
  const path = branchPath(state, messageId, index);
  const shown = state.published();
  if (path.length === shown.length && path.every((message, at) => message === shown[at])) return;
  state.showPath(path);
  loop.hold();
}
