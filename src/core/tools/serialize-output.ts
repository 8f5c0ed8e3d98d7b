/**
 * Tool outputs as the model can read them: plain JSON, whatever the tool returned, and never
 * larger than a cap.
 */

/** @default 100 KB of JSON */
export const DEFAULT_MAX_OUTPUT_BYTES = 100 * 1024;

/** What replaces an output over the size cap: a note the model can read and the start of the JSON. */
export interface TruncatedOutput {
  truncated: true;
  note: string;
  /** The first part of the output's JSON text; not valid JSON on its own. */
  preview: string;
}

/**
 * A JSON value for any output: `undefined` → `null`, `Error` → `{ name, message }` (never a
 * stack), `Date` → ISO text, `Map` → entries, `Set` → array, `BigInt` → text, a repeated
 * reference on the current path → `"[Circular]"`, functions and symbols dropped (in arrays:
 * `null`, as `JSON.stringify` does).
 */
export function toJsonValue(value: unknown): unknown {
  return convert(value, new Set());
}

function convert(value: unknown, path: Set<object>): unknown {
  switch (typeof value) {
    case 'undefined':
    case 'function':
    case 'symbol':
      return null;
    case 'bigint':
      return value.toString();
    case 'number':
      return Number.isFinite(value) ? value : null;
    case 'string':
    case 'boolean':
      return value;
  }
  if (value === null) return null;
  const object = value as object;
  if (path.has(object)) return '[Circular]';
  if (object instanceof Date) return Number.isNaN(object.getTime()) ? null : object.toISOString();
  if (object instanceof Error) return { name: object.name, message: object.message };
  if (typeof (object as { toJSON?: unknown }).toJSON === 'function') {
    try {
      return convert((object as { toJSON: () => unknown }).toJSON(), path);
    } catch {
      return null;
    }
  }
  path.add(object);
  try {
    if (object instanceof Map) return [...object].map(([key, item]) => [convert(key, path), convert(item, path)]);
    if (object instanceof Set) return [...object].map((item) => convert(item, path));
    if (Array.isArray(object)) return object.map((item) => convert(item, path));
    if (ArrayBuffer.isView(object)) return `[${object.constructor.name} of ${object.byteLength} bytes]`;
    const result: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(object)) {
      if (item === undefined || typeof item === 'function' || typeof item === 'symbol') continue;
      result[key] = convert(item, path);
    }
    return result;
  } finally {
    path.delete(object);
  }
}

const encoder = new TextEncoder();

/**
 * The output the model gets: {@link toJsonValue}, and over `maxBytes` of JSON a
 * {@link TruncatedOutput} saying so, whose preview keeps the note and preview within the cap.
 */
export function serializeToolOutput(value: unknown, maxBytes = DEFAULT_MAX_OUTPUT_BYTES): unknown {
  const json = toJsonValue(value);
  const text = JSON.stringify(json);
  // A UTF-16 code unit is at most 3 bytes of UTF-8: most outputs need no encoding to fit.
  if (text.length * 3 <= maxBytes) return json;
  const bytes = encoder.encode(text).length;
  if (bytes <= maxBytes) return json;
  const note = `Output truncated: it was ${bytes} bytes of JSON, over the ${maxBytes}-byte limit; the preview holds its beginning.`;
  // Room for the note and the wrapper's own JSON; the preview's escapes count against it too.
  let room = Math.max(0, maxBytes - encoder.encode(note).length - 64);
  let preview = text.slice(0, room);
  while (room > 0 && encoder.encode(JSON.stringify(preview)).length > maxBytes - encoder.encode(note).length - 48) {
    room = Math.floor(room * 0.9);
    preview = text.slice(0, room);
  }
  return { truncated: true, note, preview } satisfies TruncatedOutput;
}
