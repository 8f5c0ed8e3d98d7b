import { createChatHandler, createDemoModel } from 'toolchat/server';

/**
 * The demo's endpoint: a real model when `OPENAI_API_KEY` is set (with optional
 * `OPENAI_BASE_URL` and `OPENAI_MODEL`), else the embedded demo model at a readable pace.
 */
export function createDemoHandler(): (request: Request) => Promise<Response> {
  if (process.env.OPENAI_API_KEY) return createChatHandler();
  const delayMs = Number(process.env.TOOLCHAT_DEMO_DELAY_MS ?? 25);
  return createChatHandler({ model: createDemoModel({ delayMs }) });
}
