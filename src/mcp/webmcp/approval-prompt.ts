/** Characters of the input a confirm prompt shows; the rest is cut with "…". */
export const PROMPT_INPUT_CHARS = 200;

// Bidi controls (embeddings, overrides, isolates, marks): text from an agent could reorder what
// the user reads around it ("allow" shown where "deny" is written), so none of its own survive.
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;
// Line breaks and other C0/C1 controls would lay out the prompt for the agent.
const CONTROLS = /[\u0000-\u001F\u007F-\u009F]/g;
const FIRST_STRONG_ISOLATE = '\u2068';
const POP_DIRECTIONAL_ISOLATE = '\u2069';

/** Text from outside, for a prompt: its controls out, cut to `max` characters, set apart from the text around it. */
export function isolatedText(text: string, max: number): string {
  const clean = text.replace(BIDI_CONTROLS, '').replace(CONTROLS, ' ');
  const chars = Array.from(clean);
  const shown = chars.length > max ? `${chars.slice(0, max).join('')}… (${chars.length.toLocaleString('en-US')} characters)` : clean;
  return `${FIRST_STRONG_ISOLATE}${shown}${POP_DIRECTIONAL_ISOLATE}`;
}

/** The default question about an agent's call: the tool and its input, shortened and isolated. */
export function approvalPrompt(toolName: string, input: unknown): string {
  let json: string;
  try {
    json = JSON.stringify(input) ?? 'no input';
  } catch {
    json = 'input that cannot be shown';
  }
  return `An agent asks to run "${isolatedText(toolName, 64)}" with ${isolatedText(json, PROMPT_INPUT_CHARS)}. Allow it?`;
}
