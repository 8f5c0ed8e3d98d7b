/** What a numeric option accepts. */
export interface NumberRule {
  /** Whole numbers only. */
  integer?: boolean;
  /** The smallest accepted value. */
  min: number;
  /** `min` itself is refused (e.g. a timeout of 0 ms). */
  exclusive?: boolean;
  /** `Infinity` means "no limit" and is accepted. */
  infinite?: boolean;
}

/**
 * Checks a numeric option where it enters the library, so a typo like `concurrency: NaN`
 * fails loudly, naming the option, instead of hanging a call or leaving a hole in results.
 * `undefined` passes (the default applies).
 */
export function checkNumberOption(name: string, value: unknown, rule: NumberRule): void {
  if (value === undefined) return;
  if (typeof value === 'number' && isAccepted(value, rule)) return;
  const kind = rule.integer ? 'an integer' : 'a number';
  const bound = rule.exclusive ? `greater than ${rule.min}` : `of at least ${rule.min}`;
  const got = typeof value === 'number' ? String(value) : typeof value === 'string' ? JSON.stringify(value.slice(0, 20)) : typeof value;
  throw new TypeError(`toolchat: \`${name}\` must be ${kind} ${bound}${rule.infinite ? ', or Infinity' : ''}; got ${got}.`);
}

function isAccepted(value: number, rule: NumberRule): boolean {
  if (Number.isNaN(value)) return false;
  if (value === Number.POSITIVE_INFINITY) return rule.infinite === true;
  if (!Number.isFinite(value)) return false;
  if (rule.integer && !Number.isInteger(value)) return false;
  return rule.exclusive ? value > rule.min : value >= rule.min;
}

/** Rules shared by the hook, the loop and `executeToolCalls`. */
export const numberRules = {
  concurrency: { integer: true, min: 1, infinite: true },
  timeoutMs: { min: 0, exclusive: true, infinite: true },
  maxToolRounds: { integer: true, min: 1 },
  maxTokens: { min: 0, exclusive: true },
  maxOutputBytes: { integer: true, min: 512 },
  retryAttempts: { integer: true, min: 1 },
  backoffMs: { min: 0 },
  throttle: { min: 0 },
  keepAliveMs: { min: 0, infinite: true },
  storageTimeoutMs: { min: 0, infinite: true },
} satisfies Record<string, NumberRule>;

/**
 * The longest wait a timer can make: `setTimeout` fires at once for anything longer. A
 * timeout past it is no timeout at all (about 24.8 days).
 */
export const MAX_TIMER_MS = 2 ** 31 - 1;
