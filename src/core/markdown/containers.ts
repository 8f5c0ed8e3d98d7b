/**
 * Lines that open too many lists or quotes for micromark. Its work grows with the square of
 * the containers one line opens (8,000 characters of `-  ` take 14 s), so such text is not
 * given to it: the Markdown renderer shows the block as plain text, and a `###:` marker after
 * such a line is text. Real answers nest a few levels; 32 leaves room for any of them.
 */

/** The most lists and quotes one line may open and still be read as Markdown. */
export const MAX_CONTAINERS = 32;

// At a line start, more than MAX_CONTAINERS list or quote markers in a row, each after its
// blanks. A marker never matches a blank, so the blanks split one way only: no backtracking.
const TOO_MANY = new RegExp(`(?:^|\\n)(?:[ \\t]*(?:>|(?:[-+*]|\\d{1,9}[.)])(?=[ \\t\\n]|$))){${MAX_CONTAINERS + 1}}`);

/** Whether a line of `text` opens more than {@link MAX_CONTAINERS} lists or quotes. */
export function opensTooManyContainers(text: string): boolean {
  return TOO_MANY.test(text);
}
