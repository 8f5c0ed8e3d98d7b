import { useMemo } from 'react';
import { ChatWrapper, createDemoTransport, demoTools, type ChatWrapperProps } from 'toolchat';
import { mcpToolRenderers, useMcpTools, type UseMcpToolsOptions } from 'toolchat/mcp';

const transports = { off: createDemoTransport({ delayMs: 10 }), on: createDemoTransport({ delayMs: 10, toolMarkers: true }) };

export type McpChatProps = UseMcpToolsOptions & Pick<ChatWrapperProps, 'maxToolRounds' | 'toolMarkers' | 'theme' | 'labels' | 'throttle'>;

/** A chat on the demo model with the tools of an MCP server, and a line saying where the connection stands. */
export function McpChat({ maxToolRounds, toolMarkers = 'off', theme, labels, throttle, ...options }: McpChatProps) {
  const mcp = useMcpTools(options);
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
        {/* A chat's transport is fixed when it starts: marker mode is a new chat. */}
        <ChatWrapper
          key={toolMarkers}
          transport={transports[toolMarkers]}
          toolMarkers={toolMarkers}
          tools={tools}
          renderTool={renderTool}
          {...(maxToolRounds === undefined ? {} : { maxToolRounds })}
          {...(theme === undefined ? {} : { theme })}
          {...(labels === undefined ? {} : { labels })}
          {...(throttle === undefined ? {} : { throttle })}
        />
      </div>
    </div>
  );
}
