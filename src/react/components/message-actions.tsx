import type { UIMessage } from 'ai';
import { Suspense, createContext, lazy, useContext, useRef, useState, type ReactNode } from 'react';

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

const ActionsContext = createContext<MessageActionsValue | undefined>(undefined);

export interface MessageActionsProviderProps {
  /** `undefined` turns the actions off below it. */
  value: MessageActionsValue | undefined;
  children?: ReactNode;
}

/**
 * Turns on the actions under messages (Copy, Regenerate, Edit) for every `Message` below it.
 * A context rather than props: a change (the chat going idle) re-renders the small action bars,
 * not the memoised message rows.
 */
export function MessageActionsProvider({ value, children }: MessageActionsProviderProps) {
  return <ActionsContext.Provider value={value}>{children}</ActionsContext.Provider>;
}
MessageActionsProvider.displayName = 'MessageActionsProvider';

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
  const actions = useContext(ActionsContext);
  const [editing, setEditing] = useState(false);
  const editRef = useRef<HTMLButtonElement | null>(null);
  if (!actions) return <>{children}</>;
  const text = messageMarkdown(message);
  const isUser = message.role === 'user';
  const canEdit = isUser && actions.idle && actions.onEdit !== undefined;
  const canRegenerate = !isUser && actions.idle && actions.onRegenerate !== undefined && message.id === actions.lastAnswerId;
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
            actions.onEdit?.(message.id, next);
          }}
        />
      </Suspense>
    );
  }
  const bar = streaming ? null : (
    <Suspense fallback={null}>
      <MessageActionBar
        text={text}
        onRegenerate={canRegenerate ? actions.onRegenerate : undefined}
        onEdit={canEdit ? () => setEditing(true) : undefined}
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

