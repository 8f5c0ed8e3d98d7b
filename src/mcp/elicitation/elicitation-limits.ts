/** Fields of one question at most. */
export const MAX_ELICITATION_FIELDS = 30;
/** Choices of one field at most. */
export const MAX_ELICITATION_CHOICES = 200;
/** Characters of the message, a title or a description at most. */
export const MAX_ELICITATION_TEXT = 2000;
/** The whole question, as JSON, at most (bytes of UTF-16 text, near enough). */
export const MAX_ELICITATION_JSON = 64 * 1024;

/**
 * Why a form-mode question is too big to show (an endless schema from a hostile server), or
 * `undefined`. The SDK has already checked its shape: a flat object of primitive fields.
 */
export function elicitationProblem(message: string, schema: { properties: Record<string, unknown> }): string | undefined {
  if (message.length > MAX_ELICITATION_TEXT) return `its message is ${message.length} characters long (at most ${MAX_ELICITATION_TEXT})`;
  const size = JSON.stringify(schema).length;
  if (size > MAX_ELICITATION_JSON) return `its schema is ${Math.round(size / 1024)} KB of JSON (at most ${MAX_ELICITATION_JSON / 1024} KB)`;
  const names = Object.keys(schema.properties);
  if (names.length === 0) return 'its schema asks for no field';
  if (names.length > MAX_ELICITATION_FIELDS) return `its schema has ${names.length} fields (at most ${MAX_ELICITATION_FIELDS})`;
  for (const name of names) {
    if (name.length > 200) return `a field's name is ${name.length} characters long`;
    const field = schema.properties[name] as { title?: unknown; description?: unknown; enum?: unknown; oneOf?: unknown; anyOf?: unknown; items?: { enum?: unknown; anyOf?: unknown } };
    for (const text of [field.title, field.description]) {
      if (typeof text === 'string' && text.length > MAX_ELICITATION_TEXT) return `the field "${name.slice(0, 40)}" has a text of ${text.length} characters (at most ${MAX_ELICITATION_TEXT})`;
    }
    for (const choices of [field.enum, field.oneOf, field.anyOf, field.items?.enum, field.items?.anyOf]) {
      if (Array.isArray(choices) && choices.length > MAX_ELICITATION_CHOICES) return `the field "${name.slice(0, 40)}" offers ${choices.length} choices (at most ${MAX_ELICITATION_CHOICES})`;
    }
  }
  return undefined;
}

const FIELD_TYPES = new Set(['string', 'number', 'integer', 'boolean', 'array']);

/**
 * What makes a question's parameters other than MCP's restricted form, in a sentence: for a
 * server that sent a nested object, a list of objects, or no schema at all.
 */
export function schemaShapeProblem(params: unknown): string {
  const { message, requestedSchema: schema } = (params ?? {}) as { message?: unknown; requestedSchema?: { type?: unknown; properties?: unknown } };
  if (typeof message !== 'string') return 'it has no message';
  if (typeof schema !== 'object' || schema === null || schema.type !== 'object') return 'its schema is not an object of fields';
  const properties = schema.properties;
  if (typeof properties !== 'object' || properties === null) return 'its schema lists no fields';
  for (const [name, field] of Object.entries(properties)) {
    const type = (field as { type?: unknown } | null)?.type;
    if (typeof type !== 'string' || !FIELD_TYPES.has(type)) {
      return `the field "${name.slice(0, 40)}" is of type ${JSON.stringify(type ?? null)?.slice(0, 40)}: a question's fields are strings, numbers, booleans or choices`;
    }
  }
  return "its schema is not MCP's restricted form (flat fields: strings, numbers, booleans or choices)";
}
