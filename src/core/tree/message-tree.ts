import type { UIMessage } from 'ai';

/** Where a message stands among its versions: the `index`-th of `count` (zero-based). */
export interface BranchPosition {
  index: number;
  count: number;
}

/**
 * A version off the active path, as a record keeps it: its first message, at `index` among the
 * children of `parentId` (`null` at the top of the conversation), then down the path that
 * version had when it was left, each message the active child of the one before. Its other
 * versions are branches of their own.
 */
export interface Branch<MESSAGE = UIMessage> {
  parentId: string | null;
  index: number;
  messages: MESSAGE[];
}

interface Node {
  message: UIMessage;
  parentId: string | null;
}

const ALONE: BranchPosition = Object.freeze({ index: 0, count: 1 });

/**
 * A conversation as a tree: every message has a parent (`null` for the first ones), siblings are
 * the versions Edit and Regenerate made, in the order they were made, and one child per parent
 * is on the active path. The active path is the chat's `messages`; the tree learns it by
 * `sync`, before the path loses anything, so no version is ever dropped.
 */
export class MessageTree {
  readonly #nodes = new Map<string, Node>();
  readonly #children = new Map<string | null, string[]>();
  /** The child the active path goes through, per parent; none where the path ends. */
  readonly #active = new Map<string | null, string>();

  /**
   * Takes `path` as the active path: its messages are the newest of theirs, a message the tree
   * does not know becomes the newest version under its parent. A repeated id ends the sync
   * there (a path never holds one message twice).
   */
  sync(path: readonly UIMessage[]): void {
    let parentId: string | null = null;
    const seen = new Set<string>();
    for (const message of path) {
      if (seen.has(message.id)) break;
      seen.add(message.id);
      const node = this.#nodes.get(message.id);
      if (!node) {
        this.#nodes.set(message.id, { message, parentId });
        this.#siblings(parentId).push(message.id);
      } else {
        node.message = message;
        if (node.parentId !== parentId) this.#move(message.id, node, parentId);
      }
      this.#active.set(parentId, message.id);
      parentId = message.id;
    }
    this.#active.delete(parentId);
  }

  /** Forgets every version: the tree is `path` alone. */
  reset(path: readonly UIMessage[]): void {
    this.#nodes.clear();
    this.#children.clear();
    this.#active.clear();
    this.sync(path);
  }

