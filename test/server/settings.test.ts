import { tool } from 'ai';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createChatHandler, createDemoModel } from 'toolchat/server';
import { assistantMessage, chatRequest, readChunks } from './chat-stream';

const SECRET = 'a-test-secret-of-at-least-32-characters';
const production = { NODE_ENV: 'production' };
const approvalTools = {
  deleteFiles: tool({ inputSchema: z.object({ path: z.string() }), needsApproval: true, execute: async () => 'deleted' }),
  lookupOrder: tool({ inputSchema: z.object({}), execute: async () => 'shipped' }),
};

describe('in production (NODE_ENV=production)', () => {
  it('no model and no OPENAI_API_KEY is an error at creation', () => {
    expect(() => createChatHandler({ env: production })).toThrow(
      'createChatHandler: no model is set (no `model` option, no OPENAI_API_KEY). Pass `model`, or set OPENAI_API_KEY; the embedded demo model answers only when chosen: `model: createDemoModel()`.',
    );
  });

  it('the demo model chosen explicitly answers', async () => {
    const handler = createChatHandler({ model: createDemoModel(), env: production });
    const response = await handler(chatRequest({ messages: [{ id: 'u1', role: 'user', parts: [{ type: 'text', text: 'hello' }] }] }));
    expect(response.status).toBe(200);
    const message = await assistantMessage(await readChunks(response));
    expect(message.parts.some((part) => part.type === 'text')).toBe(true);
  });

  it("waits for the server while Next.js builds (it loads the route for its config), and refuses there", () => {
    expect(() => createChatHandler({ env: { ...production, NEXT_PHASE: 'phase-production-build' } })).not.toThrow();
    expect(() => createChatHandler({ model: createDemoModel(), tools: approvalTools, env: { ...production, NEXT_PHASE: 'phase-production-build' } })).not.toThrow();
    expect(() => createChatHandler({ env: { ...production, NEXT_PHASE: 'phase-production-server' } })).toThrow('createChatHandler: no model is set');
  });

  it('OPENAI_API_KEY is a model', () => {
    expect(() => createChatHandler({ env: { ...production, OPENAI_API_KEY: 'sk-test' } })).not.toThrow();
  });

  it('server tools that need approval without a secret are an error naming TOOLCHAT_SECRET', () => {
    expect(() => createChatHandler({ model: createDemoModel(), tools: approvalTools, env: production })).toThrow(
      /^createChatHandler: the server tools "deleteFiles" need approval, but TOOLCHAT_SECRET is not set \(nor the `secret` option\)\. Set TOOLCHAT_SECRET/,
    );
  });

  it('a secret, in the option or in TOOLCHAT_SECRET, or no tool that needs approval, is fine', () => {
    const model = createDemoModel();
    expect(() => createChatHandler({ model, tools: approvalTools, secret: SECRET, env: production })).not.toThrow();
    expect(() => createChatHandler({ model, tools: approvalTools, env: { ...production, TOOLCHAT_SECRET: SECRET } })).not.toThrow();
    expect(() => createChatHandler({ model, tools: { lookupOrder: approvalTools.lookupOrder }, env: production })).not.toThrow();
  });
});

describe('the approval window', () => {
  it('approvalTtlMs must be a positive, finite number of milliseconds', () => {
    for (const approvalTtlMs of [0, -1, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => createChatHandler({ model: createDemoModel(), approvalTtlMs })).toThrow(
        'createChatHandler: approvalTtlMs must be a positive, finite number of milliseconds',
      );
    }
  });
});

describe('in development', () => {
  it('warns once for each, and answers with the demo model', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      const handler = createChatHandler({ tools: approvalTools, env: { NODE_ENV: 'development' } });
      createChatHandler({ tools: approvalTools, env: {} });
      expect(warn.mock.calls.map(([message]) => String(message))).toEqual([
        'toolchat: no model is set (no `model` option, no OPENAI_API_KEY): the embedded demo model answers. In production this is an error.',
        'toolchat: the server tools "deleteFiles" need approval, but TOOLCHAT_SECRET is not set (nor the `secret` option): approvals will not survive a restart or reach a second instance. In production this is an error.',
      ]);
      const response = await handler(chatRequest({ messages: [{ id: 'u1', role: 'user', parts: [{ type: 'text', text: 'hello' }] }] }));
      expect(response.status).toBe(200);
      await response.text();
    } finally {
      warn.mockRestore();
    }
  });
});
