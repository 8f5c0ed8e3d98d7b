import { useEffect, useState } from 'react';
import { newChatId } from 'toolchat';

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
  return newChatId();
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
