import { useId, type FormEvent } from 'react';
import type { UseMcpToolsResult } from 'toolchat/mcp';

/** The example server of `npm run mcp-example`. */
export const EXAMPLE_MCP_URL = 'http://127.0.0.1:3001/mcp';

export interface McpConnectProps {
  /** The URL connected (or connecting), if any. */
  url: string | undefined;
  mcp: UseMcpToolsResult;
  onConnect: (url: string) => void;
  onDisconnect: () => void;
}

function statusText({ status, error, server, tools }: UseMcpToolsResult): string {
  const names = Object.keys(tools);
  switch (status) {
    case 'idle':
      return 'Not connected. Start the example server with npm run mcp-example, then connect.';
    case 'connecting':
      return 'Connecting…';
    case 'error':
      return `Error: ${error?.message ?? 'unknown'}`;
    case 'connected': {
      const example = (names[0] ?? '').replace(/^[^_]*_/, '').replace(/_/g, ' ');
      return `Connected to ${server?.name ?? 'the server'}: ${names.length} tool${names.length === 1 ? '' : 's'} (${names.join(', ')}). Name one in a message, e.g. “use ${example}”.`;
    }
  }
}

/** A field to connect the demo chat to an MCP server; its tools join the demo's own. */
export function McpConnect({ url, mcp, onConnect, onDisconnect }: McpConnectProps) {
  const inputId = useId();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = new FormData(event.currentTarget).get('url');
    if (typeof value !== 'string' || value.trim() === '') return;
    if (value.trim() === url) mcp.reconnect();
    else onConnect(value.trim());
  };
  return (
    <form className="demo-mcp" aria-label="MCP server" onSubmit={submit} data-state={mcp.status}>
      <label htmlFor={inputId}>MCP server URL</label>
      <input id={inputId} name="url" type="url" defaultValue={url ?? EXAMPLE_MCP_URL} required />
      <button type="submit">{mcp.status === 'connected' ? 'Reconnect' : 'Connect'}</button>
      {url !== undefined && (
        <button type="button" onClick={onDisconnect}>
          Disconnect
        </button>
      )}
      {/* Polite, but not a second `status`: the chat has its own. */}
      <p aria-live="polite" className="demo-mcp-status">
        {statusText(mcp)}
      </p>
    </form>
  );
}
