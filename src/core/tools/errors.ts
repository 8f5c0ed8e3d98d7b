/** Messages of the error results the model reads; stable, so prompts and tests may rely on them. */
export const toolErrorMessages = {
  unknownTool: (toolName: string) => `Tool "${toolName}" is not available`,
  noExecute: (toolName: string) => `Tool "${toolName}" has no execute function`,
  invalidInput: (toolName: string, issues: string) => `Invalid input for tool "${toolName}": ${issues}`,
  timedOut: (toolName: string, ms: number) => `Tool "${toolName}" timed out after ${ms} ms`,
  cancelled: (toolName: string) => `Tool "${toolName}" was cancelled by the user`,
  denied: (toolName: string, reason?: string) =>
    `The user denied running tool "${toolName}"${reason ? `: ${reason}` : ''}`,
};

/** Whether an error result is the one a call the user stopped gets (`toolErrorMessages.cancelled`). */
export const isCancelledError = (errorText: string): boolean => errorText.startsWith('Tool "') && errorText.endsWith('" was cancelled by the user');

/** The message of anything thrown, never its stack. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  if (typeof error === 'string') return error;
  // Errors of another realm (a frame's, jsdom's DOMException) fail `instanceof Error`.
  if (typeof error === 'object' && error !== null && typeof (error as { message?: unknown }).message === 'string') {
    const { message, name } = error as { message: string; name?: unknown };
    return message || (typeof name === 'string' ? name : 'Error');
  }
  try {
    return JSON.stringify(error) ?? String(error);
  } catch {
    return String(error);
  }
}
