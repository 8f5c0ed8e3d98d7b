/** Messages of the error results the model reads; stable, so prompts and tests may rely on them. */
export const toolErrorMessages = {
  unknownTool: (toolName: string) => `Tool "${toolName}" is not available`,
  noExecute: (toolName: string) => `Tool "${toolName}" has no execute function`,
  invalidInput: (toolName: string, issues: string) => `Invalid input for tool "${toolName}": ${issues}`,
  timedOut: (toolName: string, ms: number) => `Tool "${toolName}" timed out after ${ms} ms`,
  cancelled: (toolName: string) => `Tool "${toolName}" was cancelled by the user`,
  denied: (toolName: string, reason?: string) =>
    `The user denied running tool "${toolName}"${reason ? `: ${reason}` : ''}`,
  deniedByPolicy: (toolName: string, reason?: string) =>
    `The app's approval policy denied running tool "${toolName}"${reason ? `: ${reason}` : ''}`,
  approvalExpired: (toolName: string) => `Tool "${toolName}" was not run: nobody answered its approval request in time`,
  /** Said with the result of a call the user edited before it ran. */
  edited: (toolName: string) => `The user edited the arguments of this call of tool "${toolName}" before approving it: it ran with the arguments shown, not the ones you wrote`,
};

/** Whether an error result is the one a call the user stopped gets (`toolErrorMessages.cancelled`). */
export const isCancelledError = (errorText: string): boolean => errorText.startsWith('Tool "') && errorText.endsWith('" was cancelled by the user');
/**
 * The reason on the approval of a call nobody answered in time (`approvalTimeoutMs`), browser or
 * server tool: a part denied with it reads as expired.
 */
export const APPROVAL_EXPIRED_REASON = 'Nobody answered the approval request in time.';

/** The reason on an approval one of the user's grants gave ("Always allow", "Allow for this chat"). */
export const APPROVAL_GRANTED_REASON = 'Allowed by the user’s grant.';

/** The reason on a server tool's approval that Stop (or the user's next message) ended unanswered. */
export const APPROVAL_CANCELLED_REASON = 'Cancelled by the user.';

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
