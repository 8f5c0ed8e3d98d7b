import { EventType, type RunAgentInput } from '@ag-ui/core';
import { EventEncoder } from '@ag-ui/encoder';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, recordErrors } from './browser';
import { startDemo, type RunningDemo } from './demo-server';

// The demo pointed at an AG-UI agent (`?agui=<url>`): a scripted agent on another origin of
// 127.0.0.1, writing its events with the official encoder. The Python and Mastra agents run in
// the compatibility job (test/compat), which installs them.

const encoder = new EventEncoder();

function startAgent(): Promise<{ url: string; runs: RunAgentInput[]; server: Server }> {
  const runs: RunAgentInput[] = [];
  const server = createServer(async (request, response) => {
    const cors = { 'access-control-allow-origin': '*', 'access-control-allow-headers': 'content-type, accept' };
    if (request.method === 'OPTIONS') {
      response.writeHead(204, cors).end();
      return;
    }
    let body = '';
    for await (const chunk of request) body += String(chunk);
    const input = JSON.parse(body) as RunAgentInput;
    runs.push(input);
    const result = input.messages.findLast((m) => m.role === 'tool');
    const events: object[] = [{ type: EventType.RUN_STARTED, threadId: input.threadId, runId: input.runId }];
    if (result) {
      const weather = JSON.parse(String(result.content)) as { city: string; tempC: number };
      const text = `The agent says: ${weather.tempC}°C in ${weather.city}.`;
      events.push({ type: EventType.TEXT_MESSAGE_CHUNK, messageId: 'm2', role: 'assistant', delta: text });
    } else {
      events.push(
        { type: EventType.TOOL_CALL_START, toolCallId: 'agui-call-1', toolCallName: 'getWeather' },
        { type: EventType.TOOL_CALL_ARGS, toolCallId: 'agui-call-1', delta: '{"city":"Paris"}' },
        { type: EventType.TOOL_CALL_END, toolCallId: 'agui-call-1' },
      );
    }
    events.push({ type: EventType.RUN_FINISHED, threadId: input.threadId, runId: input.runId });
    response.writeHead(200, { ...cors, 'content-type': encoder.getContentType() });
    for (const event of events) response.write(encoder.encodeSSE(event as never));
    response.end();
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/agent`, runs, server })),
  );
}

describe('the demo app pointed at an AG-UI agent with ?agui=', () => {
  let demo: RunningDemo;
  let browser: Browser;
  let agent: Awaited<ReturnType<typeof startAgent>>;

  beforeAll(async () => {
    agent = await startAgent();
    demo = await startDemo();
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await demo?.close();
    agent?.server.closeAllConnections();
    await new Promise((resolve) => agent?.server.close(resolve));
  });

  it('runs the browser tool the agent calls and shows the answer from its result, on one thread', async () => {
    const page = await browser.newPage();
    const errors = recordErrors(page);
    await page.goto(`${demo.url}?agui=${encodeURIComponent(agent.url)}`);
    await page.getByRole('textbox', { name: 'Message' }).fill("What's the weather in Paris?");
    await page.getByRole('button', { name: 'Send' }).click();

    const log = page.getByRole('log');
    await log.getByText(/The agent says: \d+°C in Paris\./).waitFor();
    const card = log.getByRole('group', { name: 'Get weather' });
    await expect.poll(() => card.getAttribute('data-state')).toBe('done');
    await page.getByRole('button', { name: 'Send' }).waitFor();

    expect(agent.runs.map((r) => r.threadId)).toEqual(['demo-agui', 'demo-agui']);
    expect(agent.runs[0]?.tools.map((t) => t.name)).toContain('getWeather');
    expect(agent.runs[1]?.messages.at(-1)).toMatchObject({ role: 'tool', toolCallId: 'agui-call-1' });
    expect(errors).toEqual([]);
    await page.close();
  });
});
