/** Why a value cannot be used as tool input without touching a prototype. */
export const FORBIDDEN_KEY_MESSAGE = 'it has a "__proto__" or "constructor.prototype" key, which could change object prototypes';

/**
 * Whether a parsed JSON value holds a key that would reach a prototype when copied into an
 * object (`__proto__`, or `constructor` with a `prototype`). Iterative, so any depth is fine.
 */
export function hasForbiddenKey(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const node = stack.pop();
    if (typeof node !== 'object' || node === null) continue;
    if (Object.hasOwn(node, '__proto__')) return true;
    const constructor = Object.hasOwn(node, 'constructor') ? (node as { constructor: unknown }).constructor : undefined;
    if (typeof constructor === 'object' && constructor !== null && Object.hasOwn(constructor, 'prototype')) return true;
    for (const key of Object.keys(node)) stack.push((node as Record<string, unknown>)[key]);
  }
  return false;
}

/** JSON text as tool input: parsed, or why it cannot be (bad JSON, a key that reaches a prototype). */
export function parseToolInputJson(text: string): { ok: true; value: unknown } | { ok: false; message: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
  return mayReachPrototype(text) && hasForbiddenKey(value) ? { ok: false, message: FORBIDDEN_KEY_MESSAGE } : { ok: true, value };
}

/**
 * Whether JSON text could hold such a key at all (also spelled with `\u` escapes): most text
 * cannot, and is not walked.
 */
export function mayReachPrototype(text: string): boolean {
  return /"(?:_|\\u005[fF]){2}|"(?:c|\\u0063)(?:o|\\u006[fF])(?:n|\\u006[eE])/.test(text);
}

/** A copy of parsed JSON without the keys that reach a prototype, to show what the model sent. */
export function withoutForbiddenKeys(value: unknown): unknown {
  try {
    return JSON.parse(JSON.stringify(value) ?? 'null', (key, item: unknown) =>
      key === '__proto__' || (key === 'constructor' && typeof item === 'object' && item !== null && Object.hasOwn(item, 'prototype')) ? undefined : item,
    );
  } catch {
    return {};
  }
}
