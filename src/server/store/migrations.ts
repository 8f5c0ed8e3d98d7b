import type { SqlDatabase, SqlQueryable } from './sql';

/** One step of the schema; applied once, in order, recorded in `toolchat_migrations`. */
export interface Migration {
  version: number;
  name: string;
  up(tx: SqlQueryable): Promise<void>;
}

/**
 * The schema, as steps. Never edit a released step: add one. Each runs in the transaction that
 * records it, so a failed step leaves the database at the previous version.
 */
export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'threads and messages',
    up: async (tx) => {
      await tx.query(`create table toolchat_threads (
        id text primary key,
        user_id text not null,
        title text not null default '',
        created_at timestamptz not null,
        updated_at timestamptz not null
      )`);
      await tx.query('create index toolchat_threads_by_user on toolchat_threads (user_id, updated_at desc)');
      await tx.query(`create table toolchat_messages (
        thread_id text not null references toolchat_threads (id) on delete cascade,
        position integer not null,
        id text not null,
        message jsonb not null,
        primary key (thread_id, position)
      )`);
    },
  },
  {
    version: 2,
    name: 'the answer streaming now, for resumable streams',
    up: async (tx) => {
      await tx.query('alter table toolchat_threads add column active_stream_id text');
    },
  },
  {
    version: 3,
    name: 'one writer per thread: versions, the answer in flight for every answer, deleted threads kept deleted',
    up: async (tx) => {
      // Every write of messages bumps it; a write from an older read is refused.
      await tx.query('alter table toolchat_threads add column version bigint not null default 1');
      // The answer in flight, streamed or not: its id (the resumable stream's too) and when its
      // claim lapses (an instance that died mid-answer must not hold the thread for ever).
      await tx.query('alter table toolchat_threads rename column active_stream_id to answer_id');
      await tx.query('alter table toolchat_threads add column answer_expires_at timestamptz');
      // A deleted thread keeps its row (no messages, no title) so that nothing writes its id again.
      await tx.query('alter table toolchat_threads add column deleted_at timestamptz');
      // Messages are placed after a message named by id.
      await tx.query('create index toolchat_messages_by_id on toolchat_messages (thread_id, id)');
    },
  },
];

/** The schema version this toolchat reads and writes. */
export const SCHEMA_VERSION = MIGRATIONS.at(-1)!.version;

/**
 * Brings the database to `target` (the latest by default). Safe with several instances starting
 * at once: an advisory lock makes them take turns, and each applies only what is missing.
 * Refuses a database newer than this code.
 * @returns the versions applied.
 */
export async function migrate(db: SqlDatabase, target: number = SCHEMA_VERSION): Promise<number[]> {
  return db.transaction(async (tx) => {
    // hashtext('toolchat_migrations') would do too; a constant is the same everywhere.
    await tx.query('select pg_advisory_xact_lock(7460991352)');
    await tx.query(`create table if not exists toolchat_migrations (
      version integer primary key,
      name text not null,
      applied_at timestamptz not null default now()
    )`);
    const { rows } = await tx.query<{ version: number | null }>('select max(version) as version from toolchat_migrations');
    const current = Number(rows[0]?.version ?? 0);
    if (current > SCHEMA_VERSION) {
      throw new Error(`The conversation database is at schema version ${current}, newer than this toolchat's ${SCHEMA_VERSION}: upgrade toolchat`);
    }
    const applied: number[] = [];
    for (const migration of MIGRATIONS) {
      if (migration.version <= current || migration.version > target) continue;
      await migration.up(tx);
      await tx.query('insert into toolchat_migrations (version, name) values ($1, $2)', [migration.version, migration.name]);
      applied.push(migration.version);
    }
    return applied;
  });
}

/** The database's schema version (0 for an empty database). */
export async function schemaVersion(db: SqlQueryable): Promise<number> {
  const { rows } = await db.query<{ exists: string | null }>("select to_regclass('toolchat_migrations')::text as exists");
  if (!rows[0]?.exists) return 0;
  const max = await db.query<{ version: number | null }>('select max(version) as version from toolchat_migrations');
  return Number(max.rows[0]?.version ?? 0);
}
