import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { ElicitResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';

const APP_MIME = 'text/html;profile=mcp-app';

// A small MCP App without a build step: it speaks the protocol's JSON-RPC over postMessage itself
// (an app built with the ext-apps SDK does the same through `App`).
const GREETER = `<!doctype html><html><head><style>body{font:14px system-ui,sans-serif;margin:0;padding:12px}[data-theme=dark]{color:#eee}</style></head><body>
<p id="hello">Waiting for the call…</p><p id="result"></p>
<script>
let next = 1; const waiting = new Map();
const request = (method, params) => new Promise((resolve) => { const id = next++; waiting.set(id, resolve); parent.postMessage({ jsonrpc: '2.0', id, method, params }, '*'); });
const notify = (method, params) => parent.postMessage({ jsonrpc: '2.0', method, params }, '*');
window.addEventListener('message', ({ data }) => {
  if (data && data.id !== undefined && waiting.has(data.id)) { waiting.get(data.id)(data); waiting.delete(data.id); return; }
  if (data && data.method === 'ui/notifications/tool-input') document.getElementById('hello').textContent = 'Hello, ' + (data.params.arguments.name || 'you') + '!';
  if (data && data.method === 'ui/notifications/tool-result') document.getElementById('result').textContent = 'The server said: ' + data.params.content[0].text;
  if (data && data.method === 'ui/notifications/host-context-changed' && data.params.theme) document.documentElement.dataset.theme = data.params.theme;
});
request('ui/initialize', { appInfo: { name: 'greeter', version: '1.0.0' }, appCapabilities: {}, protocolVersion: '2026-01-26' }).then(({ result }) => {
  document.documentElement.dataset.theme = result.hostContext.theme;
  notify('ui/notifications/initialized', {});
  notify('ui/notifications/size-changed', { height: document.body.scrollHeight });
});
</script></body></html>`;

function createServer(): McpServer {
  const server = new McpServer({ name: 'in-page-apps', version: '1.0.0' });
  server.registerTool(
    'name_badge',
    {
      title: 'Name badge',
      description: 'Shows a name badge, in an app.',
      inputSchema: { name: z.string() },
      annotations: { readOnlyHint: true },
      _meta: { ui: { resourceUri: 'ui://in-page/greeter.html' } },
    },
    ({ name }) => ({ content: [{ type: 'text', text: `Made a badge for ${name}.` }] }),
  );
  server.registerResource('greeter', 'ui://in-page/greeter.html', { mimeType: APP_MIME }, (uri) => ({ contents: [{ uri: uri.href, mimeType: APP_MIME, text: GREETER }] }));
  server.registerTool(
    'ask_name',
    { title: 'Ask a name', description: 'Asks the user for their name.', inputSchema: {}, annotations: { readOnlyHint: true } },
    async (_input, extra) => {
      const answer = await extra.sendRequest(
        {
          method: 'elicitation/create',
          params: { mode: 'form', message: 'What should I call you?', requestedSchema: { type: 'object', properties: { name: { type: 'string', title: 'Name', minLength: 1 } }, required: ['name'] } },
        },
        ElicitResultSchema,
      );
      return { content: [{ type: 'text', text: answer.action === 'accept' ? `Hello, ${String(answer.content?.name)}.` : `No name (${answer.action}).` }] };
    },
  );
  return server;
}

/** A `fetch` answered by an MCP server in this page with an MCP App (`name_badge`) and a question (`ask_name`). */
export function inPageAppMcpFetch(): typeof fetch {
  const sessions = new Map<string, WebStandardStreamableHTTPServerTransport>();
  return async (input, init) => {
    const request = new Request(input, init);
    const id = request.headers.get('mcp-session-id');
    const existing = id === null ? undefined : sessions.get(id);
    if (existing) return existing.handleRequest(request);
    if (id !== null) return new Response('Unknown session', { status: 404 });
    const transport: WebStandardStreamableHTTPServerTransport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: () => crypto.randomUUID(),
      onsessioninitialized: (sessionId) => void sessions.set(sessionId, transport),
      onsessionclosed: (sessionId) => void sessions.delete(sessionId),
    });
    await createServer().connect(transport);
    return transport.handleRequest(request);
  };
}
