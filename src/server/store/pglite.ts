import type { PGlite } from '@electric-sql/pglite';
import type { SqlDatabase } from './sql';
import { createSqlStore, type SqlStoreOptions } from './sql-store';
import type { ConversationStore } from './types';
import { importOptionalPeer } from '../optional-peer';

export interface PGliteStoreOptions extends SqlStoreOptions {
  /**
   * Directory of the embedded database; without it the database lives in memory and is gone
   * when the process ends. The first start in a new directory creates the database (a few
   * seconds); later starts take a fraction of a second.
   * @default in memory
   */
  dataDir?: string;
  /** A PGlite instance of the app's own (its options, extensions); `dataDir` is then ignored. */
  db?: PGlite;
}

/**
 * The embedded conversation store: PostgreSQL compiled to WebAssembly (PGlite) in this
 * process, with the same SQL as `postgresStore`. Needs no server. For one instance: use
 * `postgresStore` when several share the conversations. PGlite is loaded on first use.
 */
export function pgliteStore(options: PGliteStoreOptions = {}): ConversationStore {
  let opened: Promise<PGlite> | undefined;
  const open = () =>
    (opened ??= options.db
      ? Promise.resolve(options.db)
      : importOptionalPeer<typeof import('@electric-sql/pglite')>('@electric-sql/pglite').then(({ PGlite }) => PGlite.create(options.dataDir === undefined ? {} : { dataDir: options.dataDir })));
  const db = pgliteDatabase(open);
  // Only what this store opened; an app's own instance stays the app's to close.
  return createSqlStore({ ...db, close: async () => (opened && !options.db ? db.close() : undefined) }, options);
}

/** A PGlite instance as the store's `SqlDatabase` (see `postgresDatabase`). Closing it closes PGlite. */
export function pgliteDatabase(db: PGlite | (() => Promise<PGlite>)): SqlDatabase {
  const open = typeof db === 'function' ? db : async () => db;
  return {
    query: async <Row>(sql: string, params?: unknown[]) => (await open()).query<Row>(sql, params),
    transaction: async (run) => (await open()).transaction((tx) => run({ query: async <Row>(sql: string, params?: unknown[]) => tx.query<Row>(sql, params) })),
    close: async () => (await open()).close(),
  };
}
