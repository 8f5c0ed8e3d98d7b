import { cleanupWebMCPPolyfill, initializeWebMCPPolyfill } from '@mcp-b/webmcp-polyfill';
import { jsonSchema } from 'ai';
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { defineTool } from 'toolchat';
import { exposeToolsToWebMCP, type ModelContextLike, type WebMCPToolDescriptor } from 'toolchat/mcp';

type PolyfilledContext = ModelContextLike & Required<Pick<ModelContextLike, 'getTools' | 'executeTool'>>;
const modelContext = () => (document as unknown as { modelContext: PolyfilledContext }).modelContext;
const find = async (name: string) => (await modelContext().getTools()).find((tool) => tool.name === name)!;

describe('tools exposed to WebMCP keep the chat loop’s rules (@mcp-b/webmcp-polyfill)', () => {
  const exposures: AbortController[] = [];
  const expose = async (...[tools, options]: Parameters<typeof exposeToolsToWebMCP>) => {
    const controller = new AbortController();
    exposures.push(controller);
    return exposeToolsToWebMCP(tools, { ...options, signal: controller.signal });
  };

  beforeAll(() => {
    initializeWebMCPPolyfill();
  });
  afterEach(() => {
    for (const controller of exposures.splice(0)) controller.abort();
    vi.restoreAllMocks();
  });
  afterAll(() => {
    cleanupWebMCPPolyfill();
  });

  it('refuses input with a key that could reach a prototype, as the loop does: the tool never runs', async () => {
    const execute = vi.fn(() => 'saved');
    // A jsonSchema() without validate accepts any input: only the key check stands in the way.
    await expose({ save: defineTool({ description: 'Saves', inputSchema: jsonSchema<Record<string, unknown>>({ type: 'object' }), execute }) });
    const save = await find('save');
    await expect(modelContext().executeTool(save, '{"__proto__":{"isAdmin":true}}')).rejects.toThrow(
      'Invalid input for tool "save": it has a "__proto__" or "constructor.prototype" key, which could change object prototypes.',
    );
    await expect(modelContext().executeTool(save, '{"a":{"constructor":{"prototype":{"isAdmin":true}}}}')).rejects.toThrow(/Invalid input for tool "save": it has a "__proto__"/);
    expect(execute).not.toHaveBeenCalled();
    expect(await modelContext().executeTool(save, '{"constructor":"a name","prototype":1}')).toBe('saved');
  });

  it("an agent's cancellation aborts the running tool's signal (the client WebMCP passes to execute)", async () => {
    // The polyfill (5.1) calls execute(input) alone; the W3C draft and Chromium pass a client
    // whose signal aborts on the agent's cancellation: given here as they pass it.
    const registered = new Map<string, WebMCPToolDescriptor>();
    const context: ModelContextLike = {
      registerTool: (tool, options) => {
        registered.set(tool.name, tool);
        return modelContext().registerTool(tool, options);
      },
    };
    let seen: AbortSignal | undefined;
    const slow = defineTool({
      inputSchema: z.object({}),
      execute: (_input, { signal }) => {
        seen = signal;
        return new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason), { once: true }));
      },
    });
    await expose({ slow }, { modelContext: context });
    const agent = new AbortController();
    const call = Promise.resolve(registered.get('slow')!.execute({}, { signal: agent.signal }));
    await vi.waitFor(() => expect(seen).toBeDefined());
    agent.abort();
    expect(seen?.aborted).toBe(true);
    await expect(call).rejects.toThrow('Tool "slow" was cancelled by the user');
  });

  describe("with the polyfill (5.1), which passes execute no signal and so cannot tell the tool of an agent's cancellation", () => {
    const watched = (timeoutMs?: number) => {
      const signals: AbortSignal[] = [];
      const tool = defineTool({
        inputSchema: z.object({}),
        ...(timeoutMs === undefined ? {} : { timeoutMs }),
        execute: (_input, { signal }) => {
          signals.push(signal);
          return new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason), { once: true }));
        },
      });
      return { tool, signals };
    };

    it("the agent's call ends at its cancellation; the tool's signal aborts at the tool's time limit", async () => {
      const { tool, signals } = watched(50);
      await expose({ slow: tool });
      const agent = new AbortController();
      const call = modelContext().executeTool(await find('slow'), '{}', { signal: agent.signal });
      await vi.waitFor(() => expect(signals).toHaveLength(1));
      agent.abort(new DOMException('The agent gave up', 'AbortError'));
      await expect(call).rejects.toThrow('The agent gave up');
      // Nothing reaches the tool from the agent: it runs on until its time limit aborts it.
      expect(signals[0]?.aborted).toBe(false);
      await vi.waitFor(() => expect(signals[0]?.aborted).toBe(true));
    });

    it("the tool's signal aborts when the exposure ends (the chat unmounts, signal aborted or unregister())", async () => {
      const { tool, signals } = watched();
      const exposure = await exposeToolsToWebMCP({ slow: tool });
      const agent = new AbortController();
      const call = modelContext().executeTool(await find('slow'), '{}', { signal: agent.signal });
      await vi.waitFor(() => expect(signals).toHaveLength(1));
      agent.abort();
      await expect(call).rejects.toThrow();
      exposure.unregister();
      expect(signals[0]?.aborted).toBe(true);
    });

    it("the tool's signal aborts when the page goes away (pagehide); later calls run", async () => {
      const { tool, signals } = watched();
      await expose({ slow: tool });
      const first = modelContext().executeTool(await find('slow'), '{}');
      await vi.waitFor(() => expect(signals).toHaveLength(1));
      window.dispatchEvent(new Event('pagehide'));
      expect(signals[0]?.aborted).toBe(true);
      await expect(first).rejects.toThrow();
      // Back from the back/forward cache: a new call has a live signal.
      void modelContext().executeTool(await find('slow'), '{}').catch(() => {});
      await vi.waitFor(() => expect(signals).toHaveLength(2));
      expect(signals[1]?.aborted).toBe(false);
    });
  });

  it('an agent that cancelled before approval came back: the tool does not run', async () => {
    const registered = new Map<string, WebMCPToolDescriptor>();
    const context: ModelContextLike = {
      registerTool: (tool, options) => {
        registered.set(tool.name, tool);
        return modelContext().registerTool(tool, options);
      },
    };
    const execute = vi.fn(() => 'wiped');
    const agent = new AbortController();
    await expose({ wipe: defineTool({ inputSchema: z.object({}), needsApproval: true, execute }) }, {
      modelContext: context,
      approve: () => {
        agent.abort();
        return true;
      },
    });
    await expect(Promise.resolve(registered.get('wipe')!.execute({}, { signal: agent.signal }))).rejects.toThrow('Tool "wipe" was cancelled by the user');
    expect(execute).not.toHaveBeenCalled();
  });

  describe('the default confirm prompt', () => {
    const wipe = defineTool({ description: 'Wipes', inputSchema: jsonSchema<Record<string, unknown>>({ type: 'object' }), needsApproval: true, execute: () => 'wiped' });

    it('shows the input as JSON, cut to 200 characters, isolated from the text around it', async () => {
      const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
      await expose({ wipe });
      await expect(modelContext().executeTool(await find('wipe'), JSON.stringify({ path: 'x'.repeat(500) }))).rejects.toThrow(/denied/);
      const prompt = String(confirm.mock.calls[0]?.[0]);
      expect(prompt).toBe(`An agent asks to run "\u2068wipe\u2069" with \u2068{"path":"${'x'.repeat(191)}… (511 characters)\u2069. Allow it?`);
    });

    it('no bidi control or line break of the input survives, whatever the input', async () => {
      const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
      await expose({ wipe });
      const tool = await find('wipe');
      await fc.assert(
        fc.asyncProperty(fc.string({ unit: fc.constantFrom('a', ' ', '\u202E', '\u2066', '\u2069', '\u200F', '\n', '"', 'ي') }), async (text) => {
          confirm.mockClear();
          await modelContext().executeTool(tool, JSON.stringify({ text })).catch(() => {});
          const prompt = String(confirm.mock.calls[0]?.[0]);
          const inner = prompt.slice(prompt.indexOf(' with \u2068') + 7, prompt.lastIndexOf('\u2069. Allow it?'));
          expect(inner).not.toMatch(/[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069\n]/);
          expect(prompt.endsWith('\u2069. Allow it?')).toBe(true);
        }),
        { numRuns: 40 },
      );
    });
  });
});
