/**
 * The names of the browser's tools in a request body (`ToolChatRequestBody.tools`): what a
 * transport needs to give their calls the static `tool-<name>` part type.
 */
export function requestToolNames(body: unknown): string[] {
  const tools = typeof body === 'object' && body !== null ? (body as { tools?: unknown }).tools : undefined;
  return typeof tools === 'object' && tools !== null ? Object.keys(tools) : [];
}
