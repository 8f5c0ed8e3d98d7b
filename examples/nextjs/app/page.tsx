'use client';

import { useEffect, useState } from 'react';
import { ChatWrapper, defineTool, newChatId, serverConversations, ThreadList } from 'toolchat';
import { z } from 'zod';

// Runs in the browser when the model calls it.
const tools = {
  getWeather: defineTool({
    description: 'Current weather for a city',
    inputSchema: z.object({ city: z.string() }),
    execute: async ({ city }) => ({ city, tempC: 24, conditions: 'clear' }),
  }),
};

// The conversations live on the server (app/api/chat/[[...path]]/route.ts): `storage` is the
// user's threads (a chat is loaded from the server; the list hears of each stored message), and
// `transport` sends only the new message and its intent, and resumes an answer in flight after
// a reload.
const conversations = serverConversations({ api: '/api/chat' });

const LAST_CHAT = 'toolchat-example-last-chat';

/**
 * The chat on screen, kept in the address (`?chat=…`, a link opens it) and in this browser (the
 * next visit opens it again).
 */
function useChatId(): [string | undefined, (id: string) => void] {
  const [chatId, setChatId] = useState<string>();
  // Read after hydration: the server renders the page without an address of its own.
  useEffect(() => setChatId(new URLSearchParams(location.search).get('chat') ?? localStorage.getItem(LAST_CHAT) ?? newChatId()), []);
  useEffect(() => {
    if (!chatId) return;
    history.replaceState(null, '', `?chat=${encodeURIComponent(chatId)}`);
    localStorage.setItem(LAST_CHAT, chatId);
  }, [chatId]);
  return [chatId, setChatId];
}

export default function Page() {
  const [chatId, setChatId] = useChatId();
  return (
    <div style={{ display: 'flex', gap: 16, height: '100dvh', padding: 16, boxSizing: 'border-box' }}>
      <div style={{ flex: '0 0 240px', overflowY: 'auto' }}>
        {/* The chat's toolbar has "New chat": one button of that name. */}
        <ThreadList storage={conversations.storage} activeId={chatId} onSelect={setChatId} newChatButton={false} />
      </div>
      <main style={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        {chatId && (
          <ChatWrapper {...conversations} id={chatId} onChatChange={setChatId} tools={tools} />
        )}
      </main>
    </div>
  );
}
