import { uiMessageChunkSchema, type UIMessageChunk } from 'ai';
import { FORBIDDEN_KEY_MESSAGE, hasForbiddenKey, mayReachPrototype } from '../tools/safe-json';

let schema: ReturnType<typeof uiMessageChunkSchema> | undefined;
/** The AI SDK's own chunk schema, built once on first use. */
function chunkSchema(): ReturnType<typeof uiMessageChunkSchema> {
  schema ??= uiMessageChunkSchema();
  return schema;
}

/**
 * One SSE event's data as a chunk, checked by the AI SDK's schema; a key that reaches a
 * prototype is dropped, and a tool call whose input had one becomes an input error for that call.
 */
export async function readChunk(data: string): Promise<UIMessageChunk> {
  const { value, stripped } = parseChunk(data);
  const result = await chunkSchema().validate?.(value);
  if (result && !result.success) throw result.error;
  const chunk = (result ? result.value : value) as UIMessageChunk;
  return stripped ? refuseToolInput(chunk) : chunk;
}

/** JSON without keys that reach a prototype; `stripped` says whether any were removed. */
function parseChunk(text: string): { value: unknown; stripped: boolean } {
  const plain: unknown = JSON.parse(text);
  if (!mayReachPrototype(text) || !hasForbiddenKey(plain)) return { value: plain, stripped: false };
  let stripped = false;
  const value: unknown = JSON.parse(text, (key, item: unknown) => {
    const reachesPrototype =
      key === '__proto__' || (key === 'constructor' && typeof item === 'object' && item !== null && Object.hasOwn(item, 'prototype'));
    if (!reachesPrototype) return item;
    stripped = true;
    return undefined;
  });
  return { value, stripped };
}

/** A call whose input lost a key cannot run as the model meant it: it fails, readably. */
function refuseToolInput(chunk: UIMessageChunk): UIMessageChunk {
  if (chunk.type !== 'tool-input-available') return chunk;
  return { ...chunk, type: 'tool-input-error', errorText: `Invalid input for tool "${chunk.toolName}": ${FORBIDDEN_KEY_MESSAGE}.` };
}
