import type { AbstractChat, UIMessage } from 'ai';
import type { ToolLoopCore } from '../loop/tool-loop-core';

/**
 * Whatever is running ends first (the answer's stream, its tools, a call awaiting approval: each
 * settles as cancelled), since the messages it belongs to are about to go.
 */
async function endCurrentTurn(chat: AbstractChat<UIMessage>, loop: ToolLoopCore): Promise<void> {
  loop.stop();
  if (chat.status === 'submitted' || chat.status === 'streaming') await chat.stop();
  chat.clearError();
  loop.beginTurn();
}

/** Drops the last answer and asks the model again for it (the AI SDK's `regenerate`). */
export async function regenerateAnswer(chat: AbstractChat<UIMessage>, loop: ToolLoopCore): Promise<void> {
  if (chat.messages.length === 0) return;
  await endCurrentTurn(chat, loop);
  await chat.regenerate();
}

/**
 * Replaces the text of a user message and sends it again: every message after it is dropped,
 * no branches are kept. The message keeps its id and its files.
 */
export async function editUserMessage(chat: AbstractChat<UIMessage>, loop: ToolLoopCore, messageId: string, text: string): Promise<void> {
  const message = chat.messages.find((candidate) => candidate.id === messageId);
  if (!message || message.role !== 'user') throw new TypeError(`editMessage: the chat has no user message with the id "${messageId}"`);
  const files = message.parts.filter((part) => part.type === 'file');
  await endCurrentTurn(chat, loop);
  await chat.sendMessage({ text, files, messageId });
}
