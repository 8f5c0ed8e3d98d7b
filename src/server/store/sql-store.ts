import type { UIMessage } from 'ai';
import { chatTitle } from '../../core/storage/title';
import { fromCompactMessages, toCompactMessages, type CompactMessage } from '../../core/formats/tool-rounds';
import { migrate } from './migrations';
import type { SqlDatabase } from './sql';
import { ThreadNotFoundError, type ConversationStore, type StoredThread, type ThreadSummary } from './types';

export interface SqlStoreOptions {
  /** The clock of `createdAt` / `updatedAt`. @default () => new Date() */
  now?: () => Date;
  /** Bring the schema up to date on first use. @default true */
  migrate?: boolean;
}

interface ThreadRow {
  id: string;
  title: string;
  created_at: Date | string;
  updated_at: Date | string;
  active_stream_id?: string | null;
}

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

function summary(row: ThreadRow): ThreadSummary {
  return { chatId: row.id, title: row.title, createdAt: iso(row.created_at), updatedAt: iso(row.updated_at) };
}

/**
 * A `ConversationStore` on a PostgreSQL database (PGlite or a server: the same SQL). Messages
 * are stored one row each in the compact tool-round form, so an answer's write is one row
 * however long the thread.
 */
export function createSqlStore(db: SqlDatabase, options: SqlStoreOptions = {}): ConversationStore {
  const now = options.now ?? (() => new Date());
  let ready: Promise<unknown> | undefined;
  const schema = () => (ready ??= options.migrate === false ? Promise.resolve() : migrate(db).catch((error: unknown) => {
    ready = undefined; // a later call tries again (the database may have been down)
    throw error;
  }));

  return {
    async listThreads(userId) {
      await schema();
      const { rows } = await db.query<ThreadRow>(
        'select id, title, created_at, updated_at from toolchat_threads where user_id = $1 order by updated_at desc, id',
        [userId],
      );
      return rows.map(summary);
    },

    async loadThread(userId, chatId) {
      await schema();
      const thread = await db.query<ThreadRow>(
        'select id, title, created_at, updated_at, active_stream_id from toolchat_threads where id = $1 and user_id = $2',
        [chatId, userId],
      );
      const row = thread.rows[0];
      if (!row) return undefined;
      const messages = await db.query<{ message: CompactMessage | UIMessage | string }>(
        'select message from toolchat_messages where thread_id = $1 order by position',
        [chatId],
      );
      const stored: StoredThread = {
        ...summary(row),
        messages: fromCompactMessages(messages.rows.map(({ message }) => (typeof message === 'string' ? JSON.parse(message) : message))),
      };
      if (row.active_stream_id) stored.activeStreamId = row.active_stream_id;
      return stored;
    },

    async saveMessages(userId, chatId, { from, messages }) {
      await schema();
      const at = now().toISOString();
      const title = from === 0 ? chatTitle(messages) : '';
      await db.transaction(async (tx) => {
        // Insert, or touch a thread this user owns; no row back means another user owns the id.
        const owned = await tx.query<{ id: string }>(
          `insert into toolchat_threads (id, user_id, title, created_at, updated_at) values ($1, $2, $3, $4, $4)
           on conflict (id) do update set updated_at = excluded.updated_at,
             title = case when toolchat_threads.title = '' then excluded.title else toolchat_threads.title end
           where toolchat_threads.user_id = excluded.user_id
           returning id`,
          [chatId, userId, title, at],
        );
        if (owned.rows.length === 0) throw new ThreadNotFoundError(chatId);
        await tx.query('delete from toolchat_messages where thread_id = $1 and position >= $2', [chatId, from]);
        if (messages.length === 0) return;
        // One statement for any number of messages.
        await tx.query(
          `insert into toolchat_messages (thread_id, position, id, message)
           select $1, $2 + ordinality - 1, element ->> 'id', element
           from jsonb_array_elements($3::jsonb) with ordinality as t(element, ordinality)`,
          [chatId, from, JSON.stringify(toCompactMessages(messages))],
        );
      });
    },

    async renameThread(userId, chatId, title) {
      await schema();
      const { rows } = await db.query<ThreadRow>(
        'update toolchat_threads set title = $3 where id = $1 and user_id = $2 returning id, title, created_at, updated_at',
        [chatId, userId, title],
      );
      return rows[0] && summary(rows[0]);
    },

    async deleteThread(userId, chatId) {
      await schema();
      const { rows } = await db.query<{ id: string }>('delete from toolchat_threads where id = $1 and user_id = $2 returning id', [chatId, userId]);
      return rows.length > 0;
    },

    async setActiveStream(userId, chatId, streamId, ifCurrent) {
      await schema();
      if (ifCurrent === undefined) {
        await db.query('update toolchat_threads set active_stream_id = $3 where id = $1 and user_id = $2', [chatId, userId, streamId]);
      } else {
        await db.query('update toolchat_threads set active_stream_id = $3 where id = $1 and user_id = $2 and active_stream_id = $4', [chatId, userId, streamId, ifCurrent]);
      }
    },

    close: () => db.close(),
  };
}
