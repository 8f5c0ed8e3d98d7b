import type { ToolSet } from './define-tool';
import { checkedToolSchemas } from './tool-schemas';
import type { ToolChatRequestBody } from './types';

/**
 * What a request body needs for `createChatHandler` (or a route reading it with
 * `readChatRequest`) to offer the model your browser tools: `{ tools }`, each tool's description
 * and JSON Schema, converted and checked as toolchat's own client does it. For another client
 * of the route, such as the AI SDK's `useChat`: pass it as its transport's `body`. With
 * `toolsDisabled`, the body of a forced final round (`{ toolsDisabled: true }`): no tools.
 * Throws a `ToolSchemaError` naming a tool the handler would refuse (an unknown `type`, too
 * deep, too large), rather than send a request that gets a `400`.
 *
 * @example
 * const transport = new DefaultChatTransport({ api: '/api/chat', body: () => toolsRequestBody(tools) });
 */
export function toolsRequestBody(tools: ToolSet, options: { toolsDisabled?: boolean } = {}): Pick<ToolChatRequestBody, 'tools' | 'toolsDisabled'> {
  if (options.toolsDisabled) return { toolsDisabled: true };
  const { schemas, rejected } = checkedToolSchemas(tools);
  if (rejected[0]) throw rejected[0];
  return { tools: schemas };
}
