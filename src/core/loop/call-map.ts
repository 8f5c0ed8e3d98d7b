import type { ToolCallState } from './call-state';

const BUCKETS = 16;
const EMPTY: ReadonlyMap<string, ToolCallState> = new Map();

function bucketOf(id: string): number {
  let hash = 0;
  for (let i = 0; i < id.length; i++) hash = (hash * 31 + id.charCodeAt(i)) | 0;
  return (hash >>> 0) % BUCKETS;
}

/**
 * The loop's calls by id, immutable, in the order they arrived. A change copies one of 16
 * buckets rather than every call, so a chat of thousands of calls pays little per change; the
 * ids live in one append-only list shared by all versions, each reading up to its own length.
 */
export class CallMap implements Iterable<[string, ToolCallState]> {
  static readonly empty: CallMap = new CallMap(Array.from({ length: BUCKETS }, () => EMPTY), [], 0);

  private constructor(
    private readonly buckets: readonly ReadonlyMap<string, ToolCallState>[],
    private readonly order: string[],
    readonly size: number,
  ) {}

  get(id: string): ToolCallState | undefined {
    return this.buckets[bucketOf(id)]!.get(id);
  }

  has(id: string): boolean {
    return this.buckets[bucketOf(id)]!.has(id);
  }

  /** A map with `call` under its id (added at the end, or replacing the call there). */
  with(call: ToolCallState): CallMap {
    const index = bucketOf(call.toolCallId);
    const bucket = new Map(this.buckets[index]);
    const added = !bucket.has(call.toolCallId);
    bucket.set(call.toolCallId, call);
    const buckets = this.buckets.slice();
    buckets[index] = bucket;
    if (!added) return new CallMap(buckets, this.order, this.size);
    // Append in place while this is the newest version; an older one branching copies.
    const order = this.order.length === this.size ? this.order : this.order.slice(0, this.size);
    order.push(call.toolCallId);
    return new CallMap(buckets, order, this.size + 1);
  }

  *entries(): IterableIterator<[string, ToolCallState]> {
    for (let i = 0; i < this.size; i++) {
      const id = this.order[i]!;
      yield [id, this.get(id)!];
    }
  }

  *keys(): IterableIterator<string> {
    for (let i = 0; i < this.size; i++) yield this.order[i]!;
  }

  *values(): IterableIterator<ToolCallState> {
    for (let i = 0; i < this.size; i++) yield this.get(this.order[i]!)!;
  }

  [Symbol.iterator](): IterableIterator<[string, ToolCallState]> {
    return this.entries();
  }

  forEach(callback: (value: ToolCallState, key: string, map: CallMap) => void): void {
    for (const [id, call] of this.entries()) callback(call, id, this);
  }
}
