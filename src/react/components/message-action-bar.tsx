import type { UIMessage } from 'ai';
import { useEffect, useId, useLayoutEffect, useRef, useState, useSyncExternalStore, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import type { ToolChat } from '../../core/chat/create-tool-chat';
import type { ToolChatRows } from '../../core/chat/row-store';
import { useChatView, type ChatView } from '../use-tool-chat';
import { messageMarkdown } from './message-markdown';
import { ActionButton } from './action-button';
import { FeedbackButtons } from './feedback';
import { ReadAloudButton } from './speech/read-aloud';
import { useToolChatLabels } from './labels';
import { BranchPicker } from './branch-picker';

const EDIT = 1;
const REGENERATE = 2;
const FEEDBACK = 4;
const READ_ALOUD = 8;

/**
 * What a message's bar offers besides Copy (read aloud and feedback on answers with text), as
 * one number so that an unchanged offer renders nothing. Edit is offered on the user's messages whether or not the chat works: while it
 * works the button is hidden (see `useEditShown`), not removed, so going busy and idle renders
 * no row of a long thread.
 */
function offerOf(chat: ToolChat, { busy, lastAnswerId }: ToolChatRows, { onFeedback, speech }: ChatView, message: UIMessage): number {
  // Edit and Regenerate act on the chat: a read-only one offers neither. Read aloud and feedback
  // are about the message, and stay.
  if (message.role === 'user') return chat.readOnly ? 0 : EDIT;
  const regenerate = !chat.readOnly && !busy && message.id === lastAnswerId ? REGENERATE : 0;
  return regenerate | (onFeedback ? FEEDBACK : 0) | (speech ? READ_ALOUD : 0);
}

/** The bar's offer, from the chat's row store: a bar renders again only when its own offer changes. */
function useOffer(chat: ToolChat, message: UIMessage): number {
  const view = useChatView();
  const offer = () => offerOf(chat, chat.rows.getState(), view, message);
  return useSyncExternalStore(chat.rows.subscribe, offer, offer);
}

/**
 * Hides the Edit button while the chat works, on the element itself: a chat going busy or idle
 * then costs each user row one attribute, not a render (twenty of them on the last page alone).
 */
function useEditShown(chat: ToolChat, editRef: RefObject<HTMLButtonElement | null>, edit: boolean): void {
  useLayoutEffect(() => {
    if (!edit) return;
    const show = () => {
      if (editRef.current) editRef.current.hidden = chat.rows.getState().busy;
    };
    show();
    return chat.rows.subscribe(show);
  }, [chat, editRef, edit]);
}

export interface MessageActionBarProps {
  chat: ToolChat;
  message: UIMessage;
  setEditing: (editing: boolean) => void;
  editRef: RefObject<HTMLButtonElement | null>;
}

export function MessageActionBar({ chat, message, setEditing, editRef }: MessageActionBarProps) {
  const labels = useToolChatLabels();
  const { onFeedback } = useChatView();
  const offer = useOffer(chat, message);
  useEditShown(chat, editRef, (offer & EDIT) !== 0);
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const text = messageMarkdown(message);
  if (text === '' && (offer & (EDIT | REGENERATE)) === 0) return <BranchPicker message={message} />;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      // No clipboard API here (an insecure context, a permission denied): the older command.
      if (!legacyCopy(text)) return;
    }
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), 2000);
  };
  return (
    <>
      {/* Always shown, beside the actions that show on hover: where the message stands among its versions. */}
      <BranchPicker message={message} />
      <div className="toolchat-message-actions" role="group" aria-label={labels.messageActions}>
        {offer & EDIT ? (
          <ActionButton buttonRef={editRef} label={labels.editMessage} onClick={() => setEditing(true)}>
            <path d="M4 20h4L19 9l-4-4L4 16v4z" />
            <path d="M13.5 6.5l4 4" />
          </ActionButton>
        ) : null}
        {text !== '' && (
          <ActionButton label={copied ? labels.copied : labels.copyMessage} state={copied ? 'copied' : 'idle'} onClick={() => void copy()}>
            {copied ? (
              <path d="M5 12.5l4.5 4.5L19 7.5" />
            ) : (
              <>
                <rect x="8" y="8" width="12" height="12" rx="2" />
                <path d="M16 8V6a2 2 0 0 0-2-2H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h2" />
              </>
            )}
          </ActionButton>
        )}
        {offer & REGENERATE ? (
          <ActionButton label={labels.regenerate} onClick={() => void chat.regenerate()}>
            <path d="M20 12a8 8 0 1 1-2.3-5.7" />
            <path d="M20 4v5h-5" />
          </ActionButton>
        ) : null}
        {text !== '' && offer & READ_ALOUD ? <ReadAloudButton message={message} /> : null}
        {text !== '' && offer & FEEDBACK && onFeedback ? <FeedbackButtons message={message} onFeedback={onFeedback} /> : null}
      </div>
    </>
  );
}

