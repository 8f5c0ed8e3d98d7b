import type { UIMessage } from 'ai';
import type { ChatIntent } from '../../core/chat-intent';
import { MessageTree, type Branch } from '../../core/tree/message-tree';
import { quoteClientText } from '../request/client-text';
import type { TurnPlan } from './apply-intent';
import type { StoredThread, ThreadWrite } from './types';
import type { Refusal } from './tool-results';

/** Where a message of the active path stands among its versions, for those with more than one. */
export interface MessageVersions {
  messageId: string;
  index: number;
  count: number;
}

const treeOf = (thread: Pick<StoredThread, 'messages' | 'branches'>) => MessageTree.from(thread.messages, thread.branches ?? []);

/**
 * The versions off the path once a turn that replaces messages is written (an Edit, a
 * Regenerate, a message answered again): what it replaces is kept as another version (an edited
 * message's earlier version under `keptId`, so the edited one keeps its id). `undefined` when
 * the write replaces nothing: the versions stay as they are.
 */
export function branchesAfter(thread: StoredThread | undefined, intent: ChatIntent, plan: TurnPlan, keptId: string): Branch[] | undefined {
  if (!thread || plan.keeps === undefined) return undefined;
  const tree = treeOf(thread);
  if (plan.keeps === 'edited' && intent.type === 'edit') tree.rename(intent.messageId, keptId);
  tree.sync(plan.path);
  return tree.offPath(plan.path);
}

/**
 * A branch switch as a write: the path through the `index`-th version of `messageId`, from where
 * it leaves the stored one, and the versions off it. Refused, naming what, for a message the
 * thread does not have (another chat's, made up) or an index out of range.
 */
export function switchWrite(thread: StoredThread, messageId: string, index: number): { ok: true; write: ThreadWrite; path: UIMessage[] } | Refusal {
  const tree = treeOf(thread);
  if (!tree.has(messageId)) {
    return { ok: false, status: 409, message: `Invalid intent switch: this chat has no stored message ${quoteClientText(messageId)}: reload the chat` };
  }
  const path = tree.pathThrough(messageId, index);
  if (!path) {
    const { count } = tree.position(messageId);
    return {
      ok: false,
      status: 400,
      message: `Invalid intent switch: message ${quoteClientText(messageId)} has ${count} version${count === 1 ? '' : 's'} (0 to ${count - 1}); ${quoteClientText(String(index))} is not one of them`,
    };
  }
  tree.sync(path);
  let from = 0;
  while (from < path.length && path[from]!.id === thread.messages[from]?.id) from++;
  return {
    ok: true,
    path,
    write: { expectedVersion: thread.version, after: from === 0 ? null : path[from - 1]!.id, messages: path.slice(from), branches: tree.offPath(path) },
  };
}

/** The versions of the path's messages that have more than one: what a thread's `GET` tells the picker. */
export function versionsOf(thread: Pick<StoredThread, 'messages' | 'branches'>): MessageVersions[] {
  if (!thread.branches?.length) return [];
  const tree = treeOf(thread);
  const out: MessageVersions[] = [];
  for (const message of thread.messages) {
    const { index, count } = tree.position(message.id);
    if (count > 1) out.push({ messageId: message.id, index, count });
  }
  return out;
}
