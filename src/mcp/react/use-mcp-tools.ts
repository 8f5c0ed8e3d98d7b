import { useCallback, useRef, useState } from 'react';
import { connectMcpTools, type ConnectMcpToolsOptions, type McpServerInfo } from '../connect-mcp-tools';
import { defaultNeedsApproval, type McpToolInfo } from '../mcp-tool';
import { useToolSource, type ToolSourceState } from './use-tool-source';

/** Options of {@link useMcpTools}: those of `connectMcpTools`; without `url`, nothing connects. */
export type UseMcpToolsOptions = Omit<ConnectMcpToolsOptions, 'url' | 'signal'> & { url?: string | URL | undefined };

/** What {@link useMcpTools} returns. */
export interface UseMcpToolsResult extends ToolSourceState {
  /** The server, once connected. */
  server: McpServerInfo | undefined;
  /** Connects again (after an error, say). */
  reconnect: () => void;
}

/**
 * Connects to an MCP server while the component is mounted and gives its tools, ready for
 * `tools`: `status` is `'idle'` without a `url`, `'connecting'`, `'connected'` or `'error'`
 * (with `error`, also when the server goes away); `rejectedTools` names the server's tools left
 * out (a schema the chat cannot send). It connects again when `url`, `name`, `headers`,
 * `transport`, `timeoutMs`, `trust` or a boolean `needsApproval` change, and closes on
 * unmount; `tools` keeps its identity while the server's list does not change.
 *
 * @example
 * const docs = useMcpTools({ url: 'https://docs.example.com/mcp', name: 'docs' });
 * <ChatWrapper api="/api/chat" tools={{ ...myTools, ...docs.tools }} />
 */
export function useMcpTools(options: UseMcpToolsOptions): UseMcpToolsResult {
  const [attempt, setAttempt] = useState(0);
  const [server, setServer] = useState<McpServerInfo | undefined>(undefined);
  const latest = useRef(options);
  latest.current = options;
  const { url, name, headers, transport, timeoutMs, needsApproval, trust } = options;
  const key =
    url === undefined || String(url) === ''
      ? undefined
      : JSON.stringify([String(url), name, headers, transport, timeoutMs, typeof needsApproval === 'function' ? 'rule' : needsApproval, trust, attempt]);

  const latestRule = (tool: McpToolInfo) => {
    const rule = latest.current.needsApproval;
    return typeof rule === 'function' ? rule(tool) : (rule ?? defaultNeedsApproval(tool));
  };
  const state = useToolSource(key, async (signal, report) => {
    setServer(undefined);
    const { url: target, onError, ...rest } = latest.current;
    const connection = await connectMcpTools({
      ...rest,
      url: target!,
      signal,
      onError: (error) => {
        report(error);
        latest.current.onError?.(error);
      },
      // Read when the tool list is built: the latest rule, not the one of the first render.
      ...(typeof needsApproval === 'function' ? { needsApproval: latestRule } : {}),
    });
    if (!signal.aborted) setServer(connection.server);
    return connection;
  });
  const reconnect = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, server: state.status === 'connected' ? server : undefined, reconnect };
}
