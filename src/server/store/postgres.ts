import type { SqlDatabase, SqlQueryable } from './sql';
import { createSqlStore, type SqlStoreOptions } from './sql-store';
import type { ConversationStore } from './types';
import { importOptionalPeer, requireOptionalPeer } from '../optional-peer';

/** The part of a `pg` client the store uses (a `PoolClient`). */
export interface PgClientLike extends SqlQueryable {
  release(): void;
}

/** The part of a `pg` `Pool` the store uses. */
export interface PgPoolLike extends SqlQueryable {
  connect(): Promise<PgClientLike>;
  end(): Promise<void>;
}

export interface PostgresStoreOptions extends SqlStoreOptions {
  /** `postgres://user:password@host:5432/database`. @default env.DATABASE_URL */
  connectionString?: string;
  /** A `pg` `Pool` of the app's own (TLS, pool size); `connectionString` is then ignored. */
  pool?: PgPoolLike;
  /** Connections of the pool this store creates. @default 10 */
  max?: number;
}

/**
 * Conversations in PostgreSQL, through `pg`: for several instances of the handler sharing
 * them. The schema is created and migrated on first use (tables `toolchat_threads`,
 * `toolchat_messages`, `toolchat_migrations`). `pg` is loaded on first use.
 */
export function postgresStore(options: PostgresStoreOptions = {}): ConversationStore {
  if (!options.pool) requireOptionalPeer('pg', 'postgresStore');
  let opened: Promise<PgPoolLike> | undefined;
  const open = () =>
    (opened ??= options.pool
      ? Promise.resolve(options.pool)
      : importOptionalPeer<typeof import('pg')>('pg', 'postgresStore').then((pg) => {
          const connectionString = options.connectionString ?? readEnv('DATABASE_URL');
          if (!connectionString) throw new Error('postgresStore needs a connectionString (or DATABASE_URL)');
          const Pool = pg.default.Pool;
          const created = new Pool({ connectionString, max: options.max ?? 10 });
          // An idle connection that breaks (a server restart) must not crash the process: the
          // pool replaces it, and the next query reports any lasting failure.
          created.on('error', (error) => console.error('toolchat: a PostgreSQL connection failed', error.message));
          return created as unknown as PgPoolLike;
        }));
  const db = postgresDatabase(open);
  return createSqlStore({ ...db, close: async () => (opened && !options.pool ? db.close() : undefined) }, options);
}

/**
 * A `pg` pool as the store's `SqlDatabase`: to run `migrateConversationStore` at deploy time,
 * or to build a store with `createSqlStore`. Closing it ends the pool.
 */
export function postgresDatabase(pool: PgPoolLike | (() => Promise<PgPoolLike>)): SqlDatabase {
  const open = typeof pool === 'function' ? pool : async () => pool;
  return {
    query: async <Row>(sql: string, params?: unknown[]) => (await open()).query<Row>(sql, params),
    transaction: async (run) => {
      const client = await (await open()).connect();
      try {
        await client.query('begin');
        const result = await run(client);
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    close: async () => (await open()).end(),
  };
}

function readEnv(name: string): string | undefined {
  const runtime = globalThis as { process?: { env?: Record<string, string | undefined> } };
  return runtime.process?.env?.[name] || undefined;
}
