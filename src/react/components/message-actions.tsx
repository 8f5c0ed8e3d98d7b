import type { UIMessage } from 'ai';
import { Suspense, createContext, lazy, useContext, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { createListeners, type Listeners } from '../../core/chat/listeners';
import type { FeedbackHandler } from './feedback';

// The bar and the editor load once, after the first render (`preloadMessageActions`), so the
// chat's first load does not carry them.
const load = () => import('./message-action-bar');
const MessageActionBar = lazy(() => load().then((module) => ({ default: module.MessageActionBar })));
const MessageEditing = lazy(() => load().then((module) => ({ default: module.MessageEditing })));

/** Starts loading the action bar and the editor. */
export function preloadMessageActions(): Promise<unknown> {
  // A failed preload (offline, a chunk a deploy removed) is not the app's unhandled rejection:
  // the bar that renders loads it again and its Suspense shows the failure.
  return load().catch(() => undefined);
}

/** What the actions under messages can do; `ChatWrapper` provides it from its chat. */
export interface MessageActionsValue {
  /** While false (the chat at work or waiting for an approval), Regenerate and Edit are not offered. */
  idle: boolean;
  /** The answer Regenerate is offered under: the last message, when it is an answer. */
  lastAnswerId: string | undefined;
  /** Drops the last answer and asks again (`useToolChat().regenerate`). Without it, no Regenerate. */
  onRegenerate?: (() => void) | undefined;
  /** Replaces a user message's text and sends it again (`useToolChat().editMessage`). Without it, no Edit. */
  onEdit?: ((messageId: string, text: string) => void) | undefined;
  /** Thumbs up and down under answers (`FeedbackButtons`). Without it, no thumbs. */
  onFeedback?: FeedbackHandler | undefined;
  /** Read aloud under answers, where the browser can speak (`ReadAloudButton`). */
  readAloud?: boolean | undefined;
}

/**
 * The provider's latest value behind a subscription: a change (the chat going busy or idle, a
 * new last answer) re-renders only the bars whose offer changes (the user's messages, the last
 * answer), not every row of a long thread. Internal: the bars read it.
 */
export interface ActionsStore extends Listeners {
  current: MessageActionsValue;
}

const ActionsContext = createContext<ActionsStore | undefined>(undefined);

export interface MessageActionsProviderProps {
  /** `undefined` turns the actions off below it. */
  value: MessageActionsValue | undefined;
  children?: ReactNode;
}

/**
 * Turns on the actions under messages (Copy, Regenerate, Edit) for every `Message` below it.
 * A stable store in context rather than the value: a change (the chat going idle) re-renders
 * the action bars whose offer changes, not the memoised message rows nor the other bars.
 */
export function MessageActionsProvider({ value, children }: MessageActionsProviderProps) {
  // Without a value yet, nothing is offered (`idle` unset).
  const [store] = useState<ActionsStore>(() => Object.assign(createListeners(), { current: value ?? ({} as MessageActionsValue) }));
  // Bars rendered with this value (rows that mount now: another version's, after a switch) read
  // it as they render, so they need no second commit; the bars already there hear of it after
  // the commit, and those whose offer changed render again before paint.
  const told = useRef(store.current);
  if (value) store.current = value;
  useLayoutEffect(() => {
    if (value && told.current !== value) {
      told.current = value;
      store.emit();
    }
  });
  return <ActionsContext.Provider value={value ? store : undefined}>{children}</ActionsContext.Provider>;
}
MessageActionsProvider.displayName = 'MessageActionsProvider';

export interface MessageActionsProps {
  message: UIMessage;
  /** True while the model writes this message: no actions yet. */
  streaming?: boolean;
  /** The message's body; an editor takes its place while the user edits the message. */
  children?: ReactNode;
}

/**
 * The message's body followed by its actions, inside a `MessageActionsProvider`: Copy (as
 * Markdown) on every message with text, Regenerate under the last answer, read aloud and
 * feedback on answers when the provider's value turns them on, Edit on the user's messages.
 * Editing sends the new text in its place; the earlier version stays as a branch. Outside a
 * provider it renders the body alone. What the bar offers is worked out in its own chunk.
 */
export function MessageActions({ message, streaming = false, children }: MessageActionsProps) {
  const store = useContext(ActionsContext);
  const [editing, setEditing] = useState(false);
  const editRef = useRef<HTMLButtonElement | null>(null);
  if (!store) return <>{children}</>;
  const props = { store, message, setEditing, editRef };
  return editing ? (
    <Suspense fallback={children}>
      <MessageEditing {...props}>{children}</MessageEditing>
    </Suspense>
  ) : (
    <>
      {children}
      {!streaming && (
        <Suspense fallback={null}>
          <MessageActionBar {...props} />
        </Suspense>
      )}
    </>
  );
}
MessageActions.displayName = 'MessageActions';
