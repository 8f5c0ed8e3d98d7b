import fc from 'fast-check';

/** Every name `Object.prototype` answers to, `__proto__` included: names a lookup must not reach through. */
export const PROTOTYPE_NAMES: readonly string[] = [...new Set([...Object.getOwnPropertyNames(Object.prototype), '__proto__'])];

/** Names providers accept (letters, digits, `_`, `-`), which `PROTOTYPE_NAMES` all are. */
const ordinaryName = fc.stringMatching(/^[a-zA-Z_][a-zA-Z0-9_-]{0,20}$/);

/** A tool name the model may choose: mostly `Object.prototype` members, sometimes anything else. */
export const toolNameArbitrary: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...PROTOTYPE_NAMES) },
  { weight: 1, arbitrary: ordinaryName },
);

/** Some tools defined under such names, and some names called: defined or not. */
export const definedAndCalledArbitrary = fc.record({
  defined: fc.uniqueArray(toolNameArbitrary, { minLength: 0, maxLength: 4 }),
  called: fc.array(toolNameArbitrary, { minLength: 1, maxLength: 4 }),
});
