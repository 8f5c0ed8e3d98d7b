/** The request body as text, or why it was not read: over the size limit, or unreadable. */
export type BodyResult = { ok: true; text: string } | { ok: false; status: 400 | 413; message: string };

/**
 * Reads the body up to `maxBytes`, counting while it streams in: a body over the limit is
 * refused as soon as the count passes it (or at once when `Content-Length` says so), and
 * never held in memory past it.
 */
export async function readBody(request: Request, maxBytes: number): Promise<BodyResult> {
  const tooLarge = {
    ok: false,
    status: 413,
    message: `Request body too large: the limit is ${formatBytes(maxBytes)} (maxBodyBytes)`,
  } as const;
  const declared = Number(request.headers.get('content-length') ?? Number.NaN);
  if (Number.isFinite(declared) && declared > maxBytes) {
    await request.body?.cancel().catch(() => {});
    return tooLarge;
  }
  if (!request.body) return { ok: true, text: '' };
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel().catch(() => {});
        return tooLarge;
      }
      chunks.push(value);
    }
  } catch {
    return { ok: false, status: 400, message: 'Invalid request body: it could not be read to its end' };
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return { ok: true, text: new TextDecoder().decode(bytes) };
}

function formatBytes(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return mb >= 1 ? `${Number(mb.toFixed(2))} MB` : `${Number((bytes / 1024).toFixed(2))} KB`;
}
