import { readUIMessageStream, type UIMessage, type UIMessageChunk } from 'ai';
import { convertArrayToReadableStream } from 'ai/test';

/** A POST of a chat body to the handler, as a browser sends it. */
export function chatRequest(body: unknown): Request {
  return new Request('http://localhost/api/chat', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** The UI message chunks of an SSE response. */
export async function readChunks(response: Response): Promise<UIMessageChunk[]> {
  const text = await response.text();
  return text
    .split('\n\n')
    .map((event) => event.replace(/^data: /, '').trim())
    .filter((data) => data && data !== '[DONE]')
    .map((data) => JSON.parse(data) as UIMessageChunk);
}

/** The assistant message the browser holds after these chunks (the AI SDK's own reader). */
export async function assistantMessage(chunks: UIMessageChunk[], message?: UIMessage): Promise<UIMessage> {
  let last: UIMessage | undefined;
  for await (const snapshot of readUIMessageStream({ stream: convertArrayToReadableStream(chunks), ...(message ? { message } : {}) })) {
    last = snapshot;
  }
  if (!last) throw new Error('the stream made no message');
  // What the browser posts back: plain JSON.
  return JSON.parse(JSON.stringify(last)) as UIMessage;
}

export async function errorMessage(response: Response): Promise<string> {
  const json = (await response.json()) as { error: { message: string } };
  return json.error.message;
}
