import type { ChatState, ChatStatus, UIMessage } from 'ai';
import type { MessageTree } from '../tree/message-tree';
import { createListeners } from './listeners';
import { shallowEqual } from './shallow-equal';

/**
 * The `ChatState` the AI SDK's `AbstractChat` writes through, and the only place messages
 * change. The conversation is one array changed in place: a streamed chunk replaces one
 * message (a shallow copy of it and its parts, so a row can tell it changed) and never copies
 * the array. Readers get a copy made at most once per change, when they ask (`published()`).
 */
export class ToolChatState implements ChatState<UIMessage> {
  #messages: UIMessage[] = [];
  #status: ChatStatus = 'ready';
  #error: Error | undefined;
  #published: UIMessage[] | undefined;
  readonly messagesChanged = createListeners();
  readonly statusChanged = createListeners();
  /**
   * Every version of the conversation, once there is more than one: made by the first Edit or
   * Regenerate (whose code loads when asked) or a restored record with versions. Messages leave
   * the path only through the `messages` setter (the AI SDK never pops), which shows the tree
   * the path first: nothing is lost.
   */
  tree: MessageTree | undefined;
  #synced: readonly UIMessage[] | undefined;
  /** Applied to every message this state stores (the loop's call states, in the parts), when `decorates()`. */
  decorate: (message: UIMessage) => void = () => {};
  /** Whether `decorate` has anything to write (the loop knows a call). */
  decorates: () => boolean = () => false;

  get status(): ChatStatus {
    return this.#status;
  }
  set status(status: ChatStatus) {
    if (status === this.#status) return;
    this.#status = status;
    this.statusChanged.emit();
  }

  get error(): Error | undefined {
    return this.#error;
  }
  set error(error: Error | undefined) {
    if (error === this.#error) return;
    this.#error = error;
    this.statusChanged.emit();
  }

  /** The live array, for `AbstractChat` only: it changes in place. Read `published()` elsewhere. */
  get messages(): UIMessage[] {
    return this.#messages;
  }
  /**
   * A whole conversation: a message this state already holds with the same content keeps its
   * object (the AI SDK cutting the array on Regenerate, a restore or `setMessages` of what is
   * shown), so the rows that show it do not render again. A whole conversation is never the
   * object the AI SDK streams into: its messages are kept as given (as the AI SDK's own state
   * keeps `messages`), copied only to take the loop's call states.
   */
  set messages(messages: UIMessage[]) {
    if (this.tree) this.syncTree();
    const held = new Map(this.#messages.map((message) => [message.id, message]));
    const decorates = this.decorates();
    this.#messages = messages.map((message) => {
      const old = held.get(message.id);
      if (old && (old === message || sameMessage(old, message))) return old;
      if (!decorates) return message;
      const copy = this.snapshot(message);
      this.decorate(copy);
      return copy;
    });
    this.#changed();
  }

  pushMessage = (message: UIMessage): void => {
    const copy = this.snapshot(message);
    this.decorate(copy);
    this.#messages.push(copy);
    this.#changed();
  };

  popMessage = (): void => {
    this.#messages.pop();
    this.#changed();
  };

  replaceMessage = (index: number, message: UIMessage): void => {
    const copy = this.snapshot(message);
    this.decorate(copy);
    this.#messages[index] = copy;
    this.#changed();
  };

  /** Stores the message again, so `decorate` sees the loop's newest state of its calls. */
  refresh(index: number): void {
    const message = this.#messages[index];
    if (message) this.replaceMessage(index, message);
  }

  /** A copy of the message and its parts: the AI SDK keeps changing the object it streams into. */
  snapshot = <T>(value: T): T => {
    if (value === null || typeof value !== 'object' || !('parts' in value) || !Array.isArray(value.parts)) return value;
    return { ...value, parts: value.parts.map((part: object) => ({ ...part })) };
  };

  /**
   * Shows another path of the tree (a branch switch). Its messages are the tree's, objects this
   * state made (or a restored record's) that nothing streams into any more: kept as they are, so
   * the rows of the messages both paths share do not render again.
   */
  showPath(path: readonly UIMessage[]): void {
    this.syncTree();
    this.#messages = path.slice();
    this.#changed();
  }

  /** Shows the tree the path as it is now (once per change of the path); none before there are versions. */
  syncTree(): MessageTree | undefined {
    if (!this.tree) return undefined;
    const path = this.published();
    if (path !== this.#synced) {
      this.tree.sync(path);
      this.#synced = path;
    }
    return this.tree;
  }

  /** The conversation as readers see it: a new array after each change, the same one otherwise. */
  published(): UIMessage[] {
    return (this.#published ??= this.#messages.slice());
  }

  #changed(): void {
    this.#published = undefined;
    this.messagesChanged.emit();
  }
}

function sameMessage(a: UIMessage, b: UIMessage): boolean {
  if (a.role !== b.role || a.metadata !== b.metadata || a.parts.length !== b.parts.length) return false;
  return a.parts.every((part, index) => shallowEqual(part, b.parts[index]));
}
