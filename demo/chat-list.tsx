import { generateId } from 'ai';
import { useCallback, useEffect, useState } from 'react';
import { listChats, type ChatStorage, type ChatSummary } from 'toolchat';

const LAST_CHAT_KEY = 'toolchat-demo-last-chat';

/** The chat the page opens: the one in the URL (`?chat=…`), else the last one opened here, else a new one. */
function initialChatId(): string {
  const fromUrl = new URLSearchParams(location.search).get('chat');
  if (fromUrl) return fromUrl;
  try {
    const last = localStorage.getItem(LAST_CHAT_KEY);
    if (last) return last;
  } catch {
    // Private mode: a new chat each visit.
  }
  return generateId();
}

/**
 * The current chat's id, kept in the URL (a link or a reload opens the same chat) and in this
 * browser (the next visit opens it again): what `ChatWrapper`'s `id` and `onChatChange` need.
 */
export function useCurrentChat(): [string, (id: string) => void] {
  const [chatId, setChatId] = useState(initialChatId);
  useEffect(() => {
    const url = new URL(location.href);
    if (url.searchParams.get('chat') !== chatId) {
      url.searchParams.set('chat', chatId);
      history.replaceState(null, '', url);
    }
    try {
      localStorage.setItem(LAST_CHAT_KEY, chatId);
    } catch {
      // Private mode: the URL still holds it.
    }
  }, [chatId]);
  return [chatId, setChatId];
}

export interface ChatListProps {
  storage: ChatStorage;
  current: string;
  onSelect: (chatId: string) => void;
  /** Changes whenever the list may have changed (an answer saved, a new chat). */
  version: unknown;
}

/** The saved chats, newest first (`listChats(storage)`), with the current one marked. */
export function ChatList({ storage, current, onSelect, version }: ChatListProps) {
  const [chats, setChats] = useState<ChatSummary[]>([]);
  const refresh = useCallback(() => {
    let live = true;
    listChats(storage).then(
      (list) => live && setChats(list),
      () => live && setChats([]),
    );
    return () => {
      live = false;
    };
  }, [storage]);
  useEffect(refresh, [refresh, version, current]);
  const shown = chats.some((chat) => chat.chatId === current) ? chats : [{ chatId: current, title: '', updatedAt: '' }, ...chats];
  return (
    <nav className="demo-chats" aria-label="Chats">
      <h2 className="demo-chats-title">Chats</h2>
      <ul>
        {shown.map((chat) => (
          <li key={chat.chatId}>
            <a
              href={`?chat=${encodeURIComponent(chat.chatId)}`}
              aria-current={chat.chatId === current ? 'page' : undefined}
              onClick={(event) => {
                event.preventDefault();
                onSelect(chat.chatId);
              }}
            >
              {chat.title.trim() || 'New conversation'}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
