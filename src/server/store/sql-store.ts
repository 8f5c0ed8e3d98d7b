import type { UIMessage } from 'ai';
import { chatTitle } from '../../core/storage/title';
import { fromCompactMessages, toCompactMessages, type CompactMessage } from '../../core/formats/tool-rounds';
import { migrate } from './migrations';
import type { SqlDatabase } from './sql';
import type { ConversationStore, StoredThread, ThreadSummary, ThreadWrite, WriteOutcome } from './types';

export interface SqlStoreOptions {
  /** The clock of `createdAt` / `updatedAt` and of the answers' claims. @default () => new Date() */
  now?: () => Date;
  /** Bring the schema up to date on first use. @default true */
  migrate?: boolean;
}

interface ThreadRow {
  id: string;
  title: string;
  created_at: Date | string;
  updated_at: Date | string;
  version?: number | string;
  answer_id?: string | null;
}

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

function summary(row: ThreadRow): ThreadSummary {
  return { chatId: row.id, title: row.title, createdAt: iso(row.created_at), updatedAt: iso(row.updated_at) };
}

// A new thread: created for this user unless the id exists (anyone's, deleted or not).
const CREATE = `with created as (
    insert into toolchat_threads (id, user_id, title, created_at, updated_at, version, answer_id, answer_expires_at)
    values ($1, $2, $3, $4, $4, 1, $6, $7)
    on conflict (id) do nothing
    returning version
  ), written as (
    insert into toolchat_messages (thread_id, position, id, message)
    select $1, ordinality - 1, element ->> 'id', element
    from jsonb_array_elements($5::jsonb) with ordinality as t(element, ordinality)
    where exists (select 1 from created)
  )
  select version from created`;

// A thread this user owns, at the version read, in one statement: the messages from `after` on
// are replaced (an upsert of the new positions and a delete of those past them, which never
// meet), and the answer's claim is taken, kept or ended. No row back: refused (see `refusal`).
const UPDATE = `with anchor as (
    select coalesce((select position from toolchat_messages where thread_id = $1 and id = $4 order by position limit 1), -1) as at
  ), thread as (
    update toolchat_threads set
      version = version + 1,
      updated_at = $6,
      title = case when title = '' and $4::text is null then $7 else title end,
      answer_id = case $8::text when 'start' then $9 when 'end' then null else answer_id end,
      answer_expires_at = case $8::text when 'start' then $10::timestamptz when 'end' then null else answer_expires_at end
    where id = $1 and user_id = $2 and deleted_at is null and version = $3
      and ($4::text is null or exists (select 1 from toolchat_messages where thread_id = $1 and id = $4))
      and case $8::text
        when 'end' then answer_id is not distinct from $9 and answer_expires_at > $6
        else answer_id is null or answer_expires_at is null or answer_expires_at <= $6
      end
    returning version
  ), cleared as (
    delete from toolchat_messages
    where thread_id = $1 and exists (select 1 from thread) and position > (select at from anchor) + jsonb_array_length($5::jsonb)
  ), written as (
    insert into toolchat_messages (thread_id, position, id, message)
    select $1, (select at from anchor) + ordinality, element ->> 'id', element
    from jsonb_array_elements($5::jsonb) with ordinality as t(element, ordinality)
    where exists (select 1 from thread)
    on conflict (thread_id, position) do update set id = excluded.id, message = excluded.message
  )
  select version from thread`;

/**
 * A `ConversationStore` on a PostgreSQL database (PGlite or a server: the same SQL). Messages
 * are stored one row each in the compact tool-round form, so an answer's write is one row
 * however long the thread. Each write is one statement: it checks the version read and the
 * answer in flight where it writes, so two instances never both write a thread.
 */
