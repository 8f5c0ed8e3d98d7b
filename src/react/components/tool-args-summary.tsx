/** At most this many arguments show in the summary; the rest are counted. */
const MAX_ENTRIES = 4;
/** Longer values are cut, with an ellipsis. */
const MAX_VALUE = 48;

export interface ToolArgsSummaryProps {
  /** The call's input, possibly partial while it streams. */
  input: unknown;
  className?: string;
}

function short(value: unknown): string {
  let text: string;
  if (value === null) text = 'null';
  else if (Array.isArray(value)) text = value.every((item) => item === null || typeof item !== 'object') ? value.map(String).join(', ') : `[${value.length}]`;
  else if (typeof value === 'object') text = '{…}';
  else text = String(value);
  text = text.replace(/\s+/g, ' ').trim();
  return text.length > MAX_VALUE ? `${text.slice(0, MAX_VALUE - 1)}…` : text;
}

/**
 * A call's arguments as a short key/value line (`city Paris · units metric`); nested values show
 * as `{…}` and long ones are cut. The whole JSON is in the card's details. Renders nothing for
 * an input that is not an object with keys.
 */
export function ToolArgsSummary({ input, className }: ToolArgsSummaryProps) {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) return null;
  const keys = Object.keys(input);
  if (keys.length === 0) return null;
  const shown = keys.slice(0, MAX_ENTRIES);
  return (
    <dl className={className ? `toolchat-tool-args ${className}` : 'toolchat-tool-args'}>
      {shown.map((key) => (
        <div key={key}>
          <dt>{key}</dt>
          <dd>{short((input as Record<string, unknown>)[key])}</dd>
        </div>
      ))}
      {keys.length > MAX_ENTRIES && (
        <div>
          <dt className="toolchat-visually-hidden">…</dt>
          <dd>+{keys.length - MAX_ENTRIES}</dd>
        </div>
      )}
    </dl>
  );
}
ToolArgsSummary.displayName = 'ToolArgsSummary';
