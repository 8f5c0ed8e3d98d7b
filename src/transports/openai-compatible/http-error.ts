import { APICallError } from '@ai-sdk/provider';

/**
 * A non-2xx answer → an `APICallError` whose message is the server's own: `error.message` of
 * an OpenAI-style error body, `message` / `detail` of other JSON bodies, else the text.
 */
export async function httpError(response: Response, url: string, requestBodyValues: unknown): Promise<APICallError> {
  const responseBody = await response.text().catch(() => '');
  const message = serverMessage(responseBody) ?? `${response.status} ${response.statusText}`.trim();
  return new APICallError({
    message,
    url,
    requestBodyValues,
    statusCode: response.status,
    responseHeaders: Object.fromEntries(response.headers.entries()),
    responseBody,
    isRetryable: response.status === 408 || response.status === 409 || response.status === 429 || response.status >= 500,
  });
}

function serverMessage(body: string): string | undefined {
  if (body.trim() === '') return undefined;
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return body.trim().slice(0, 1000);
  }
  if (typeof json !== 'object' || json === null) return body.trim();
  const record = json as Record<string, unknown>;
  const error = record.error;
  if (typeof error === 'string') return error;
  if (typeof error === 'object' && error !== null && typeof (error as Record<string, unknown>).message === 'string') {
    return (error as Record<string, string>).message;
  }
  if (typeof record.message === 'string') return record.message;
  if (typeof record.detail === 'string') return record.detail;
  return body.trim().slice(0, 1000);
}
