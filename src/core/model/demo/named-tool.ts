/**
 * Tools the demo model does not know (an MCP server's, a WebMCP page's), called when the user
 * names one. The rules, deterministic and documented in the README:
 *
 * - A tool is named when the request holds its name, or its name without the connection
 *   prefix (everything before the first `_`), with `_` and `-` read as spaces or as they are:
 *   "use add numbers", "count_slowly", "example_draw_square". The longest name wins.
 * - Its input comes from its JSON Schema: a `{…}` object in the request is the input; else
 *   `key=value` / `key: value` pairs; an enum property takes the first of its values the request
 *   mentions; number properties still missing take the request's numbers in order; string
 *   properties still missing take its quoted texts in order, then the text after the tool's name.
 * - Missing required input is left out: the tool's validation says what is wrong.
 */

/** A tool on offer, as the model sees it. */
export interface OfferedTool {
  name: string;
  description?: string;
  inputSchema: unknown;
}

interface PropertySchema {
  type?: string | string[];
  enum?: unknown[];
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The ways a user may write a tool's name. */
function spellings(name: string): string[] {
  const bare = name.includes('_') ? name.slice(name.indexOf('_') + 1) : undefined;
  // A bare name of one word ("numbers") would match too much: only names of two words or more.
  const forms = [name, ...(bare && /[_-]/.test(bare) ? [bare] : [])];
  return forms.flatMap((form) => [form, form.replace(/[_-]+/g, ' ')]);
}

/** The offered tool the request names, with where its name ends in the request. */
export function findNamedTool(request: string, tools: readonly OfferedTool[]): { tool: OfferedTool; end: number } | undefined {
  let best: { tool: OfferedTool; end: number; length: number } | undefined;
  for (const tool of tools) {
    for (const form of spellings(tool.name)) {
      const match = new RegExp(`(?:^|[^a-zA-Z0-9_])(${escape(form)})(?![a-zA-Z0-9_])`, 'i').exec(request);
      if (!match?.[1] || (best && best.length >= match[1].length)) continue;
      best = { tool, end: match.index + match[0].length, length: match[1].length };
    }
  }
  return best && { tool: best.tool, end: best.end };
}

function properties(schema: unknown): { props: Record<string, PropertySchema>; required: string[] } {
  if (typeof schema !== 'object' || schema === null) return { props: {}, required: [] };
  const { properties: props, required } = schema as { properties?: unknown; required?: unknown };
  return {
    props: typeof props === 'object' && props !== null ? (props as Record<string, PropertySchema>) : {},
    required: Array.isArray(required) ? required.filter((key): key is string => typeof key === 'string') : [],
  };
}

const typeOf = (schema: PropertySchema): string => (Array.isArray(schema.type) ? (schema.type[0] ?? '') : (schema.type ?? ''));

function coerce(text: string, schema: PropertySchema): unknown {
  const kind = typeOf(schema);
  if (kind === 'number' || kind === 'integer') {
    const number = Number(text);
    return Number.isFinite(number) ? number : text;
  }
  if (kind === 'boolean') return /^(?:true|yes|on)$/i.test(text) ? true : /^(?:false|no|off)$/i.test(text) ? false : text;
  return text;
}

function objectIn(request: string): Record<string, unknown> | undefined {
  const start = request.indexOf('{');
  const end = request.lastIndexOf('}');
  if (start < 0 || end <= start) return undefined;
  try {
    const value = JSON.parse(request.slice(start, end + 1)) as unknown;
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

const unquote = (text: string) => text.replace(/^["'“”‘’]|["'“”‘’]$/g, '');

/** The input for a named tool, read from the request by the rules above. */
export function inputFor(request: string, tool: OfferedTool, nameEnd: number): Record<string, unknown> {
  const given = objectIn(request);
  if (given) return given;
  const { props, required } = properties(tool.inputSchema);
  const input: Record<string, unknown> = {};
  const keys = Object.keys(props);

  for (const key of keys) {
    const pair = new RegExp(`\\b${escape(key)}\\s*(?:=|:)\\s*("[^"]*"|'[^']*'|[^\\s,;]+)`, 'i').exec(request);
    if (pair?.[1]) input[key] = coerce(unquote(pair[1]), props[key]!);
  }
  for (const key of keys) {
    const values = props[key]!.enum;
    if (Object.hasOwn(input, key) || !Array.isArray(values)) continue;
    const mentioned = values.find((value) => new RegExp(`\\b${escape(String(value))}\\b`, 'i').test(request));
    if (mentioned !== undefined) input[key] = mentioned;
  }
  const numbers = (request.slice(nameEnd).match(/-?\d+(?:\.\d+)?/g) ?? []).map(Number);
  const usedNumbers = new Set(Object.values(input).filter((value) => typeof value === 'number'));
  const freeNumbers = numbers.filter((number) => !usedNumbers.has(number));
  for (const key of keys) {
    const kind = typeOf(props[key]!);
    if (Object.hasOwn(input, key) || (kind !== 'number' && kind !== 'integer') || freeNumbers.length === 0) continue;
    input[key] = freeNumbers.shift();
  }
  const quoted = [...request.matchAll(/"([^"]*)"|“([^”]*)”/g)].map((match) => match[1] ?? match[2] ?? '');
  const rest = request
    .slice(nameEnd)
    .replace(/^\s*(?:with|for|about|on|to|of|:)?\s*/i, '')
    .replace(/[.?!]+$/, '')
    .trim();
  let restUsed = false;
  for (const key of keys) {
    if (Object.hasOwn(input, key) || typeOf(props[key]!) !== 'string' || props[key]!.enum) continue;
    if (quoted.length > 0) input[key] = quoted.shift();
    else if (!restUsed && rest !== '' && required.includes(key)) {
      input[key] = rest;
      restUsed = true;
    }
  }
  return input;
}
