import { cpSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isToolUIPart, readUIMessageStream, type UIMessage, type UIMessageChunk } from 'ai';
import { describe, expect, inject, it } from 'vitest';
import { z } from 'zod';
import { defineTool, executeToolCalls, toolSchemas } from '../../src/core/index';
import { createAgUiTransport } from '../../src/transports/index';
import { run, start } from './support/process';

// A real agent nobody here wrote: a Mastra agent (`@mastra/core`, which needs Node 22) through
// the framework's own AG-UI adapter (`@ag-ui/mastra`), written to HTTP by `@ag-ui/encoder`, on an
// AI SDK mock model. Installed from the npm registry into a temp folder with pinned versions
// (without the adapter's CopilotKit peers, which its main entry never loads: see the app's .npmrc),
// and served on the apps' Node; the transport runs here, as a browser's chat would run it.

const appDir = fileURLToPath(new URL('./ag-ui-mastra', import.meta.url));

const tools = {
  getWeather: defineTool({
    description: 'Current weather for a city',
    inputSchema: z.object({ city: z.string() }),
    execute: async ({ city }) => ({ city, tempC: 21 }),
  }),
};

async function assistantOf(stream: ReadableStream<UIMessageChunk>, errors: string[]): Promise<UIMessage> {
  let last: UIMessage | undefined;
  const seen = stream.pipeThrough(
    new TransformStream<UIMessageChunk, UIMessageChunk>({
      transform(chunk, controller) {
        if (chunk.type === 'error') errors.push(chunk.errorText);
        controller.enqueue(chunk);
      },
    }),
  );
  for await (const message of readUIMessageStream({ stream: seen })) last = message;
  if (!last) throw new Error('the agent sent no message');
  return last;
}

describe('a Mastra agent through @ag-ui/mastra', () => {
  const dir = path.join(inject('workDir'), 'ag-ui-mastra');

  it('installs from the registry', async () => {
    cpSync(appDir, dir, { recursive: true });
    await run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline'], { cwd: dir, timeoutMs: 400_000 });
  });

  it('completes a browser tool round over AG-UI: its own tool\'s result shown, the browser\'s tool run here, the answer from it', async () => {
    const server = await start('node', ['server.mjs'], { cwd: dir, timeoutMs: 60_000 });
    try {
      const transport = createAgUiTransport({ url: server.url });
      const body = { tools: toolSchemas(tools) };
      const user: UIMessage = { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'Weather in Paris?' }] };
      const errors: string[] = [];
      const send = (messages: UIMessage[]) =>
        transport.sendMessages({ trigger: 'submit-message', chatId: 'compat-chat', messageId: undefined, messages, abortSignal: undefined, body });

      const first = await assistantOf(await send([user]), errors);
      const toolParts = first.parts.filter(isToolUIPart);
      expect(toolParts, server.output()).toMatchObject([
        { toolCallId: 'call-c1', state: 'output-available', providerExecuted: true, output: { city: 'Paris', country: 'France' } },
        { type: 'tool-getWeather', state: 'input-available', input: { city: 'Paris' } },
      ]);

      const browserCall = toolParts[1]!;
      const [result] = await executeToolCalls([{ toolCallId: browserCall.toolCallId, toolName: 'getWeather', input: browserCall.input }], tools);
      expect(result).toMatchObject({ ok: true, output: { city: 'Paris', tempC: 21 } });
      const answered: UIMessage = {
        ...first,
        parts: first.parts.map((part) =>
          isToolUIPart(part) && part.toolCallId === browserCall.toolCallId && result?.ok
            ? ({ ...part, state: 'output-available', output: result.output } as typeof part)
            : part,
        ),
      };

      const second = await assistantOf(await send([user, answered]), errors);
      expect(second.parts.filter((p) => p.type === 'text').map((p) => p.text).join(''), server.output()).toBe('It is 21°C in Paris, says the browser.');
      expect(errors).toEqual([]);
    } finally {
      await server.stop();
    }
  });
});
