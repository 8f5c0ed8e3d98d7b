import type * as z from 'zod';

/** The most characters of any one thing from outside (a client, a remote server) that an error message repeats. */
export const CLIENT_TEXT_LIMIT = 32;

/** `text` quoted for an error message, cut to {@link CLIENT_TEXT_LIMIT} characters. */
export function quoteClientText(text: string): string {
  if (text.length <= CLIENT_TEXT_LIMIT) return JSON.stringify(text);
  return `${JSON.stringify(text.slice(0, CLIENT_TEXT_LIMIT))}… (${text.length} characters)`;
}

/** Issues shown per error message; the rest are counted. */
const MAX_ISSUES = 3;

/**
 * zod issues as one line — `messages[0].parts[1].text: Invalid input: expected string, received
 * number` — where keys and messages that come from the client are cut short. (zod's own
 * `prettifyError`, and the AI SDK's validation errors, repeat what they were given.)
 */
export function formatIssues(issues: readonly z.core.$ZodIssue[], path: readonly PropertyKey[] = []): string {
  const leaves = issues.flatMap((issue) => leafIssues(issue, path));
  const shown = leaves.slice(0, MAX_ISSUES).map(({ issue, path }) => {
    const where = formatPath(path);
    return `${where ? `${where}: ` : ''}${issueMessage(issue)}`;
  });
  const more = leaves.length - shown.length;
  return `${shown.join('; ')}${more > 0 ? ` (and ${more} more)` : ''}`;
}

/**
 * A union's issue says only "Invalid input": go into the branch that the value nearly matched
 * (the one not refused for its type at the union itself).
 */
function leafIssues(issue: z.core.$ZodIssue, base: readonly PropertyKey[]): { issue: z.core.$ZodIssue; path: PropertyKey[] }[] {
  const path = [...base, ...issue.path];
  if (issue.code === 'invalid_union' && issue.errors.length > 0) {
    const near = issue.errors.filter((branch) => !branch.every((inner) => inner.code === 'invalid_type' && inner.path.length === 0));
    if (near.length === 1) return near[0]!.flatMap((inner) => leafIssues(inner, path));
  }
  return [{ issue, path }];
}

function issueMessage(issue: z.core.$ZodIssue): string {
  if (issue.code === 'unrecognized_keys') {
    return `unrecognized key${issue.keys.length > 1 ? 's' : ''} ${issue.keys.slice(0, MAX_ISSUES).map(quoteClientText).join(', ')}`;
  }
  return issue.message.length > 100 ? `${issue.message.slice(0, 100)}…` : issue.message;
}

/** `tools["my tool"].inputSchema.properties[0]`, each key cut short. */
export function formatPath(path: readonly PropertyKey[]): string {
  let text = '';
  for (const segment of path) {
    if (typeof segment === 'number') text += `[${segment}]`;
    else {
      const key = String(segment);
      text += /^[A-Za-z_$][\w$]{0,31}$/.test(key) ? `${text ? '.' : ''}${key}` : `[${quoteClientText(key)}]`;
    }
  }
  return text;
}
