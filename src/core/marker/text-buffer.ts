/**
 * The answer's text as it streams, kept as UTF-16 code units in one growing array until the
 * Markdown reader asks for it. A chat streams thousands of deltas of a few characters: copying
 * their code units costs less than keeping each delta as a string (joined later, or as a rope
 * of concatenations), both of which the garbage collector has to trace and move.
 */

/** Code units decoded per `String.fromCharCode` call: well below engines' argument limits. */
const SLICE = 8192;

export class TextBuffer {
  private units = new Uint16Array(1024);
  private used = 0;

  /** Adds `text` at the end. */
  append(text: string): void {
    const length = text.length;
    if (this.used + length > this.units.length) this.grow(length);
    const units = this.units;
    let used = this.used;
    for (let i = 0; i < length; i++) units[used++] = text.charCodeAt(i);
    this.used = used;
  }

  /** Everything appended since the last `take`, as a string, and empties the buffer. */
  take(): string {
    const used = this.used;
    this.used = 0;
    if (used <= SLICE) return String.fromCharCode.apply(null, this.units.subarray(0, used) as unknown as number[]);
    const pieces: string[] = [];
    for (let from = 0; from < used; from += SLICE) {
      pieces.push(String.fromCharCode.apply(null, this.units.subarray(from, Math.min(used, from + SLICE)) as unknown as number[]));
    }
    return pieces.join('');
  }

  get length(): number {
    return this.used;
  }

  /** Empties the buffer, and lets a large one go (an answer of prose is kept whole until a marker asks). */
  clear(): void {
    this.used = 0;
    if (this.units.length > 65_536) this.units = new Uint16Array(1024);
  }

  private grow(length: number): void {
    const units = new Uint16Array(Math.max(this.units.length * 2, this.used + length));
    units.set(this.units.subarray(0, this.used));
    this.units = units;
  }
}