  /**
   * Gives a message another id, in place among its siblings and above its children: Edit keeps
   * the earlier version of a message under a new id, so the edited one keeps the message's id.
   */
  rename(messageId: string, newId: string): void {
    const node = this.#nodes.get(messageId);
    if (!node || this.#nodes.has(newId)) return;
    this.#nodes.delete(messageId);
    this.#nodes.set(newId, { message: { ...node.message, id: newId }, parentId: node.parentId });
    const siblings = this.#children.get(node.parentId)!;
    siblings[siblings.indexOf(messageId)] = newId;
    if (this.#active.get(node.parentId) === messageId) this.#active.set(node.parentId, newId);
    const children = this.#children.get(messageId);
    if (children) {
      this.#children.delete(messageId);
      this.#children.set(newId, children);
      for (const child of children) this.#nodes.get(child)!.parentId = newId;
    }
    const active = this.#active.get(messageId);
    this.#active.delete(messageId);
    if (active !== undefined) this.#active.set(newId, active);
  }

  has(messageId: string): boolean {
    return this.#nodes.has(messageId);
  }

  /** The message's place among its versions; one of one for a message the tree does not know. */
  position(messageId: string): BranchPosition {
    const node = this.#nodes.get(messageId);
    if (!node) return ALONE;
    const siblings = this.#children.get(node.parentId)!;
    return siblings.length === 1 ? ALONE : { index: siblings.indexOf(messageId), count: siblings.length };
  }

  /**
   * The active path through the `index`-th version of the message: the messages above it, that
   * version, then down the path that version had when it was left. `undefined` when the tree
   * has no such message or version.
   */
  pathThrough(messageId: string, index: number): UIMessage[] | undefined {
    const node = this.#nodes.get(messageId);
    if (!node || !Number.isInteger(index)) return undefined;
    const chosen = this.#children.get(node.parentId)![index];
    if (chosen === undefined) return undefined;
    const path: UIMessage[] = [];
    for (let id = node.parentId; id !== null; id = this.#nodes.get(id)!.parentId) path.push(this.#nodes.get(id)!.message);
    path.reverse();
    for (let id: string | undefined = chosen; id !== undefined; id = this.#active.get(id)) path.push(this.#nodes.get(id)!.message);
    return path;
  }

  /**
   * Every version off the active path `path` (which the tree has synced), each as a chain down
   * the path it had, parents before their children: what a record keeps besides the path.
   * A new version adds one branch of its own messages; nothing else is copied.
   */
  offPath(path: readonly UIMessage[]): Branch[] {
    if (this.#nodes.size === path.length) return [];
    const out: Branch[] = [];
    const heads = (parentId: string | null, except: string | undefined) => {
      this.#children.get(parentId)?.forEach((id, index) => {
        if (id === except) return;
        const branch: Branch = { parentId, index, messages: [] };
        out.push(branch);
        chain(branch, id);
      });
    };
    const chain = (branch: Branch, first: string) => {
      for (let id: string | undefined = first; id !== undefined; id = this.#active.get(id)) {
        branch.messages.push(this.#nodes.get(id)!.message);
        const next = this.#active.get(id);
        if ((this.#children.get(id)?.length ?? 0) > (next === undefined ? 0 : 1)) heads(id, next);
      }
    };
    let parentId: string | null = null;
    for (const message of path) {
      if (this.#children.get(parentId)!.length > 1) heads(parentId, message.id);
      parentId = message.id;
    }
    if (this.#children.has(parentId)) heads(parentId, undefined);
    return out;
  }

  /**
   * A tree from a record: the active path and the versions off it (as `offPath` gave them).
   * Throws a `TypeError` naming the first message whose parent is unknown or whose id is taken.
   */
  static from(path: readonly UIMessage[], branches: readonly Branch[]): MessageTree {
    const tree = new MessageTree();
    tree.sync(path);
    let pending = branches.filter((branch) => branch.messages.length > 0);
    // Parents first: each round places the branches whose parent is known by now; a parent's
    // continuation is in place before its other children go in at their places, lowest first.
    while (pending.length > 0) {
      const ready = pending.filter(({ parentId }) => parentId === null || tree.#nodes.has(parentId));
      if (ready.length === 0) {
        const { parentId, messages } = pending[0]!;
        throw new TypeError(`The message "${messages[0]!.id}" answers "${String(parentId)}", which is not in the conversation.`);
      }
      pending = pending.filter((branch) => !ready.includes(branch));
      for (const { parentId, messages } of ready) {
        let above = parentId;
        for (const message of messages) {
          if (tree.#nodes.has(message.id)) throw new TypeError(`The message "${message.id}" is in the conversation twice.`);
          tree.#nodes.set(message.id, { message, parentId: above });
          // The rest of the chain is its version's path: each the active child of the one above.
          if (above !== parentId) {
            tree.#siblings(above!).push(message.id);
            tree.#active.set(above, message.id);
          }
          above = message.id;
        }
      }
      for (const { parentId, index, messages } of [...ready].sort((a, b) => a.index - b.index)) {
        const siblings = tree.#siblings(parentId);
        siblings.splice(Math.min(index, siblings.length), 0, messages[0]!.id);
      }
    }
    return tree;
  }

  #siblings(parentId: string | null): string[] {
    let siblings = this.#children.get(parentId);
    if (!siblings) this.#children.set(parentId, (siblings = []));
    return siblings;
  }

  /** A message the path now shows under another parent (an app's `setMessages`): it moves, with what follows it. */
  #move(id: string, node: Node, parentId: string | null): void {
    const before = this.#children.get(node.parentId)!;
    before.splice(before.indexOf(id), 1);
    if (before.length === 0) this.#children.delete(node.parentId);
    if (this.#active.get(node.parentId) === id) this.#active.delete(node.parentId);
    node.parentId = parentId;
    this.#siblings(parentId).push(id);
  }
}
