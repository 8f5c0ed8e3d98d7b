import { useMemo, useState } from 'react';
import { ChatWrapper, createAgUiTransport, demoTools, localStorageStorage, type ToolCallView } from 'toolchat';
import { mcpToolRenderers, useMcpTools } from 'toolchat/mcp';
import { McpConnect } from './mcp-connect';
import { DemoSettingsBar, MarkersHint, useDemoSettings } from './settings';
import { WeatherCard } from './weather-card';

/** One click each to what the product does. */
const suggestions = [
  "What's the weather in Tokyo and London?",
  'What is 2+2 and the time in Tokyo?',
  'Delete the file report.pdf',
  'What time is it in Tokyo and Atlantis?',
  'Keep calling tools',
  'Tell me a long story',
];

// Saved in this browser, so a reload keeps the conversation.
const storage = localStorageStorage({ prefix: 'toolchat-demo' });

// `?agui=<url>`: the chat talks to that AG-UI agent instead of /api/chat, as a chat of its own.
const agUiUrl = new URLSearchParams(window.location.search).get('agui');
const agUiTransport = agUiUrl ? createAgUiTransport({ url: agUiUrl }) : undefined;

const weatherCard = { getWeather: (call: ToolCallView) => <WeatherCard call={call} /> };

/** The demo chat: browser-side tools, the endpoint at /api/chat served by the dev server. */
export function App() {
  const [settings, changeSettings] = useDemoSettings();
  // An MCP server's tools join the demo's own, prefixed `mcp_`.
  const [mcpUrl, setMcpUrl] = useState<string | undefined>(undefined);
  // The demo's own example server: its read-only hints are believed (others' never are by default).
  const mcp = useMcpTools({ url: mcpUrl, name: 'mcp', trust: 'all' });
  const tools = useMemo(() => ({ ...demoTools, ...mcp.tools }), [mcp.tools]);
  const renderTool = useMemo(() => ({ ...mcpToolRenderers(mcp.tools), ...weatherCard }), [mcp.tools]);
  // A chat's transport is set when it starts, so marker mode is a chat of its own, with the
  // endpoint's text-only model.
  const markers = settings.toolMarkers && !agUiTransport;
  return (
    <main className="demo">
      <header className="demo-header">
        <h1>toolchat demo</h1>
        <DemoSettingsBar settings={settings} onChange={changeSettings} />
      </header>
      {markers && <MarkersHint />}
      <McpConnect url={mcpUrl} mcp={mcp} onConnect={setMcpUrl} onDisconnect={() => setMcpUrl(undefined)} />
      <ChatWrapper
        key={agUiTransport ? 'agui' : markers ? 'markers' : 'native'}
        {...(agUiTransport ? { transport: agUiTransport } : { api: markers ? '/api/chat?toolMarkers=on' : '/api/chat' })}
        toolMarkers={markers ? 'on' : 'off'}
        id={agUiTransport ? 'demo-agui' : markers ? 'demo-markers' : 'demo'}
        storage={storage}
        tools={tools}
        renderTool={renderTool}
        maxToolRounds={5}
        suggestions={suggestions}
        theme={settings.theme}
        className="demo-chat"
      />
    </main>
  );
}
