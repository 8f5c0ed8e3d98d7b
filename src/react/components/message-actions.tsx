import type { UIMessage } from 'ai';
import { Suspense, createContext, lazy, useCallback, useContext, useLayoutEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';

// The bar and the editor load once, after the first render (`preloadMessageActions`), so the
// chat's first load does not carry them.
const load = () => import('./message-action-bar');
const MessageActionBar = lazy(() => load().then((module) => ({ default: module.MessageActionBar })));
const MessageEditor = lazy(() => load().then((module) => ({ default: module.MessageEditor })));

/** Starts loading the action bar and the editor. */
export function preloadMessageActions(): Promise<unknown> {
  return load();
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
}

/**
 * The provider's value behind a subscription: a change (the chat going busy or idle, a new last
 * answer) re-renders only the rows whose offer changes (the user's messages, the last answer),
 * not every action bar of a long thread.
 */
interface ActionsStore {
  current: MessageActionsValue;
  subscribe: (listener: () => void) => () => void;
  emit: () => void;
}

function createActionsStore(value: MessageActionsValue): ActionsStore {
  const listeners = new Set<() => void>();
  return {
    current: value,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    emit() {
      for (const listener of listeners) listener();
    },
  };
}

const ActionsContext = createContext<ActionsStore | undefined>(undefined);

export interface MessageActionsProviderProps {
  /** `undefined` turns the actions off below it. */
  value: MessageActionsValue | undefined;
  children?: ReactNode;
}

/**
 * Turns on the actions under messages (Copy, Regenerate, Edit) for every `Message` below it.
 * A context rather than props: a change (the chat going idle) re-renders the action bars whose
 * offer changes, not the memoised message rows.
 */
export function MessageActionsProvider({ value, children }: MessageActionsProviderProps) {
  const [store] = useState(() => createActionsStore(value ?? { idle: false, lastAnswerId: undefined }));
  // Rows rendered with this value read it at once; rows that do not render hear of it after the commit.
  if (value) store.current = value;
  const told = useRef(value);
  useLayoutEffect(() => {
    if (told.current === value) return;
    told.current = value;
    store.emit();
  });
  return <ActionsContext.Provider value={value ? store : undefined}>{children}</ActionsContext.Provider>;
}
MessageActionsProvider.displayName = 'MessageActionsProvider';

const EDIT = 1;
const REGENERATE = 2;
const noSubscription = () => () => {};

/** What a message's bar offers besides Copy, as one number so that an unchanged offer renders nothing. */
function offerOf(actions: MessageActionsValue | undefined, message: UIMessage): number {
  if (!actions?.idle) return 0;
  if (message.role === 'user') return actions.onEdit ? EDIT : 0;
  return actions.onRegenerate && message.id === actions.lastAnswerId ? REGENERATE : 0;
}

/** A message's text as Markdown, the way it was written: its text parts, a blank line apart. */
export function messageMarkdown(message: UIMessage): string {
  return message.parts
    .flatMap((part) => (part.type === 'text' && part.text.trim() !== '' ? [part.text.trim()] : []))
    .join('\n\n');
}

export interface MessageActionsProps {
  message: UIMessage;
  /** True while the model writes this message: no actions yet. */
  streaming?: boolean;
  /** The message's body; an editor takes its place while the user edits the message. */
  children?: ReactNode;
}

/**
 * The message's body followed by its actions, inside a `MessageActionsProvider`: Copy (as
 * Markdown) on every message with text, Regenerate under the last answer, Edit on the user's
 * messages. Editing replaces the message and drops what followed it (no branches). Outside a
 * provider it renders the body alone.
 */
export function MessageActions({ message, streaming = false, children }: MessageActionsProps) {
  const store = useContext(ActionsContext);
  const offer = useSyncExternalStore(store?.subscribe ?? noSubscription, () => offerOf(store?.current, message));
  const [editing, setEditing] = useState(false);
  const editRef = useRef<HTMLButtonElement | null>(null);
  const startEditing = useCallback(() => setEditing(true), []);
  const regenerate = useCallback(() => store?.current.onRegenerate?.(), [store]);
  if (!store) return <>{children}</>;
  const text = messageMarkdown(message);
  const canEdit = (offer & EDIT) !== 0;
  const canRegenerate = (offer & REGENERATE) !== 0;
  if (editing && canEdit) {
    return (
      <Suspense fallback={children}>
        <MessageEditor
          text={text}
          onCancel={() => {
            setEditing(false);
            requestAnimationFrame(() => editRef.current?.focus());
          }}
          onSend={(next) => {
            setEditing(false);
            store.current.onEdit?.(message.id, next);
          }}
        />
      </Suspense>
    );
  }
  const bar = streaming ? null : (
    <Suspense fallback={null}>
      <MessageActionBar
        text={text}
        onRegenerate={canRegenerate ? regenerate : undefined}
        onEdit={canEdit ? startEditing : undefined}
        editRef={editRef}
      />
    </Suspense>
  );
  return (
    <>
      {children}
      {bar}
    </>
  );
}
MessageActions.displayName = 'MessageActions';

