// `npm run mcp-example`: the demo's example MCP server (demo/mcp-server.ts) on
// http://127.0.0.1:3001/mcp, for the demo's "MCP server URL" field or any MCP client.
// Options: --port N (MCP_PORT), --host H (MCP_HOST), --allow-origin URL (repeatable; '*' for any).
// Vite runs the TypeScript source, as it does for the demo's endpoint.
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { runnerImport } from 'vite';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: process.env.MCP_PORT ?? '3001' },
    host: { type: 'string', default: process.env.MCP_HOST ?? '127.0.0.1' },
    'allow-origin': { type: 'string', multiple: true },
  },
});

const serverModule = fileURLToPath(new URL('../demo/mcp-server.ts', import.meta.url));
const { module } = await runnerImport(serverModule, { configFile: false, logLevel: 'error' });
const origins = values['allow-origin'];
const server = await module.startExampleMcpServer({
  port: Number(values.port),
  host: values.host,
  ...(origins === undefined ? {} : { allowedOrigins: origins.includes('*') ? '*' : origins }),
  onEvent: (event) => console.log(`${new Date().toISOString()} ${event.type} ${event.tool} (request ${event.requestId})${event.type === 'cancelled' ? `: ${event.reason}` : ''}`),
});

console.log(`MCP example server: ${server.url}`);
console.log(`Browsers may connect from ${origins ? origins.join(', ') : 'http://localhost:* and http://127.0.0.1:*'} (CORS).`);
console.log('Tools: add_numbers, count_slowly, list_notes, add_note, delete_note, check_service, draw_square, pick_color (an MCP App). Ctrl+C stops it.');

const stop = async () => {
  await server.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
