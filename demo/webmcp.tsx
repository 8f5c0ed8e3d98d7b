import { initializeWebMCPPolyfill } from '@mcp-b/webmcp-polyfill';
import { StrictMode, useEffect, useMemo, useState, type FormEvent } from 'react';
import { createRoot } from 'react-dom/client';
import { ChatWrapper, demoTools, newChatId, serverConversations } from 'toolchat';
import { exposeToolsToWebMCP, useWebMCPTools, type ModelContextLike } from 'toolchat/mcp';
import '../src/react/styles.css';
import './demo.css';

// The demo's endpoint keeps its conversations (per browser): this page talks to it as a chat of its
// own, new at each visit, sending only its new messages.
const conversations = serverConversations({ api: '/api/chat' });

// Native WebMCP where the browser has it; the polyfill everywhere else.
initializeWebMCPPolyfill();
const modelContext = (document as unknown as { modelContext: ModelContextLike }).modelContext;

/** A tool the page registers in script: the chat reads it through WebMCP like any agent would. */
function usePageTool() {
  useEffect(() => {
    const registration = new AbortController();
    void Promise.resolve(
      modelContext.registerTool(
        {
          name: 'get_page_title',
          description: "The title of this page and how many notes it shows",
          inputSchema: { type: 'object', properties: {} },
          annotations: { readOnlyHint: true },
          execute: () => ({ title: document.title, notes: document.querySelectorAll('.webmcp-note').length }),
        },
        { signal: registration.signal },
      ),
    ).catch(() => {});
    return () => registration.abort();
  }, []);
}

/** The chat's own tools, offered to browser agents and extensions through WebMCP. */
function useExposedTools() {
  useEffect(() => {
    const controller = new AbortController();
    exposeToolsToWebMCP(demoTools, { signal: controller.signal }).catch((error: unknown) => console.error(error));
    return () => controller.abort();
  }, []);
}

/** A form declared as a WebMCP tool: an agent fills it and submits it; the page answers. */
function NewsletterForm() {
  const [subscribed, setSubscribed] = useState<string[]>([]);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get('email'));
    setSubscribed((list) => [...list, email]);
    const agent = event.nativeEvent as SubmitEvent & { agentInvoked?: boolean; respondWith?: (response: Promise<unknown>) => void };
    if (agent.agentInvoked) agent.respondWith?.(Promise.resolve({ subscribed: email }));
  };
  return (
    <form
      className="demo-webmcp-form"
      aria-label="Newsletter"
      onSubmit={submit}
      {...{ toolname: 'subscribe_newsletter', tooldescription: 'Subscribes an email address to the newsletter', toolautosubmit: '' }}
    >
      <label>
        Email <input name="email" type="email" required {...{ toolparamdescription: 'The address to subscribe' }} />
      </label>{' '}
      <button type="submit">Subscribe</button>
      <ul aria-label="Subscribed">
        {subscribed.map((email) => (
          <li key={email} className="webmcp-note">
            {email}
          </li>
        ))}
      </ul>
    </form>
  );
}

/** The WebMCP demo: the chat calls the page's tools, and exposes its own to the page's agents. */
function WebMCPDemo() {
  usePageTool();
  useExposedTools();
  const page = useWebMCPTools();
  const tools = useMemo(() => ({ ...demoTools, ...page.tools }), [page.tools]);
  const [chatId] = useState(newChatId);
  return (
    <main className="demo">
      <h1>toolchat WebMCP demo</h1>
      <p aria-live="polite" className="demo-mcp-status">
        {page.status === 'connected'
          ? `Page tools: ${Object.keys(page.tools).join(', ') || 'none'}. Try “use get page title” or “subscribe newsletter with email=ada@example.com”.`
          : page.status === 'error'
            ? `WebMCP: ${page.error?.message ?? 'unavailable'}`
            : 'Reading the page’s tools…'}
      </p>
      <NewsletterForm />
      <ChatWrapper {...conversations} id={chatId} tools={tools} className="demo-chat" />
    </main>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <WebMCPDemo />
  </StrictMode>,
);
