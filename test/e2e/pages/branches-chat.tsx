// A ChatWrapper whose conversation is kept where the query says: `?store=local` (localStorage),
// `?store=indexeddb`, or `?store=server` (the server keeps it: serverConversations). The browser
// storages talk to a plain chat endpoint (/api/chat), the server chat to one with a store
// (/api/kept); both answer from the test's scripted model.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ChatWrapper, indexedDBStorage, localStorageStorage, serverConversations } from 'toolchat';

const store = new URLSearchParams(location.search).get('store');
const kept =
  store === 'server'
    ? serverConversations({ api: '/api/kept' })
    : { api: '/api/chat', storage: store === 'indexeddb' ? indexedDBStorage({ dbName: 'e2e-branches' }) : localStorageStorage({ prefix: 'e2e-branches' }) };

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <main style={{ flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' }}>
      <h1 className="toolchat-visually-hidden">Branches</h1>
      <style>{'.e2e-chat { flex: 1; min-height: 0; }'}</style>
      <ChatWrapper id="e2e-branches" {...kept} className="e2e-chat" />
    </main>
  </StrictMode>,
);
