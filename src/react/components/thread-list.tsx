import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { newChatId } from '../../core/chat-id';
import { listChats } from '../../core/storage/list-chats';
import type { ThreadStorage } from '../../core/storage/server';
import type { ChatStorage, ChatSummary } from '../../core/storage/types';

/** The words of a `ThreadList`. */
export interface ThreadListLabels {
  /** @default 'Chats' */
  threads: string;
  /** @default 'New chat' */
  newChat: string;
  /** A thread without a title yet. @default 'New chat' */
  untitled: string;
  /** Followed by the thread's title. @default 'Rename' */
  rename: string;
  /** Followed by the thread's title. @default 'Delete' */
  delete: string;
  /** The field of a thread being renamed. @default 'Chat title' */
  title: string;
  /** @default 'Loading chats…' */
  loading: string;
  /** @default 'Could not load the chats.' */
  loadFailed: string;
  /** @default 'Could not rename the chat.' */
  renameFailed: string;
  /** @default 'Could not delete the chat.' */
  deleteFailed: string;
}

export const defaultThreadListLabels: ThreadListLabels = {
  threads: 'Chats',
  newChat: 'New chat',
  untitled: 'New chat',
  rename: 'Rename',
  delete: 'Delete',
  title: 'Chat title',
  loading: 'Loading chats…',
  loadFailed: 'Could not load the chats.',
  renameFailed: 'Could not rename the chat.',
  deleteFailed: 'Could not delete the chat.',
};

export interface ThreadListProps {
  /** Where the threads are: `serverStorage()` (renamable), or any `ChatStorage` (no rename). */
  storage: ChatStorage | ThreadStorage;
  /** The chat shown now (the hook's `id`); marked as the current one. */
  activeId?: string | undefined;
  /** Switch to a thread (give its id to the chat). */
  onSelect: (chatId: string) => void;
  /** Start a new chat. @default onSelect(newChatId()) */
  onNew?: () => void;
  /**
   * Show the "New chat" button. Turn it off beside a `ChatWrapper` with a `storage`, which has
   * one of its own: one button of that name, not two. Deleting the current chat still starts a
   * new one (`onNew`).
   * @default true
   */
  newChatButton?: boolean;
  /**
   * Change it to list the threads again. A storage that tells of changes (`serverStorage`:
   * a chat on its endpoint got a new message) is listed again by itself.
   */
  refreshKey?: unknown;
  labels?: Partial<ThreadListLabels>;
  className?: string;
}

type ListState = { status: 'loading' } | { status: 'error' } | { status: 'ready'; threads: ChatSummary[] };

function canRename(storage: ChatStorage | ThreadStorage): storage is ThreadStorage {
  return typeof (storage as Partial<ThreadStorage>).rename === 'function';
}

/**
 * The user's chats, newest first: switch, start a new one, rename, delete. Rename and delete
 * show at once and are undone, with a message, when the storage refuses them. On
 * `serverStorage`, a chat shows with its title as soon as its first message is stored.
 */
