import type { JSONSchemaDefinition, JSONSchemaKeywords } from '../tools/types';

type SchemaKeywords = JSONSchemaKeywords;

/** Deeper than this, a schema is written `object` / `any`: a prompt line, not a schema dump. */
const MAX_DEPTH = 3;

/**
 * A tool's parameters as a TypeScript-like signature, the tersest form models read well:
 * `(city: string, unit?: "celsius" | "fahrenheit")`. Descriptions and constraints are left out.
 */
export function parameterSignature(schema: JSONSchemaDefinition): string {
  if (typeof schema === 'boolean') return '(…)';
  const { properties } = schema as SchemaKeywords;
  if (!properties) return `(${typeOf(schema, 0) === 'object' ? '' : '…'})`;
  return `(${fields(schema as SchemaKeywords, 0)})`;
}

function fields(schema: SchemaKeywords, depth: number): string {
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties ?? {})
    .map(([name, property]) => `${/^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name)}${required.has(name) ? '' : '?'}: ${typeOf(property, depth + 1)}`)
    .join(', ');
}

function typeOf(definition: JSONSchemaDefinition, depth: number): string {
  if (typeof definition === 'boolean') return definition ? 'any' : 'never';
  const schema = definition as SchemaKeywords;
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.enum?.length) return schema.enum.map((value) => JSON.stringify(value)).join(' | ');
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches?.length) return union(branches.map((branch) => typeOf(branch, depth)));
  if (Array.isArray(schema.type)) return union(schema.type.map((type) => typeOf({ ...schema, type }, depth)));
  switch (schema.type) {
    case 'string':
    case 'number':
    case 'integer':
    case 'boolean':
    case 'null':
      return schema.type;
    case 'array': {
      const items = Array.isArray(schema.items) ? undefined : schema.items;
      if (items === undefined || depth >= MAX_DEPTH) return 'any[]';
      const item = typeOf(items, depth + 1);
      return item.includes(' ') ? `(${item})[]` : `${item}[]`;
    }
    default:
      if (schema.properties && depth < MAX_DEPTH) return `{ ${fields(schema, depth)} }`;
      return schema.type === 'object' || schema.properties ? 'object' : 'any';
  }
}

function union(types: string[]): string {
  return [...new Set(types)].join(' | ');
}
