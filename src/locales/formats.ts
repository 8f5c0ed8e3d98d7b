// Numbers, lists and plurals of one language, with the browser's Intl. Each formatter is made
// on first use: setting up a language costs a browser milliseconds it need not spend on load.

type Plural = Intl.LDMLPluralRule;

export interface Formats {
  /** 12345 → "12,345" ("12.345", "12 345"…). */
  number(value: number): string;
  /** 15234 → "15.2K" ("1.5万"…). */
  compact(value: number): string;
  /** ["a", "b", "c"] → "a, b and c" ("a、b、c"…). */
  list(items: readonly string[]): string;
  /** The plural category of `count` ("one", "few"…). */
  plural(count: number): Plural;
  /** An amount of money, three significant digits under one unit, else cents. */
  money(amount: number, currency: string): string;
  /** A tool call's duration: milliseconds under a second, else seconds to a tenth. */
  duration(ms: number): string;
}

export function formats(locale: string): Formats {
  let numbers: Intl.NumberFormat | undefined;
  let compacts: Intl.NumberFormat | undefined;
  let lists: Intl.ListFormat | undefined;
  let plurals: Intl.PluralRules | undefined;
  let seconds: Intl.NumberFormat | undefined;
  let milliseconds: Intl.NumberFormat | undefined;
  return {
    number: (value) => (numbers ??= new Intl.NumberFormat(locale)).format(value),
    compact: (value) => (compacts ??= new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 })).format(value),
    list: (items) => (lists ??= new Intl.ListFormat(locale, { type: 'conjunction' })).format(items),
    plural: (count) => (plurals ??= new Intl.PluralRules(locale)).select(count),
    money: (amount, currency) =>
      new Intl.NumberFormat(
        locale,
        Math.abs(amount) >= 1 ? { style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits: 2 } : { style: 'currency', currency, maximumSignificantDigits: 3 },
      ).format(amount),
    duration: (ms) =>
      ms < 1000
        ? (milliseconds ??= new Intl.NumberFormat(locale, { style: 'unit', unit: 'millisecond', unitDisplay: 'short', maximumFractionDigits: 0 })).format(Math.round(ms))
        : (seconds ??= new Intl.NumberFormat(locale, { style: 'unit', unit: 'second', unitDisplay: 'short', minimumFractionDigits: 1, maximumFractionDigits: 1 })).format(ms / 1000),
  };
}

/** The first three names, and how many more there are, as a list: "a, b, c and 2 more". */
export function firstNames(f: Formats, names: readonly string[], more: (count: number) => string): string {
  return names.length <= 3 ? f.list(names) : f.list([...names.slice(0, 3), more(names.length - 3)]);
}
