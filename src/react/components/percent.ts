/** `part` of `whole` in whole percent, 100 only when it is full (99.6% is not). */
export function percent(part: number, whole: number): number {
  if (whole <= 0) return 0;
  const value = (part / whole) * 100;
  return value >= 100 ? Math.round(value) : Math.min(99, Math.round(value));
}
