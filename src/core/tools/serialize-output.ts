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

/** Nesting deeper than this is cut: a structure thousands of levels deep would overflow the stack. */
export const MAX_OUTPUT_DEPTH = 64;

/** Values past this many are cut, so converting a huge structure cannot take unbounded time. */
const MAX_OUTPUT_VALUES = 200_000;

/**
 * A JSON value for any output, and it never throws: `undefined` → `null`, `Error` →
 * `{ name, message }` (never a stack), `Date` → ISO text, `Map` → entries, `Set` → array,
 * `BigInt` → text, functions and symbols dropped (in arrays: `null`, as `JSON.stringify` does).
 * What cannot be converted is replaced by a string saying what was there and why:
 * `"[Circular]"` for a repeated reference on the current path, `"[Unserializable: …]"` for a
 * getter, `toJSON` or proxy trap that throws, `"[Truncated: …]"` past 64 levels of nesting or
 * 200,000 values.
 */
export function toJsonValue(value: unknown): unknown {
  return convert(value, { path: new Set(), depth: 0, values: 0 });
}

interface Walk {
  path: Set<object>;
  depth: number;
  values: number;
}

function convert(value: unknown, walk: Walk): unknown {
  if (++walk.values > MAX_OUTPUT_VALUES) return `[Truncated: more than ${MAX_OUTPUT_VALUES} values]`;
  switch (typeof value) {
    case 'undefined':
    case 'function':
    case 'symbol':
      return null;
    case 'bigint':
      return value.toString();
    case 'number':
      // As JSON has it: no -0, no NaN or Infinity.
      return Number.isFinite(value) ? value + 0 : null;
    case 'string':
    case 'boolean':
      return value;
  }
  if (value === null) return null;
  const object = value as object;
  if (walk.path.has(object)) return '[Circular]';
  if (walk.depth >= MAX_OUTPUT_DEPTH) return `[Truncated: nested deeper than ${MAX_OUTPUT_DEPTH} levels]`;
  walk.path.add(object);
  walk.depth++;
  try {
    return convertObject(object, walk);
  } catch (error) {
    // A proxy whose traps throw, a revoked proxy, a throwing `toJSON` or iterator.
    return unserializable(error);
  } finally {
    walk.depth--;
    walk.path.delete(object);
  }
}

function convertObject(object: object, walk: Walk): unknown {
  if (object instanceof Date) return Number.isNaN(object.getTime()) ? null : object.toISOString();
  if (object instanceof Error) return { name: String(object.name), message: String(object.message) };
  const toJSON = (object as { toJSON?: unknown }).toJSON;
  if (typeof toJSON === 'function') {
    const json: unknown = toJSON.call(object);
    // `toJSON` returning its own object would loop forever.
    return json === object ? '[Circular]' : convert(json, walk);
  }
  if (object instanceof Map) return [...object].map(([key, item]) => [convert(key, walk), convert(item, walk)]);
  if (object instanceof Set) return [...object].map((item) => convert(item, walk));
  if (Array.isArray(object)) return object.map((item) => convert(item, walk));
  if (ArrayBuffer.isView(object)) return `[${object.constructor.name} of ${object.byteLength} bytes]`;
  const result: Record<string, unknown> = {};
  for (const key of Object.keys(object)) {
    let item: unknown;
    try {
      item = (object as Record<string, unknown>)[key];
    } catch (error) {
      item = unserializable(error);
    }
    if (item === undefined || typeof item === 'function' || typeof item === 'symbol') continue;
    const converted = convert(item, walk);
    // A key named `__proto__` stays data: assigned, it would set the result's prototype.
    if (key === '__proto__') Object.defineProperty(result, key, { value: converted, enumerable: true, writable: true, configurable: true });
    else result[key] = converted;
  }
  return result;
}

function unserializable(error: unknown): string {
  let reason: string;
  try {
    reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  } catch {
    reason = 'an error that cannot be shown';
  }
  return `[Unserializable: ${reason}]`;
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
