import { useRef } from 'react';
import { webMCPTools, type WebMCPToolsOptions } from '../webmcp/webmcp-tools';
import { useToolSource, type ToolSourceState } from './use-tool-source';

/** What {@link useWebMCPTools} returns. */
export type UseWebMCPToolsResult = ToolSourceState;

/**
 * The tools the page registered with WebMCP, kept up to date on `toolchange`, ready for
 * `tools`. Where WebMCP is absent, `status` is `'error'` and `error` says what is missing;
 * nothing throws. Reads again when `name`, `timeoutMs`, `includeExposed` or a boolean
 * `needsApproval` change.
 *
 * @example
 * const page = useWebMCPTools();
 * <ChatWrapper api="/api/chat" tools={{ ...myTools, ...page.tools }} />
 */
export function useWebMCPTools(options: WebMCPToolsOptions = {}): UseWebMCPToolsResult {
  const latest = useRef(options);
  latest.current = options;
  const { name, timeoutMs, includeExposed, needsApproval } = options;
  const key = JSON.stringify([name, timeoutMs, includeExposed, typeof needsApproval === 'function' ? 'rule' : needsApproval]);
  return useToolSource(key, async (_signal, report) =>
    webMCPTools({
      ...latest.current,
      onError: (error) => {
        report(error);
        latest.current.onError?.(error);
      },
    }),
  );
}
