/** Past this many characters of a name still open, the marker is left to finish first. */
const MAX_NAME_LENGTH = 256;

function skipWhitespace(text: string, i: number): number {
  while (i < text.length && /\s/.test(text.charAt(i))) i++;
  return i;
}

/**
 * The tool a marker names before its JSON is complete: models write `{"toolName":"x", …}` with
 * the name first, so a card can name its tool while the parameters stream. `undefined` while
 * more text may still tell; `null` when the marker does not start that way (its call or error
 * then tells the name at its end). Reads only the start of the marker: cheap to ask per delta.
 */
export function leadingToolName(marker: string): string | null | undefined {
  const json = marker.slice(marker.indexOf('{') + 1);
  let i = skipWhitespace(json, 0);
  for (const expected of '"toolName"') {
    if (i === json.length) return undefined;
    if (json.charAt(i++) !== expected) return null;
  }
  i = skipWhitespace(json, i);
  if (i === json.length) return undefined;
  if (json.charAt(i++) !== ':') return null;
  i = skipWhitespace(json, i);
  if (i === json.length) return undefined;
  if (json.charAt(i) !== '"') return null;
  let escaped = false;
  for (let j = i + 1; j < json.length; j++) {
    const char = json.charAt(j);
    if (escaped) escaped = false;
    else if (char === '\\') escaped = true;
    else if (char === '"') {
      try {
        const name = JSON.parse(json.slice(i, j + 1)) as string;
        return name.trim() === '' ? null : name;
      } catch {
        return null;
      }
    }
  }
  return json.length - i > MAX_NAME_LENGTH ? null : undefined;
}
