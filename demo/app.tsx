import { useMemo, useState } from 'react';
import {
  ChatWrapper,
  createAgUiTransport,
  demoTools,
  localStorageStorage,
  ServerConversationTransport,
  serverStorage,
  ThreadList,
  type FeedbackHandler,
  ToolGrants,
  type ToolCallView,
} from 'toolchat';
import { mcpToolRenderers, useMcpTools } from 'toolchat/mcp';
import { useCurrentChat } from './current-chat';
import { McpConnect } from './mcp-connect';
import { DemoSettingsBar, MarkersHint, SettingsDisclosure, useDemoSettings } from './settings';
import { WeatherCard } from './weather-card';

/** One click each to what the product does. */
const suggestions = [
  "What's the weather in Tokyo and London?",
  'What is 2+2 and the time in Tokyo?',
  'Delete the file report.pdf',
  'What time is it in Tokyo and Atlantis?',
  'Keep calling tools',
  'Tell me a long story',
  'What are you built on? Cite your sources',
];

// The thumbs under answers: a real app sends them to its server.
const onFeedback: FeedbackHandler = (messageId, value, comment) => console.info('feedback', messageId, value, comment ?? '');

// `?agui=<url>`: the chat talks to that AG-UI agent instead of /api/chat, as a chat of its own,
// kept in this browser (the agent keeps nothing for us).
const agUiUrl = new URLSearchParams(window.location.search).get('agui');
const agUiTransport = agUiUrl ? createAgUiTransport({ url: agUiUrl }) : undefined;

// The conversations live on the demo's server, per browser (an anonymous cookie): the list is
// the server's threads (it lists a chat again when its message is stored), a reload shows the
// thread from the server and resumes an answer in flight, and each request carries only the new
// message and what it asks (its intent).
const storage = agUiTransport ? localStorageStorage({ prefix: 'toolchat-demo' }) : serverStorage({ api: '/api/chat' });
// One per mode: marker mode's requests say so in the address, and its resume goes under it.
const transports = {
  native: new ServerConversationTransport({ api: '/api/chat' }),
  markers: new ServerConversationTransport({ api: '/api/chat?toolMarkers=on' }),
};
const threadLabels = { untitled: 'New conversation' };

const weatherCard = { getWeather: (call: ToolCallView) => <WeatherCard call={call} /> };

/**
 * The demo chat: browser-side tools, the endpoint at /api/chat served by the dev server, which
 * keeps the conversations. The chat comes first; the server's list of chats beside it; theme,
 * marker mode, MCP, WebMCP and the tools allowed without asking in Settings. The current chat's id is in the URL, so "New chat"
 * and a reload keep the chat on screen.
 */
export function App() {
  const [settings, changeSettings] = useDemoSettings();
  const [chatId, setChatId] = useCurrentChat();
  // An MCP server's tools join the demo's own, prefixed `mcp_`.
  const [mcpUrl, setMcpUrl] = useState<string | undefined>(undefined);
  // The demo's own example server: its read-only hints are believed (others' never are by default).
  const mcp = useMcpTools({ url: mcpUrl, name: 'mcp', trust: 'all' });
  const tools = useMemo(() => ({ ...demoTools, ...mcp.tools }), [mcp.tools]);
  const renderTool = useMemo(() => ({ ...mcpToolRenderers(mcp.tools), ...weatherCard }), [mcp.tools]);
  const markers = settings.toolMarkers && !agUiTransport;
  return (
    <div className="demo">
      <header className="demo-header">
        <h1>toolchat demo</h1>
        <SettingsDisclosure>
          <DemoSettingsBar settings={settings} onChange={changeSettings} />
          <McpConnect url={mcpUrl} mcp={mcp} onConnect={setMcpUrl} onDisconnect={() => setMcpUrl(undefined)} />
          {/* "Always allow" and "Allow for this chat" on a card, taken back here. */}
          <ToolGrants className="demo-grants" />
          <p className="demo-hint">
            <a href="./webmcp.html">WebMCP</a>: a page whose own tools (declared with <code>navigator.modelContext</code>) join
            the chat.
          </p>
        </SettingsDisclosure>
      </header>
      <div className="demo-body">
        <ThreadList
          storage={storage}
          activeId={agUiTransport ? 'demo-agui' : chatId}
          onSelect={setChatId}
          labels={threadLabels}
          // The chat's toolbar has "New chat".
          newChatButton={false}
          className="demo-chats"
        />
        <main className="demo-main">
          {markers && <MarkersHint />}
          <ChatWrapper
            // Read at each request: marker mode applies from the next message on. An AG-UI agent
            // (`?agui=`) is a chat of its own.
            key={agUiTransport ? 'agui' : 'endpoint'}
            transport={agUiTransport ?? (markers ? transports.markers : transports.native)}
            toolMarkers={markers ? 'on' : 'off'}
            id={agUiTransport ? 'demo-agui' : chatId}
            onChatChange={setChatId}
            storage={storage}
            tools={tools}
            renderTool={renderTool}
            maxToolRounds={5}
            suggestions={suggestions}
            theme={settings.theme}
            attachments={{ accept: 'image/*,text/*,application/pdf' }}
            onFeedback={onFeedback}
            contextMeter={{ window: 128_000, prices: { input: 2.5, output: 10 } }}
            speech
            className="demo-chat"
          />
        </main>
      </div>
    </div>
  );
}
