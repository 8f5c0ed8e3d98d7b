import { generateId, type AbstractChat, type UIMessage } from 'ai';
import type { ToolLoopCore } from '../loop/tool-loop-core';
import { MessageTree } from '../tree/message-tree';
import type { ToolChatState } from './chat-state';

/**
 * Whatever is running ends first (the answer's stream, its tools, a call awaiting approval: each
 * settles as cancelled), since the messages it belongs to are about to go.
 */
async function endCurrentTurn(chat: AbstractChat<UIMessage>, loop: ToolLoopCore): Promise<void> {
  loop.stop();
  // Also when idle: the AI SDK writes the cancelled calls' results in jobs that this waits for.
  await chat.stop();
  chat.clearError();
  loop.beginTurn();
}

/** Asks the model again for the last answer (the AI SDK's `regenerate`): the earlier one stays in the tree (see `ToolChatState`). */
export async function regenerateAnswer(chat: AbstractChat<UIMessage>, state: ToolChatState, loop: ToolLoopCore): Promise<void> {
  if (chat.messages.length === 0) return;
  await endCurrentTurn(chat, loop);
  growTree(state);
  await chat.regenerate();
}

/**
 * Replaces the text of a user message and sends it again. The message keeps its id and its
 * files; the earlier version stays in the tree under a new id, with what followed it. The AI
 * SDK's own edit (`sendMessage` with `messageId`) then sends it, so transports read an Edit.
 */
export async function editUserMessage(
  chat: AbstractChat<UIMessage>,
  state: ToolChatState,
  loop: ToolLoopCore,
  messageId: string,
  text: string,
): Promise<void> {
  const find = () => chat.messages.find((candidate) => candidate.id === messageId);
  const found = find();
  if (!found || found.role !== 'user') throw new TypeError(`editMessage: the chat has no user message with the id "${messageId}"`);
  await endCurrentTurn(chat, loop);
  // What ran has ended, its results written: the earlier version is kept as it now is.
  const message = find() ?? found;
  const files = message.parts.filter((part) => part.type === 'file');
  const tree = growTree(state);
  const index = chat.messages.indexOf(message);
  if (index >= 0 && unchanged(message, text)) {
    // Sent again as it is: the message is answered again, and what followed it becomes another
    // version of its answer (as a server that keeps the chat takes it), not a copy of the message.
    state.messages = chat.messages.slice(0, index + 1);
  } else if (index >= 0) {
    // The tree has the path as it is (the setter does not sync it again): the earlier version
    // takes a new id, and the edited message, under the message's id, becomes its newest
    // sibling when the path shows it (subscribers, saving it, sync at once).
    tree.rename(messageId, generateId());
    state.messages = [...chat.messages.slice(0, index), { ...message, parts: [...files, { type: 'text', text }] }];
  }
  await chat.sendMessage({ text, files, messageId });
}

/** Whether the message's text, besides its files, is `text` already. */
function unchanged(message: UIMessage, text: string): boolean {
  const other = message.parts.filter((part) => part.type !== 'file');
  return other.length === 1 && other[0]!.type === 'text' && other[0]!.text === text;
}

/** The tree, started when the first version is about to be kept. */
function growTree(state: ToolChatState): MessageTree {
  state.tree ??= new MessageTree();
  return state.syncTree()!;
}
