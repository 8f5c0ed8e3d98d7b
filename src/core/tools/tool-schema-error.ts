// Its own module: apps compare with it (`instanceof`), so it is one class wherever the check
// that makes it is loaded from.

/** A tool left out of what the model is told, because the handler would refuse its definition. */
export class ToolSchemaError extends Error {
  override readonly name = 'ToolSchemaError';
  /** The tool's name. */
  readonly toolName: string;

  constructor(toolName: string, message: string) {
    super(`${message}. The tool is left out of the chat's requests.`);
    this.toolName = toolName;
  }
}
