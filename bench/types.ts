/** One line of the bench table: a figure, and where it has one, its ratio to a baseline of the same run. */
export interface BenchRow {
  bench: string;
  case: string;
  value: number;
  unit: string;
  /** The case this figure is compared with, measured in the same run. */
  baseline?: string;
  ratio?: number;
  /** What the ratio should be at most (or at least, for speeds), from the targets. */
  target?: string;
  /** The target is on the value, not the ratio. */
  targetOf?: 'value';
}
