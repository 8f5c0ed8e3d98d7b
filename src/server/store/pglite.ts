import type { PGlite } from '@electric-sql/pglite';
import type { SqlDatabase } from './sql';
import { createSqlStore, type SqlStoreOptions } from './sql-store';
import type { ConversationStore } from './types';
import { importOptionalPeer, requireOptionalPeer } from '../optional-peer';

export interface PGliteStoreOptions extends SqlStoreOptions {
  /**
   * Directory of the embedded database, created with its parents when missing; without it the
   * database lives in memory and is gone when the process ends. The first start in a new
   * directory creates the database (a few seconds); later starts take a fraction of a second.
   * @default in memory
   */
  dataDir?: string;
  /** A PGlite instance of the app's own (its options, extensions); `dataDir` is then ignored. */
  db?: PGlite;
}

/**
 * The embedded conversation store: PostgreSQL compiled to WebAssembly (PGlite) in this
 * process, with the same SQL as `postgresStore`. Needs no server, but the package
 * `@electric-sql/pglite` (an optional peer: creating the store without it installed throws,
 * naming it). For one instance: use `postgresStore` when several share the conversations.
 * PGlite is loaded on first use.
 */
export function pgliteStore(options: PGliteStoreOptions = {}): ConversationStore {
  if (!options.db) requireOptionalPeer('@electric-sql/pglite', 'pgliteStore (the embedded conversation store)');
  let opened: Promise<PGlite> | undefined;
  const open = () =>
    (opened ??= options.db
      ? Promise.resolve(options.db)
      : (async () => {
          const { PGlite } = await importOptionalPeer<typeof import('@electric-sql/pglite')>('@electric-sql/pglite', 'pgliteStore');
          const { dataDir } = options;
          if (dataDir === undefined) return PGlite.create();
          // PGlite makes the last directory only: `./data/chats` in a fresh checkout needs `./data` too.
          if (!/^[a-z]+:\/\//i.test(dataDir)) {
            const { mkdir } = await importOptionalPeer<typeof import('node:fs/promises')>('node:fs/promises');
            await mkdir(dataDir, { recursive: true });
          }
          return PGlite.create({ dataDir });
        })().catch((error: unknown) => {
          opened = undefined; // a later call tries again
          throw error;
        }));
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
