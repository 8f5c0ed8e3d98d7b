import { jsonError } from './json-error';
import { quoteClientText } from './request/client-text';
import { readBody } from './request/read-body';
import { parseChatRequest, type ChatRequest } from './request-body';

export interface ReadChatRequestOptions {
  maxBodyBytes: number;
  isServerTool: (toolName: string) => boolean;
  /** A store's request may hold no message (a Regenerate). @default 1 */
  minMessages?: number;
}

/**
 * The chat request of a `POST`, read within the size limit and validated; or the error response
 * (`405`, `413`, `400`) naming what is wrong. The first step of every chat request, with or
 * without a store.
 */
export async function readChatRequest(request: Request, options: ReadChatRequestOptions): Promise<{ ok: true; request: ChatRequest } | { ok: false; response: Response }> {
  if (request.method !== 'POST') {
    return { ok: false, response: jsonError(405, `Method ${quoteClientText(request.method)} not allowed: POST a chat request`, { headers: { allow: 'POST' } }) };
  }
  const body = await readBody(request, options.maxBodyBytes);
  if (!body.ok) return { ok: false, response: jsonError(body.status, body.message) };
  const parsed = await parseChatRequest(body.text, options.minMessages === undefined ? {} : { minMessages: options.minMessages });
  if (!parsed.ok) return { ok: false, response: jsonError(400, parsed.message) };
  const taken = Object.keys(parsed.request.tools).find(options.isServerTool);
  if (taken !== undefined) return { ok: false, response: jsonError(400, `Invalid tool ${quoteClientText(taken)}: the server has a tool of that name`) };
  return { ok: true, request: parsed.request };
}
