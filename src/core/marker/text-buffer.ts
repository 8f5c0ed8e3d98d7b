/**
 * The answer's text as it streams, kept until the Markdown reader asks for it: a chat streams
 * thousands of deltas of a few characters, and the reader asks at each marker that names a
 * tool, which may come after a few deltas or after thousands.
 *
 * The first deltas since the last question are kept as they are and concatenated when asked
 * (what a marker-dense answer needs: no copy, one short concatenation). Past `PIECES` of
 * them, the text is copied into one growing array of UTF-16 code units instead: keeping
 * thousands of small strings, joined or as a rope, costs more than copying their characters,
 * both in the joins and in what the garbage collector has to trace and move.
 */

const PIECES = 64;
/** Code units decoded per `String.fromCharCode` call: well below engines' argument limits. */
const SLICE = 8192;

export class TextBuffer {
  private readonly pieces: string[] = [];
  private count = 0;
  private units = new Uint16Array(1024);
  private used = 0;
  private total = 0;

  /** Characters appended since the last `take`. */
  get length(): number {
    return this.total;
  }

  /** Adds `text` at the end. */
  append(text: string): void {
    const length = text.length;
    this.total += length;
    if (this.used === 0) {
      if (length === 0) return;
      if (this.count < PIECES) {
        this.pieces[this.count++] = text;
        return;
      }
      // Past the pieces kept as strings: from here on the buffer holds code units.
      const count = this.count;
      this.count = 0;
      for (let i = 0; i < count; i++) this.copy(this.pieces[i]!);
      this.pieces.length = 0;
    }
    this.copy(text);
  }

  /** Everything appended since the last `take`, as a string, and empties the buffer. */
  take(): string {
    const { pieces, count, units, used } = this;
    this.total = this.count = this.used = 0;
    let text = '';
    for (let i = 0; i < count; i++) text += pieces[i];
    for (let from = 0; from < used; from += SLICE) {
      text += String.fromCharCode.apply(null, units.subarray(from, Math.min(used, from + SLICE)) as unknown as number[]);
    }
    return text;
  }

  /** Empties the buffer, and lets a large one go (an answer of prose is kept whole until a marker asks). */
  clear(): void {
    this.total = this.count = this.used = 0;
    this.pieces.length = 0;
    if (this.units.length > 65_536) this.units = new Uint16Array(1024);
  }

  private copy(text: string): void {
    const length = text.length;
    let { units, used } = this;
    if (used + length > units.length) {
      units = new Uint16Array(Math.max(units.length * 2, used + length));
      units.set(this.units.subarray(0, used));
      this.units = units;
    }
    for (let i = 0; i < length; i++) units[used++] = text.charCodeAt(i);
    this.used = used;
  }
}