export interface MessageEditingProps extends MessageActionBarProps {
  /** The message's body: shown with its bar while the chat works (Edit is not offered then). */
  children?: ReactNode;
}

/** The user's message being edited: the editor while Edit is offered, else the body and its bar. */
export function MessageEditing({ children, ...props }: MessageEditingProps) {
  const { chat, message, setEditing, editRef } = props;
  const offer = useOffer(chat, message);
  const busy = () => chat.rows.getState().busy;
  const idle = !useSyncExternalStore(chat.rows.subscribe, busy, busy);
  if (!(offer & EDIT) || !idle) {
    return (
      <>
        {children}
        <MessageActionBar {...props} />
      </>
    );
  }
  return (
    <MessageEditor
      text={messageMarkdown(message)}
      onCancel={() => {
        setEditing(false);
        requestAnimationFrame(() => editRef.current?.focus());
      }}
      onSend={(next) => {
        setEditing(false);
        void chat.editMessage(message.id, next);
      }}
    />
  );
}

export interface MessageEditorProps {
  text: string;
  onSend: (text: string) => void;
  onCancel: () => void;
}

/** The user's message, editable in place: Enter sends (Shift+Enter adds a line), Escape cancels. */
export function MessageEditor({ text, onSend, onCancel }: MessageEditorProps) {
  const labels = useToolChatLabels();
  const id = useId();
  const [value, setValue] = useState(text);
  const canSend = value.trim() !== '';
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      if (canSend) onSend(value.trim());
    } else if (event.key === 'Escape') {
      event.preventDefault();
      onCancel();
    }
  };
  return (
    <form
      className="toolchat-message-editor"
      onSubmit={(event) => {
        event.preventDefault();
        if (canSend) onSend(value.trim());
      }}
    >
      <label htmlFor={id} className="toolchat-visually-hidden">
        {labels.editMessageLabel}
      </label>
      <textarea
        id={id}
        className="toolchat-input"
        value={value}
        rows={1}
        autoFocus
        onFocus={(event) => event.currentTarget.setSelectionRange(value.length, value.length)}
        onChange={(event) => setValue(event.target.value)}
        onKeyDown={onKeyDown}
      />
      <div className="toolchat-message-editor-buttons">
        <button type="button" className="toolchat-button" onClick={onCancel}>
          {labels.cancelEdit}
        </button>
        <button type="submit" className="toolchat-button" data-variant="primary" disabled={!canSend}>
          {labels.sendEdit}
        </button>
      </div>
    </form>
  );
}

/** Copies through a hidden text area and `execCommand('copy')`; focus goes back where it was. */
function legacyCopy(text: string): boolean {
  const focused = document.activeElement as HTMLElement | null;
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  let copied = false;
  try {
    copied = document.execCommand('copy');
  } catch {
    copied = false;
  }
  area.remove();
  focused?.focus();
  return copied;
}
