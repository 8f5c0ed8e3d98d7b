import type { ToolSet as AIToolSet, UIMessage } from 'ai';
import { clientToolSet } from '../core/model/client-tools';
import { checkNumberOption } from '../core/tools/number-options';
import { DEFAULT_MAX_BODY_BYTES } from './create-chat-handler';
import { readBody } from './request/read-body';
import { parseChatRequest } from './request-body';

/** Options of {@link readChatRequest}. */
export interface ReadChatRequestOptions {
  /**
   * Largest request body, in bytes, counted as it arrives; a larger one is refused with a `413`.
   * @default 8 * 1024 * 1024 (8 MB, as `createChatHandler`)
   */
  maxBodyBytes?: number;
}

/** A toolchat client's request, read and checked: what a hand-written AI SDK route needs. */
export interface ToolChatRequest {
  /** The chat's id, as the AI SDK's transports send it. */
  chatId?: string;
  /** The conversation, as AI SDK `UIMessage`s. */
  messages: UIMessage[];
  /**
   * The browser's tools as AI SDK tools (a description and a JSON Schema each, no `execute`): for
   * `streamText` and `convertToModelMessages`. A call to one ends the request and goes back to
   * the browser, which runs it and sends the result with the next request.
   */
  tools: AIToolSet;
  /**
   * The forced final round (the round limit or the token budget): the model must answer in
   * words. Pass `activeTools: []` to `streamText` then, so no tool definition reaches it.
   */
  toolsDisabled: boolean;
}


/**
 * Reads the request a toolchat client posts (`ChatWrapper`, `useToolChat`, or `useChat` with
 * `toolsRequestBody`) in a route you write yourself with the AI SDK's `streamText`: the
 * messages, the browser's tools and the final-round flag, checked as `createChatHandler` checks
 * them. A body that is too large, not JSON, not a conversation, or that carries a tool the
 * handler would refuse gets a `Response` instead: a `400` (`405`, `413`) with a JSON error naming
 * the problem, to return as it is.
 *
 * @example
 * const chat = await readChatRequest(request);
 * if (chat instanceof Response) return chat;
 * const result = streamText({
 *   model,
 *   messages: await convertToModelMessages(chat.messages, { tools: chat.tools }),
 *   tools: chat.tools,
 *   ...(chat.toolsDisabled ? { activeTools: [] } : {}),
 * });
 */
export async function readChatRequest(request: Request, options: ReadChatRequestOptions = {}): Promise<ToolChatRequest | Response> {
  checkNumberOption('maxBodyBytes', options.maxBodyBytes, { integer: true, min: 1 });
  const fail = (status: number, message: string) => Response.json({ error: { message } }, { status });
  if (request.method !== 'POST') return fail(405, 'Method not allowed: POST a chat request');
  const body = await readBody(request, options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES);
  if (!body.ok) return fail(body.status, body.message);
  const parsed = await parseChatRequest(body.text);
  if (!parsed.ok) return fail(400, parsed.message);
  const { chatId, messages, tools, toolsDisabled } = parsed.request;
  return { ...(chatId === undefined ? {} : { chatId }), messages, tools: clientToolSet(tools), toolsDisabled };
}
