// "Show code" of the MCP stories: what an app writes (type-checked with the stories).
import { useMemo } from 'react';
import { ChatWrapper, demoTools } from 'toolchat';
import { mcpToolRenderers, useMcpTools } from 'toolchat/mcp';
import 'toolchat/styles.css';

export function Chat() {
  const mcp = useMcpTools({ url: 'https://mcp.example/mcp', name: 'mcp' });
  // mcp.status: 'idle' | 'connecting' | 'connected' | 'error'; mcp.error says why.
  const tools = useMemo(() => ({ ...demoTools, ...mcp.tools }), [mcp.tools]);
  const renderTool = useMemo(() => mcpToolRenderers(mcp.tools), [mcp.tools]);
  return <ChatWrapper api="/api/chat" tools={tools} renderTool={renderTool} />;
}
