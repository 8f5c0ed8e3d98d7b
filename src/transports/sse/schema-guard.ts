import type { z } from 'zod';

/** A yes/no check that a value passes a schema, without building the parsed copy or issues. */
export type SchemaGuard = (value: unknown) => boolean;

type Def = { type: string; checks?: unknown[]; coerce?: boolean; [key: string]: unknown };

const cache = new WeakMap<z.ZodType, SchemaGuard | null>();

/**
 * Compiles a guard for the lenient wire schemas: plain strings, numbers and booleans, `unknown`,
 * `nullish`, arrays, unions and `passthrough` objects. For those, zod's output equals its input,
 * so a value the guard accepts can be used as it is: the guard only skips zod's per-event copy and
 * bookkeeping. Anything else (checks, transforms, defaults, stripping objects) gives `undefined`
 * and the caller keeps calling zod, which also stays the one source of error messages.
 */
export function schemaGuard(schema: z.ZodType): SchemaGuard | undefined {
  let guard = cache.get(schema);
  if (guard === undefined) {
    guard = compile(schema) ?? null;
    cache.set(schema, guard);
  }
  return guard ?? undefined;
}

function compile(schema: z.ZodType): SchemaGuard | undefined {
  const def = schema._zod.def as Def;
  if ((def.checks && def.checks.length > 0) || def.coerce) return undefined;
  switch (def.type) {
    case 'string':
      return (v) => typeof v === 'string';
    case 'number':
      return (v) => typeof v === 'number' && Number.isFinite(v);
    case 'boolean':
      return (v) => typeof v === 'boolean';
    case 'unknown':
    case 'any':
      return () => true;
    case 'optional': {
      const inner = compile(def.innerType as z.ZodType);
      return inner && ((v) => v === undefined || inner(v));
    }
    case 'nullable': {
      const inner = compile(def.innerType as z.ZodType);
      return inner && ((v) => v === null || inner(v));
    }
    case 'array': {
      const element = compile(def.element as z.ZodType);
      return element && ((v) => Array.isArray(v) && v.every(element));
    }
    case 'union': {
      const options = (def.options as z.ZodType[]).map(compile);
      if (options.some((o) => o === undefined)) return undefined;
      const guards = options as SchemaGuard[];
      return (v) => guards.some((g) => g(v));
    }
    case 'object':
      return compileObject(def);
    default:
      return undefined;
  }
}

function compileObject(def: Def): SchemaGuard | undefined {
  // Only `passthrough` (catchall unknown) keeps the input's own keys; strip and strict do not.
  const catchall = def.catchall as z.ZodType | undefined;
  if (catchall === undefined || (catchall._zod.def as Def).type !== 'unknown') return undefined;
  const fields: Array<{ key: string; guard: SchemaGuard; required: boolean }> = [];
  for (const [key, field] of Object.entries(def.shape as Record<string, z.ZodType>)) {
    const guard = compile(field);
    if (guard === undefined) return undefined;
    // zod wants the key itself present unless the field is optional, even for `unknown`.
    fields.push({ key, guard, required: field._zod.optin === undefined });
  }
  return (v) => {
    if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
    // zod's copy cannot keep an own `__proto__` key (JSON.parse makes one): let zod decide those.
    if (Object.hasOwn(v, '__proto__')) return false;
    const record = v as Record<string, unknown>;
    for (const { key, guard, required } of fields) {
      const value = record[key];
      if (value === undefined && required && !(key in record)) return false;
      if (!guard(value)) return false;
    }
    return true;
  };
}
