import { createChatHandler, createDemoModel } from 'toolchat/server';

type Handler = (request: Request) => Promise<Response>;

/**
 * The demo's endpoint: a real model when `OPENAI_API_KEY` is set (with optional
 * `OPENAI_BASE_URL` and `OPENAI_MODEL`), else the embedded demo model at a readable pace.
 * `?toolMarkers=on` (the page's marker switch) serves a text-only model: the tools are described
 * in the system prompt and called with `###:` markers, as `createChatHandler({ toolMarkers: true })`
 * does for models without function calling.
 */
export function createDemoHandler(): Handler {
  const native = createHandler(false);
  const markers = createHandler(true);
  return (request) => (usesToolMarkers(request) ? markers : native)(request);
}

/** Whether a request comes from the page in marker mode. */
export function usesToolMarkers(request: Request): boolean {
  return new URL(request.url).searchParams.get('toolMarkers') === 'on';
}

function createHandler(toolMarkers: boolean): Handler {
  if (process.env.OPENAI_API_KEY) return createChatHandler({ toolMarkers });
  const delayMs = Number(process.env.TOOLCHAT_DEMO_DELAY_MS ?? 25);
  return createChatHandler({ model: createDemoModel({ delayMs, toolMarkers }), toolMarkers });
}
