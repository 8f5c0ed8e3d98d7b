// A Mastra agent served over AG-UI by the framework's own adapter (`@ag-ui/mastra`), written to
// the wire by the official `@ag-ui/encoder`. Its model is an AI SDK mock (`ai/test`) with a script:
// ask for the weather → call the browser's `getWeather`; with its result → answer from it.
import { createServer } from 'node:http';
import { EventEncoder } from '@ag-ui/encoder';
import { MastraAgent } from '@ag-ui/mastra';
import { Agent } from '@mastra/core/agent';
import { createTool } from '@mastra/core/tools';
import { convertArrayToReadableStream, MockLanguageModelV4 } from 'ai/test';
import { z } from 'zod';

const usage = { inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 5, text: 5, reasoning: 0 } };
const finish = (unified) => ({ type: 'finish', finishReason: { unified, raw: unified === 'stop' ? 'stop' : 'tool_calls' }, usage });
const call = (toolCallId, toolName, input) => ({ type: 'tool-call', toolCallId, toolName, input: JSON.stringify(input) });
const text = (value) => [{ type: 'text-start', id: 't' }, { type: 'text-delta', id: 't', delta: value }, { type: 'text-end', id: 't' }];

/** The last tool result the model was given, if the prompt ends with one. */
function lastToolResult(prompt) {
  const last = prompt.at(-1);
  if (last?.role !== 'tool') return undefined;
  const part = last.content.findLast((p) => p.type === 'tool-result');
  return part && { toolName: part.toolName, value: part.output.value ?? part.output };
}

let calls = 0;
const model = new MockLanguageModelV4({
  doStream: async ({ prompt, tools }) => {
    const result = lastToolResult(prompt);
    const names = (tools ?? []).map((t) => t.name);
    let parts;
    if (result?.toolName === 'getWeather') {
      const v = typeof result.value === 'string' ? JSON.parse(result.value) : result.value;
      parts = [...text(`It is ${v.tempC}°C in ${v.city}, says the browser.`), finish('stop')];
    } else if (result?.toolName === 'cityInfo') {
      parts = [call(`call-w${++calls}`, 'getWeather', { city: 'Paris' }), finish('tool-calls')];
    } else if (names.includes('cityInfo')) {
      parts = [...text('Let me look that up.'), call(`call-c${++calls}`, 'cityInfo', { city: 'Paris' }), finish('tool-calls')];
    } else {
      parts = [...text('I have no tools.'), finish('stop')];
    }
    return { stream: convertArrayToReadableStream(parts) };
  },
});

// A tool the agent runs on the server: its result reaches the browser as TOOL_CALL_RESULT.
const cityInfo = createTool({
  id: 'cityInfo',
  description: 'Facts about a city',
  inputSchema: z.object({ city: z.string() }),
  execute: async ({ city }) => ({ city, country: 'France' }),
});

const weatherAgent = new Agent({
  id: 'weather',
  name: 'weather',
  instructions: 'Answer weather questions with the getWeather tool.',
  model,
  tools: { cityInfo },
});

const encoder = new EventEncoder();
const server = createServer(async (request, response) => {
  if (request.method !== 'POST') {
    response.writeHead(200, { 'content-type': 'text/plain' }).end('AG-UI Mastra agent');
    return;
  }
  let body = '';
  for await (const chunk of request) body += chunk;
  const input = JSON.parse(body);
  response.writeHead(200, { 'content-type': encoder.getContentType(), 'cache-control': 'no-cache' });
  const agent = new MastraAgent({ agent: weatherAgent, resourceId: 'compat' });
  const subscription = agent.run(input).subscribe({
    next: (event) => response.write(encoder.encodeSSE(event)),
    error: (error) => {
      console.error(error);
      response.end();
    },
    complete: () => response.end(),
  });
  request.on('close', () => subscription.unsubscribe());
});
server.listen(Number(process.env.PORT ?? 8787), process.env.HOST ?? '127.0.0.1', () => {
  console.log(`AG-UI Mastra agent on http://${process.env.HOST ?? '127.0.0.1'}:${server.address().port}`);
});
