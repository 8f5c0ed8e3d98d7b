/** The part of a PostgreSQL client the store uses: PGlite and `pg` both fit it (see their adapters). */
export interface SqlQueryable {
  query<Row>(sql: string, params?: unknown[]): Promise<{ rows: Row[] }>;
}

/** A database connection that runs callbacks in transactions. */
export interface SqlDatabase extends SqlQueryable {
  transaction<T>(run: (tx: SqlQueryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}