export function ThreadList({
  storage,
  activeId,
  onSelect,
  onNew,
  newChatButton = true,
  refreshKey,
  labels: labelOverrides,
  className,
}: ThreadListProps) {
  const labels = { ...defaultThreadListLabels, ...labelOverrides };
  const [list, setList] = useState<ListState>({ status: 'loading' });
  const [failure, setFailure] = useState<string | undefined>();
  const [editing, setEditing] = useState<{ chatId: string; draft: string } | undefined>();
  // The latest list, for rollbacks that must not undo what happened meanwhile.
  const threads = list.status === 'ready' ? list.threads : [];
  const latest = useRef(threads);
  latest.current = threads;
  // Bumped when the storage tells of a change: a chat got its first message, another moved up.
  const [changes, setChanges] = useState(0);
  useEffect(() => (storage as Partial<ThreadStorage>).subscribe?.(() => setChanges((count) => count + 1)), [storage]);

  useEffect(() => {
    let current = true;
    listChats(storage).then(
      (loaded) => current && setList({ status: 'ready', threads: loaded }),
      () => current && setList({ status: 'error' }),
    );
    return () => {
      current = false;
    };
  }, [storage, refreshKey, changes]);

  const replace = (update: (threads: ChatSummary[]) => ChatSummary[]) =>
    setList((state) => (state.status === 'ready' ? { status: 'ready', threads: update(state.threads) } : state));

  const startNew = () => (onNew ? onNew() : onSelect(newChatId()));

  const rename = async (chatId: string, title: string) => {
    setEditing(undefined);
    const before = latest.current.find((thread) => thread.chatId === chatId);
    const trimmed = title.trim();
    if (!before || !canRename(storage) || trimmed === '' || trimmed === before.title) return;
    setFailure(undefined);
    replace((all) => all.map((thread) => (thread.chatId === chatId ? { ...thread, title: trimmed } : thread)));
    try {
      await storage.rename(chatId, trimmed);
    } catch {
      replace((all) => all.map((thread) => (thread.chatId === chatId && thread.title === trimmed ? { ...thread, title: before.title } : thread)));
      setFailure(labels.renameFailed);
    }
  };

  const remove = async (chatId: string) => {
    const index = latest.current.findIndex((thread) => thread.chatId === chatId);
    const removed = latest.current[index];
    if (!removed) return;
    setFailure(undefined);
    replace((all) => all.filter((thread) => thread.chatId !== chatId));
    if (chatId === activeId) startNew();
    try {
      await storage.remove(chatId);
    } catch {
      replace((all) => (all.some((thread) => thread.chatId === chatId) ? all : [...all.slice(0, index), removed, ...all.slice(index)]));
      setFailure(labels.deleteFailed);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>, chatId: string) => {
    if (event.key === 'Enter') void rename(chatId, event.currentTarget.value);
    if (event.key === 'Escape') setEditing(undefined);
  };

  // The chat shown now is listed before its first answer is stored.
  const shown = activeId !== undefined && list.status === 'ready' && !threads.some((thread) => thread.chatId === activeId)
    ? [{ chatId: activeId, title: '', updatedAt: '' }, ...threads]
    : threads;

  return (
    <nav className={className ? `toolchat-threads ${className}` : 'toolchat-threads'} aria-label={labels.threads} data-state={list.status}>
      {newChatButton && (
        <button type="button" className="toolchat-threads-new" onClick={startNew}>
          {labels.newChat}
        </button>
      )}
      {failure && (
        <p role="alert" className="toolchat-threads-error">
          {failure}
        </p>
      )}
      {list.status === 'loading' && <p className="toolchat-threads-status">{labels.loading}</p>}
      {list.status === 'error' && (
        <p role="alert" className="toolchat-threads-error">
          {labels.loadFailed}
        </p>
      )}
      <ul className="toolchat-threads-list">
        {shown.map((thread) => {
          const title = thread.title || labels.untitled;
          const active = thread.chatId === activeId;
          const stored = thread.updatedAt !== '';
          return (
            <li key={thread.chatId} className="toolchat-thread" data-state={active ? 'active' : 'inactive'}>
              {editing?.chatId === thread.chatId ? (
                <input
                  className="toolchat-thread-title-input"
                  aria-label={labels.title}
                  value={editing.draft}
                  autoFocus
                  onChange={(event) => setEditing({ chatId: thread.chatId, draft: event.target.value })}
                  onKeyDown={(event) => onKeyDown(event, thread.chatId)}
                  onBlur={(event) => void rename(thread.chatId, event.currentTarget.value)}
                />
              ) : (
                <button
                  type="button"
                  className="toolchat-thread-select"
                  aria-current={active ? 'page' : undefined}
                  onClick={() => onSelect(thread.chatId)}
                >
                  {title}
                </button>
              )}
              {stored && canRename(storage) && editing?.chatId !== thread.chatId && (
                <button
                  type="button"
                  className="toolchat-thread-rename"
                  aria-label={`${labels.rename} ${title}`}
                  onClick={() => setEditing({ chatId: thread.chatId, draft: thread.title })}
                >
                  ✎
                </button>
              )}
              {stored && (
                <button type="button" className="toolchat-thread-delete" aria-label={`${labels.delete} ${title}`} onClick={() => void remove(thread.chatId)}>
                  ×
                </button>
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
ThreadList.displayName = 'ThreadList';
