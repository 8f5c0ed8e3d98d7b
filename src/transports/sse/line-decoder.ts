const LF = 10;
const CR = 13;
// `stream: true` holds back a multi-byte character split across chunks until it is whole.
const STREAM = { stream: true };

/**
 * UTF-8 bytes to text, handed on only when a line end arrives: the SSE parser acts on whole
 * lines only, and in tiny network chunks one decode and one parser call per line, rather than
 * per chunk, is most of what the parser itself costs. Chunks are kept by reference until then,
 * as a stream's consumer owns what it reads.
 */
export class LineDecoder {
  private readonly decoder = new TextDecoder();
  private pending: Uint8Array[] = [];
  private pendingLength = 0;

  /** The text of the bytes so far, or `''` while no line has ended since the last call. */
  push(chunk: Uint8Array): string {
    if (chunk.indexOf(LF) === -1 && chunk.indexOf(CR) === -1) {
      this.pending.push(chunk);
      this.pendingLength += chunk.length;
      return '';
    }
    return this.decoder.decode(this.take(chunk), STREAM);
  }

  private take(chunk: Uint8Array): Uint8Array {
    if (this.pending.length === 0) return chunk;
    const bytes = new Uint8Array(this.pendingLength + chunk.length);
    let offset = 0;
    for (const piece of this.pending) {
      bytes.set(piece, offset);
      offset += piece.length;
    }
    bytes.set(chunk, offset);
    this.pending = [];
    this.pendingLength = 0;
    return bytes;
  }
}
