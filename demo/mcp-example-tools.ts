import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { solidPng } from './png';
import { colorPickerHtml } from './mcp-app/build';

/** The MIME type of an MCP App's HTML resource. */
const MCP_APP_MIME_TYPE = 'text/html;profile=mcp-app';
const COLOR_PICKER_URI = 'ui://toolchat-example/color-picker.html';

/** What the example server saw, for tests and for its log. */
export type ExampleMcpEvent =
  | { type: 'call'; tool: string; requestId: string | number }
  | { type: 'cancelled'; tool: string; requestId: string | number; reason: string }
  | { type: 'completed'; tool: string; requestId: string | number };

const wait = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });

const text = (value: string): CallToolResult['content'] => [{ type: 'text', text: value }];

/** One MCP server per session: the example's tools over a shared note store. */
export function createSessionServer(notes: Map<string, string>, record: (event: ExampleMcpEvent) => void, extraTool: boolean) {
  const server = new McpServer({ name: 'toolchat-example', version: '1.0.0' }, { capabilities: { tools: { listChanged: true } } });
  const tracked = async (tool: string, requestId: string | number, signal: AbortSignal, run: () => Promise<CallToolResult>) => {
    record({ type: 'call', tool, requestId });
    const onAbort = () => record({ type: 'cancelled', tool, requestId, reason: String(signal.reason ?? 'cancelled') });
    signal.addEventListener('abort', onAbort, { once: true });
    try {
      const result = await run();
      record({ type: 'completed', tool, requestId });
      return result;
    } finally {
      signal.removeEventListener('abort', onAbort);
    }
  };

  server.registerTool(
    'add_numbers',
    {
      title: 'Add numbers',
      description: 'Adds two numbers and returns the sum.',
      inputSchema: { a: z.number().describe('First number'), b: z.number().describe('Second number') },
      outputSchema: { sum: z.number() },
      annotations: { readOnlyHint: true },
    },
    ({ a, b }, extra) =>
      tracked('add_numbers', extra.requestId, extra.signal, async () => ({
        content: text(`${a} + ${b} = ${a + b}`),
        structuredContent: { sum: a + b },
      })),
  );

  server.registerTool(
    'count_slowly',
    {
      title: 'Count slowly',
      description: 'Counts to the given number of seconds, one per second, then says it is done. Slow on purpose: stop it to see MCP cancellation.',
      inputSchema: { seconds: z.number().int().min(1).max(120).describe('How many seconds to count') },
      annotations: { readOnlyHint: true },
    },
    ({ seconds }, extra) =>
      tracked('count_slowly', extra.requestId, extra.signal, async () => {
        for (let second = 1; second <= seconds; second++) {
          await wait(1000, extra.signal);
          const progressToken = extra._meta?.progressToken;
          if (progressToken !== undefined) {
            await extra.sendNotification({ method: 'notifications/progress', params: { progressToken, progress: second, total: seconds } });
          }
        }
        return { content: text(`Counted to ${seconds}.`) };
      }),
  );

  server.registerTool(
    'list_notes',
    {
      title: 'List notes',
      description: 'Lists the titles of the saved notes.',
      inputSchema: {},
      annotations: { readOnlyHint: true },
    },
    (_args, extra) =>
      tracked('list_notes', extra.requestId, extra.signal, async () => ({
        content: text(notes.size === 0 ? 'No notes.' : [...notes.keys()].join('\n')),
        structuredContent: { titles: [...notes.keys()] },
      })),
  );

  server.registerTool(
    'add_note',
    {
      title: 'Add a note',
      description: 'Saves a note under a title (changes the server: asks for approval by default).',
      inputSchema: { title: z.string().min(1), body: z.string() },
      annotations: { readOnlyHint: false, destructiveHint: false },
    },
    ({ title, body }, extra) =>
      tracked('add_note', extra.requestId, extra.signal, async () => {
        notes.set(title, body);
        return { content: text(`Saved the note "${title}".`) };
      }),
  );

  server.registerTool(
    'delete_note',
    {
      title: 'Delete a note',
      description: 'Deletes the note with this title. Destructive.',
      inputSchema: { title: z.string().min(1) },
      annotations: { destructiveHint: true },
    },
    ({ title }, extra) =>
      tracked('delete_note', extra.requestId, extra.signal, async () => {
        if (!notes.delete(title)) return { isError: true, content: text(`There is no note "${title}".`) };
        return { content: text(`Deleted the note "${title}".`) };
      }),
  );

  server.registerTool(
    'check_service',
    {
      title: 'Check the service',
      description: 'Checks an upstream service. It is always down: the call fails, to show an error result.',
      inputSchema: {},
      annotations: { readOnlyHint: true },
    },
    (_args, extra) =>
      tracked('check_service', extra.requestId, extra.signal, async () => ({
        isError: true,
        content: text('The upstream service is down (HTTP 503). Try again later.'),
      })),
  );

  server.registerTool(
    'draw_square',
    {
      title: 'Draw a square',
      description: 'Draws a small square of one colour and returns it as a PNG image.',
      inputSchema: { color: z.enum(['red', 'green', 'blue']).describe('The colour') },
      annotations: { readOnlyHint: true },
    },
    ({ color }, extra) =>
      tracked('draw_square', extra.requestId, extra.signal, async () => {
        const rgb = { red: [220, 38, 38], green: [22, 163, 74], blue: [37, 99, 235] }[color] as [number, number, number];
        return {
          content: [
            { type: 'text', text: `A ${color} square.` },
            { type: 'image', mimeType: 'image/png', data: solidPng(48, rgb).toString('base64') },
          ],
        };
      }),
  );

  // An MCP App: the tool's card shows the colour picker (a `ui://` resource), whose buttons
  // call `draw_square` through the chat.
  server.registerTool(
    'pick_color',
    {
      title: 'Pick a colour',
      description: 'Shows a colour picker to the user; the user picks a colour and a square of it is drawn.',
      inputSchema: { color: z.enum(['red', 'green', 'blue']).optional().describe('A colour to suggest') },
      annotations: { readOnlyHint: true },
      _meta: { ui: { resourceUri: COLOR_PICKER_URI } },
    },
    ({ color }, extra) =>
      tracked('pick_color', extra.requestId, extra.signal, async () => ({
        content: text(color ? `Showing the colour picker (suggesting ${color}).` : 'Showing the colour picker.'),
      })),
  );
  server.registerResource('color-picker', COLOR_PICKER_URI, { mimeType: MCP_APP_MIME_TYPE, description: 'The colour picker app' }, async (uri) => ({
    contents: [{ uri: uri.href, mimeType: MCP_APP_MIME_TYPE, text: await colorPickerHtml(), _meta: { ui: { prefersBorder: true } } }],
  }));

  const shout = server.registerTool(
    'shout',
    {
      title: 'Shout',
      description: 'Repeats the text in capitals. Appears only while the server enables it.',
      inputSchema: { text: z.string() },
      annotations: { readOnlyHint: true },
    },
    ({ text: value }, extra) =>
      tracked('shout', extra.requestId, extra.signal, async () => ({ content: text(value.toUpperCase()) })),
  );
  if (!extraTool) shout.disable();

  return { server, shout };
}

