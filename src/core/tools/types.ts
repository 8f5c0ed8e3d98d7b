import type { JSONSchema7 } from 'ai';

/** A tool call as the executor receives it: from the model, natively or through a `###:` marker. */
export interface ToolCall {
  toolCallId: string;
  toolName: string;
  input: unknown;
}

/** Exactly one result per call, with the call's id. A failure is data the model can read. */
export type ToolCallResult =
  | { toolCallId: string; toolName: string; ok: true; output: unknown }
  | { toolCallId: string; toolName: string; ok: false; error: string };

/** What the client tells the model about one tool: everything but `execute`. */
export interface ToolSchema {
  description?: string;
  inputSchema: JSONSchema7;
}

/** The client's tools, keyed by name, as sent in each request body. */
export type ToolSchemas = Record<string, ToolSchema>;

/**
 * The part of every request body that toolchat adds: the tools' JSON Schemas, and whether the
 * model may call them this round (false on the forced final round).
 */
export interface ToolChatRequestBody {
  tools?: ToolSchemas;
  /** `true` on the forced final round: the model must answer in text. */
  toolsDisabled?: boolean;
  /**
   * The same tools in the legacy `toolClients` format, for backends written for the legacy
   * component (sent with `legacyToolClients: true`).
   */
  toolClients?: ToolClient[];
}

/** A JSON Schema, or `true` / `false` (anything / nothing). */
export type JSONSchemaDefinition = { [keyword: string]: unknown } | boolean;

/** The keywords toolchat reads of a tool's JSON Schema (its types are not installed, so spelled out). */
export interface JSONSchemaKeywords {
  type?: string | string[];
  description?: string;
  properties?: Record<string, JSONSchemaDefinition>;
  required?: string[];
  const?: unknown;
  enum?: unknown[];
  anyOf?: JSONSchemaDefinition[];
  oneOf?: JSONSchemaDefinition[];
  items?: JSONSchemaDefinition | JSONSchemaDefinition[];
}

/** One parameter of a tool in the legacy `toolClients` format. */
export interface ToolClientParameter {
  name: string;
  /** The JSON Schema type (`string`, `number`, `integer`, `boolean`, `object`, `array`, `null`), or `any`. */
  type: string;
  description: string;
  isRequired: boolean;
  /** The parameter's own JSON Schema. */
  schema: JSONSchemaDefinition;
}

/** A tool as backends written for the legacy component expect it. */
export interface ToolClient {
  name: string;
  description: string;
  parameters: ToolClientParameter[];
}
