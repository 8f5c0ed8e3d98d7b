import type { JSONSchemaDefinition, JSONSchemaKeywords, ToolClient, ToolClientParameter, ToolSchemas } from '../tools/types';

export type { JSONSchemaDefinition, ToolClient, ToolClientParameter };

type SchemaKeywords = JSONSchemaKeywords;

/**
 * Describes tools in the legacy `toolClients` format (one entry per top-level property of each
 * tool's input schema), so a backend written for the legacy component works unchanged.
 *
 * @example
 * toToolClients({ getWeather: { description: 'Weather', inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } } });
 * // [{ name: 'getWeather', description: 'Weather', parameters: [{ name: 'city', type: 'string', description: '', isRequired: true, schema: { type: 'string' } }] }]
 */
export function toToolClients(tools: ToolSchemas): ToolClient[] {
  return Object.entries(tools).map(([name, tool]) => {
    const inputSchema = tool.inputSchema as SchemaKeywords;
    const required = new Set(inputSchema.required ?? []);
    return {
      name,
      description: tool.description ?? inputSchema.description ?? '',
      parameters: Object.entries(inputSchema.properties ?? {}).map(([parameter, schema]) => ({
        name: parameter,
        type: typeOf(schema),
        description: typeof schema === 'object' ? ((schema as SchemaKeywords).description ?? '') : '',
        isRequired: required.has(parameter),
        schema,
      })),
    };
  });
}

function typeOf(definition: JSONSchemaDefinition): string {
  if (typeof definition === 'boolean') return 'any';
  const schema = definition as SchemaKeywords;
  if (typeof schema.type === 'string') return schema.type;
  // A nullable type (`["string", "null"]`) is its non-null type; the backend sees `isRequired`.
  if (Array.isArray(schema.type)) return schema.type.find((type: string) => type !== 'null') ?? schema.type[0] ?? 'any';
  if (schema.const !== undefined) return jsonType(schema.const);
  if (schema.enum?.length) return jsonType(schema.enum[0]);
  const branch = schema.anyOf ?? schema.oneOf;
  if (branch) {
    const types = branch.map(typeOf).filter((type: string) => type !== 'null' && type !== 'any');
    if (types.length > 0 && types.every((type: string) => type === types[0])) return types[0] ?? 'any';
  }
  if (schema.properties) return 'object';
  if (schema.items) return 'array';
  return 'any';
}

function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value === 'object' ? 'object' : typeof value;
}
