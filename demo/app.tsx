import { useMemo, useState } from 'react';
import { ChatWrapper, demoTools, localStorageStorage } from 'toolchat';
import { mcpToolRenderers, useMcpTools } from 'toolchat/mcp';
import { McpConnect } from './mcp-connect';

const suggestions = [
  "What's the weather in Paris?",
  'What is 2+2 and the time in Tokyo?',
  "What's the weather in Paris in Fahrenheit?",
  'Delete the file report.pdf',
];

// Saved in this browser, so a reload keeps the conversation.
const storage = localStorageStorage({ prefix: 'toolchat-demo' });

/** The demo chat: browser-side tools, the endpoint at /api/chat served by the dev server. */
export function App() {
  // An MCP server's tools join the demo's own, prefixed `mcp_`.
  const [mcpUrl, setMcpUrl] = useState<string | undefined>(undefined);
  const mcp = useMcpTools({ url: mcpUrl, name: 'mcp' });
  const tools = useMemo(() => ({ ...demoTools, ...mcp.tools }), [mcp.tools]);
  const renderTool = useMemo(() => mcpToolRenderers(mcp.tools), [mcp.tools]);
  return (
    <main className="demo">
      <h1>toolchat demo</h1>
      <McpConnect url={mcpUrl} mcp={mcp} onConnect={setMcpUrl} onDisconnect={() => setMcpUrl(undefined)} />
      <ChatWrapper
        api="/api/chat"
        id="demo"
        storage={storage}
        tools={tools}
        renderTool={renderTool}
        maxToolRounds={5}
        suggestions={suggestions}
        className="demo-chat"
      />
    </main>
  );
}
