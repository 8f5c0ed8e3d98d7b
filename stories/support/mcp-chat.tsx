import { useMemo } from 'react';
import { ChatWrapper, createDemoTransport, demoTools } from 'toolchat';
import { mcpToolRenderers, useMcpTools, type UseMcpToolsOptions } from 'toolchat/mcp';

const transport = createDemoTransport({ delayMs: 10 });

/** A chat on the demo model with the tools of an MCP server, and a line saying where the connection stands. */
export function McpChat(props: UseMcpToolsOptions) {
  const mcp = useMcpTools(props);
  const tools = useMemo(() => ({ ...demoTools, ...mcp.tools }), [mcp.tools]);
  const renderTool = useMemo(() => mcpToolRenderers(mcp.tools), [mcp.tools]);
  const names = Object.keys(mcp.tools);
  return (
    <div style={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
      {mcp.status === 'error' ? (
        <p role="alert">Could not use the MCP server: {mcp.error?.message}</p>
      ) : (
        <p aria-live="polite" data-status={mcp.status}>
          {mcp.status === 'connected'
            ? `Connected to ${mcp.server?.name ?? 'the server'}: ${names.join(', ')}`
            : mcp.status === 'connecting'
              ? 'Connecting to the MCP server…'
              : 'No MCP server'}
        </p>
      )}
      <div style={{ flex: 1, minHeight: 0 }}>
        <ChatWrapper transport={transport} tools={tools} renderTool={renderTool} />
      </div>
    </div>
  );
}
