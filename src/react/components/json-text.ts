/** JSON for people: pretty when complete, compact while it streams; never throws. */
export function jsonText(value: unknown, pretty: boolean): string {
  if (value === undefined) return '';
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? v.toString() : v), pretty ? 2 : undefined) ?? String(value);
  } catch {
    return String(value); // circular structures
  }
}
