import type { StandardSchemaV1 } from '@standard-schema/spec';
import type { Schema } from 'ai';
import type * as z from 'zod';
import { isPromiseLike } from './promise-like';

/**
 * What a tool's `inputSchema` may be: a zod schema, a JSON Schema made with `jsonSchema()` from
 * `ai` (validated by its `validate` when it has one), or any Standard Schema (valibot, ArkType…;
 * its JSON Schema comes from `~standard.jsonSchema` when the library provides one).
 */
export type ToolInputSchema<INPUT = unknown> = z.ZodType<INPUT> | Schema<INPUT> | StandardSchemaV1<unknown, INPUT>;

/** The input `execute` receives for a schema: what the schema outputs after validation. */
export type InferToolInput<SCHEMA> =
  SCHEMA extends z.ZodType
    ? z.output<SCHEMA>
    : SCHEMA extends StandardSchemaV1
      ? StandardSchemaV1.InferOutput<SCHEMA>
      : SCHEMA extends Schema<infer INPUT>
        ? INPUT
        : never;

/** The outcome of {@link validateToolInput}: the validated input, or what is wrong with it. */
export type ToolInputValidation = { success: true; value: unknown } | { success: false; message: string };

// `ai` marks its schemas with this registered symbol (`jsonSchema()`, `zodSchema()`, `asSchema()`).
const AI_SCHEMA = Symbol.for('vercel.ai.schema');

export type Kind =
  | { kind: 'zod'; schema: z.ZodType }
  | { kind: 'ai'; schema: Schema<unknown> }
  | { kind: 'standard'; schema: StandardSchemaV1 }
  | { kind: 'unknown' };

/** Which kind of schema it is: validation and the JSON Schema each read it their way. @internal */
export function classify(schema: unknown): Kind {
  if ((typeof schema !== 'object' && typeof schema !== 'function') || schema === null) return { kind: 'unknown' };
  if ('_zod' in schema) return { kind: 'zod', schema: schema as z.ZodType };
  if ((schema as Record<symbol, unknown>)[AI_SCHEMA] === true) return { kind: 'ai', schema: schema as Schema<unknown> };
  const standard = (schema as Partial<StandardSchemaV1>)['~standard'];
  if (typeof standard === 'object' && standard !== null && typeof standard.validate === 'function') {
    return { kind: 'standard', schema: schema as StandardSchemaV1 };
  }
  return { kind: 'unknown' };
}

const NOT_A_SCHEMA =
  'its inputSchema is not a zod schema, a JSON Schema made with jsonSchema() from "ai", or a Standard Schema';

/**
 * zod's own layout for issues (`z.prettifyError`): `✖ message` and `  → at path`, the shortest
 * paths first. Written here rather than imported: the loop validates inputs from its lazy chunk,
 * and a runtime import of zod there makes Rolldown split zod out of an app's first chunk.
 */
export function formatIssues(issues: ReadonlyArray<StandardSchemaV1.Issue>): string {
  if (issues.length === 0) return '✖ Invalid input';
  const lines: string[] = [];
  for (const issue of [...issues].sort((a, b) => (a.path ?? []).length - (b.path ?? []).length)) {
    lines.push(`✖ ${issue.message}`);
    if (issue.path?.length) lines.push(`  → at ${dotPath(issue.path)}`);
  }
  return lines.join('\n');
}

/** A path as zod writes it: `items[0].name`, `["a b"]`. */
function dotPath(path: ReadonlyArray<PropertyKey | StandardSchemaV1.PathSegment>): string {
  let out = '';
  for (const item of path) {
    const segment = typeof item === 'object' ? item.key : item;
    if (typeof segment === 'number') out += `[${segment}]`;
    else if (typeof segment === 'symbol') out += `[${JSON.stringify(String(segment))}]`;
    else if (/[^\w$]/.test(segment)) out += `[${JSON.stringify(segment)}]`;
    else out += out === '' ? segment : `.${segment}`;
  }
  return out;
}

function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  return typeof error === 'string' ? error : 'Invalid input';
}

/** The public `validateToolInput` (`execute-tool-calls.ts`) once loaded. */
export async function validateToolInput(tool: { inputSchema?: unknown }, input: unknown): Promise<ToolInputValidation> {
  return validateToolInputNow(tool, input);
}

/**
 * {@link validateToolInput}, synchronously whenever the schema validates synchronously (zod
 * without async refinements, most Standard Schemas), so the loop can decide about approval in
 * the same task the call arrives in; a Promise otherwise. Never throws or rejects.
 */
export function validateToolInputNow(
  tool: { inputSchema?: unknown },
  input: unknown,
): ToolInputValidation | Promise<ToolInputValidation> {
  const failed = (error: unknown): ToolInputValidation => ({ success: false, message: `its input schema failed: ${messageOf(error)}` });
  try {
    const kind = classify(tool.inputSchema);
    switch (kind.kind) {
      case 'zod': {
        const fromZod = (parsed: z.ZodSafeParseResult<unknown>): ToolInputValidation =>
          parsed.success ? { success: true, value: parsed.data } : { success: false, message: formatIssues(parsed.error.issues) };
        let parsed: z.ZodSafeParseResult<unknown>;
        try {
          parsed = kind.schema.safeParse(input);
        } catch {
          // Async refinements cannot run synchronously: zod says so by throwing. Whatever threw,
          // the async parse gives the answer (or the failure) the caller gets either way.
          return kind.schema.safeParseAsync(input).then(fromZod, failed);
        }
        return fromZod(parsed);
      }
      case 'ai': {
        if (typeof kind.schema.validate !== 'function') return { success: true, value: input };
        const fromAi = (result: Awaited<ReturnType<NonNullable<Schema<unknown>['validate']>>>): ToolInputValidation =>
          result.success ? { success: true, value: result.value } : { success: false, message: messageOf(result.error) };
        const result = kind.schema.validate(input);
        return isPromiseLike(result) ? Promise.resolve(result).then(fromAi, failed) : fromAi(result);
      }
      case 'standard': {
        const fromStandard = (result: StandardSchemaV1.Result<unknown>): ToolInputValidation =>
          result.issues === undefined ? { success: true, value: result.value } : { success: false, message: formatIssues(result.issues) };
        const result = kind.schema['~standard'].validate(input);
        return isPromiseLike(result) ? Promise.resolve(result).then(fromStandard, failed) : fromStandard(result);
      }
      case 'unknown':
        return { success: false, message: NOT_A_SCHEMA };
    }
  } catch (error) {
    return failed(error);
  }
}
