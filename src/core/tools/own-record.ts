/**
 * Records keyed by names a model, a remote server or a client chose (tool names, JSON Schema
 * property names). On a plain object such a name reaches `Object.prototype`: `tools.constructor`
 * is a function, and `tools.__proto__ = x` replaces the prototype instead of adding an entry.
 * Without a prototype every name is only ever the record's own entry.
 */
export function ownRecord<V>(): Record<string, V> {
  return Object.create(null) as Record<string, V>;
}

/** `record[key]` when `key` is the record's own entry; `undefined` for inherited names. */
export function getOwn<V>(record: Readonly<Record<string, V>> | null | undefined, key: string): V | undefined {
  return record != null && Object.hasOwn(record, key) ? record[key] : undefined;
}
