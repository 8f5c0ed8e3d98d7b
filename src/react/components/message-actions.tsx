import type { UIMessage } from 'ai';
import { Suspense, lazy, useRef, useState, type ReactNode } from 'react';
import { useChatView, usePartChat } from '../use-tool-chat';

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

export interface MessageActionsProps {
  message: UIMessage;
  /** True while the model writes this message: no actions yet. */
  streaming?: boolean;
  /** The message's body; an editor takes its place while the user edits the message. */
  children?: ReactNode;
}

/**
 * The message's body followed by its actions, with the chat in context (unless its provider
 * turns `messageActions` off): Copy (as Markdown) on every message with text, Regenerate under
 * the last answer, Edit on the user's messages (neither in a read-only chat), read aloud and
 * feedback on answers when the provider turns them on (`speech`, `onFeedback`). Editing sends
 * the new text in its place; the earlier version stays as a branch. What the bar offers is
 * worked out in its own chunk, and it selects from the chat's row store: going busy or idle
 * renders only the bars whose offer changes.
 */
export function MessageActions({ message, streaming = false, children }: MessageActionsProps) {
  const chat = usePartChat();
  const { messageActions } = useChatView();
  const [editing, setEditing] = useState(false);
  const editRef = useRef<HTMLButtonElement | null>(null);
  if (!messageActions) return <>{children}</>;
  const props = { chat, message, setEditing, editRef };
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
