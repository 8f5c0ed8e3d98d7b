import type { UIMessageChunk } from 'ai';

/** A tool input nested deeper than this is refused: the server reads no body past 128 levels. */
export const MAX_INPUT_DEPTH = 64;

/** A tool input larger than this (characters of JSON) is refused: every later request carries it. */
export const MAX_INPUT_CHARS = 1_000_000;

/**
 * Why a tool input cannot stay in the conversation, if it cannot: every later request sends
 * it again, so one the server would refuse to read, or too large to keep sending, would fail
 * every request after it. `json` is the input's JSON text, when it has one.
 */
export function inputLimitProblem(value: unknown, json: string | undefined): string | undefined {
  if (depthExceeds(value, MAX_INPUT_DEPTH)) return TOO_DEEP;
  return json === undefined ? undefined : sizeProblem(json.length);
}

/**
 * {@link inputLimitProblem} for JSON text, before it is parsed: a model's call arrives as text,
 * and text nested thousands of levels deep breaks the AI SDK's own recursive copies of it.
 */
export function inputTextProblem(text: string): string | undefined {
  return textDepthExceeds(text, MAX_INPUT_DEPTH) ? TOO_DEEP : sizeProblem(text.length);
}

const TOO_DEEP = `it is nested deeper than ${MAX_INPUT_DEPTH} levels`;

function sizeProblem(length: number): string | undefined {
  if (length <= MAX_INPUT_CHARS) return undefined;
  return `it is ${length.toLocaleString('en-US')} characters of JSON, over the limit of ${MAX_INPUT_CHARS.toLocaleString('en-US')}`;
}

/**
 * What an input refused before it was parsed becomes (see `toolInputLimitMiddleware`): a JSON
 * string no object schema accepts, so no tool runs with it, that says why.
 */
export const REFUSED_INPUT_PREFIX = 'toolchat refused this input: ';

type InputChunk = Extract<UIMessageChunk, { type: 'tool-input-available' | 'tool-input-error' }>;

/**
 * A call whose input is past the limits, as an input error for that one call with `{}` for
 * its input (the model hears why, and can try again); any other chunk as it is. `json` is the
 * input's JSON text when the caller has it already.
 */
export function withinInputLimits<CHUNK extends UIMessageChunk>(chunk: CHUNK, json?: string): CHUNK | InputChunk {
  if (chunk.type !== 'tool-input-available' && chunk.type !== 'tool-input-error') return chunk;
  const call = chunk as InputChunk;
  const refused = typeof call.input === 'string' && call.input.startsWith(REFUSED_INPUT_PREFIX) ? call.input.slice(REFUSED_INPUT_PREFIX.length) : undefined;
  const problem = refused ?? inputLimitProblem(call.input, json ?? jsonOf(call.input));
  if (!problem) return chunk;
  const { input: _dropped, ...rest } = call;
  const errorText = call.type === 'tool-input-error' && refused === undefined ? call.errorText : `Invalid input for tool "${call.toolName}": ${problem}.`;
  return { ...rest, type: 'tool-input-error', input: {}, errorText };
}

/** The JSON text of a value, or `undefined` when it has none or `JSON.stringify` throws (too deep). */
export function jsonOf(value: unknown): string | undefined {
  try {
    return JSON.stringify(value);
  } catch {
    return undefined;
  }
}

/** Whether objects and arrays nest deeper than `limit`. Iterative, so any depth is fine. */
export function depthExceeds(value: unknown, limit: number): boolean {
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (typeof node !== 'object' || node === null) continue;
    if (depth > limit) return true;
    for (const child of Array.isArray(node) ? node : Object.values(node)) {
      if (typeof child === 'object' && child !== null) stack.push([child, depth + 1]);
    }
  }
  return false;
}

/** Whether JSON text nests objects and arrays deeper than `limit` (brackets in strings aside). */
function textDepthExceeds(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === 0x5c) i++; // a backslash escapes the next character
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) {
      inString = true;
    } else if (code === 0x7b || code === 0x5b) {
      if (++depth > limit) return true;
    } else if (code === 0x7d || code === 0x5d) {
      depth--;
    }
  }
  return false;
}