export function createSqlStore(db: SqlDatabase, options: SqlStoreOptions = {}): ConversationStore {
  const now = options.now ?? (() => new Date());
  let ready: Promise<unknown> | undefined;
  const schema = () => (ready ??= options.migrate === false ? Promise.resolve() : migrate(db).catch((error: unknown) => {
    ready = undefined; // a later call tries again (the database may have been down)
    throw error;
  }));

  /** Why a write found no row to write. */
  async function refusal(userId: string, chatId: string, write: ThreadWrite, at: Date): Promise<WriteOutcome> {
    const { rows } = await db.query<{ user_id: string; deleted: boolean; version: number | string; answer_id: string | null; live: boolean }>(
      `select user_id, deleted_at is not null as deleted, version, answer_id, coalesce(answer_expires_at > $2, false) as live
       from toolchat_threads where id = $1`,
      [chatId, at],
    );
    const row = rows[0];
    if (!row || row.user_id !== userId || row.deleted) return { ok: false, reason: 'not-found' };
    if (Number(row.version) !== write.expectedVersion) return { ok: false, reason: 'conflict' };
    const claim = write.answer;
    if (claim && 'end' in claim) return { ok: false, reason: 'conflict' };
    if (row.live && row.answer_id !== null) return { ok: false, reason: 'busy' };
    return { ok: false, reason: 'conflict' };
  }

  return {
    async listThreads(userId) {
      await schema();
      const { rows } = await db.query<ThreadRow>(
        'select id, title, created_at, updated_at from toolchat_threads where user_id = $1 and deleted_at is null order by updated_at desc, id',
        [userId],
      );
      return rows.map(summary);
    },

    async loadThread(userId, chatId) {
      await schema();
      // One round trip: the thread and its messages in order.
      const { rows } = await db.query<ThreadRow & { messages: (CompactMessage | UIMessage)[] | string }>(
        `select t.id, t.title, t.created_at, t.updated_at, t.version, case when t.answer_expires_at > $3 then t.answer_id end as answer_id,
           coalesce((select json_agg(m.message order by m.position) from toolchat_messages m where m.thread_id = t.id), '[]'::json) as messages
         from toolchat_threads t where t.id = $1 and t.user_id = $2 and t.deleted_at is null`,
        [chatId, userId, now()],
      );
      const row = rows[0];
      if (!row) return undefined;
      const messages = typeof row.messages === 'string' ? (JSON.parse(row.messages) as (CompactMessage | UIMessage)[]) : row.messages;
      const stored: StoredThread = { ...summary(row), messages: fromCompactMessages(messages), version: Number(row.version) };
      if (row.answer_id) stored.activeAnswerId = row.answer_id;
      return stored;
    },

    async writeThread(userId, chatId, write) {
      await schema();
      const at = now();
      const messages = JSON.stringify(toCompactMessages(write.messages));
      const title = write.after === null ? chatTitle(write.messages) : '';
      const claim = write.answer;
      if (write.expectedVersion === 0) {
        if (write.after !== null || (claim && 'end' in claim)) return { ok: false, reason: 'conflict' };
        const start = claim && 'start' in claim ? claim : undefined;
        const { rows } = await db.query<{ version: number | string }>(CREATE, [chatId, userId, title, at, messages, start?.start ?? null, start?.expiresAt ?? null]);
        if (rows[0]) return { ok: true, version: Number(rows[0].version) };
        const { rows: found } = await db.query<{ user_id: string; deleted: boolean }>('select user_id, deleted_at is not null as deleted from toolchat_threads where id = $1', [chatId]);
        const existing = found[0];
        return { ok: false, reason: !existing || existing.user_id !== userId || existing.deleted ? 'not-found' : 'conflict' };
      }
      const kind = claim === undefined ? null : 'start' in claim ? 'start' : 'end';
      const answerId = claim === undefined ? null : 'start' in claim ? claim.start : claim.end;
      const expiresAt = claim && 'start' in claim ? claim.expiresAt : null;
      const { rows } = await db.query<{ version: number | string }>(UPDATE, [
        chatId,
        userId,
        write.expectedVersion,
        write.after,
        messages,
        at,
        title,
        kind,
        answerId,
        expiresAt,
      ]);
      if (rows[0]) return { ok: true, version: Number(rows[0].version) };
      return refusal(userId, chatId, write, at);
    },

    async renewAnswer(userId, chatId, answerId, expiresAt) {
      await schema();
      const { rows } = await db.query<{ id: string }>(
        `update toolchat_threads set answer_expires_at = $4
         where id = $1 and user_id = $2 and deleted_at is null and answer_id = $3 and answer_expires_at > $5
         returning id`,
        [chatId, userId, answerId, expiresAt, now()],
      );
      return rows.length > 0;
    },

    async renameThread(userId, chatId, title) {
      await schema();
      const { rows } = await db.query<ThreadRow>(
        'update toolchat_threads set title = $3 where id = $1 and user_id = $2 and deleted_at is null returning id, title, created_at, updated_at',
        [chatId, userId, title],
      );
      return rows[0] && summary(rows[0]);
    },

    async deleteThread(userId, chatId) {
      await schema();
      // The row stays, empty, so that an answer ending later (or any write) finds it deleted.
      const { rows } = await db.query<{ id: string }>(
        `with gone as (
           update toolchat_threads set deleted_at = $3, title = '', answer_id = null, answer_expires_at = null, version = version + 1
           where id = $1 and user_id = $2 and deleted_at is null
           returning id
         ), cleared as (
           delete from toolchat_messages where thread_id in (select id from gone)
         )
         select id from gone`,
        [chatId, userId, now()],
      );
      return rows.length > 0;
    },

    close: () => db.close(),
  };
}
