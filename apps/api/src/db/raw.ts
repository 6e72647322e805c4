import { type Column, type SQL, sql } from 'drizzle-orm';

// Raw statements are allowed only where decision 042 lists why. They name columns through the Drizzle schema:
// `${table.column}` ("table"."column") wherever a qualified name may stand, `bare(table.column)` where it may
// not, so a renamed column fails typecheck instead of the statement failing at run time.

/** The rows of a raw `db.execute(sql…)` statement (node-postgres and PGlite both answer `{ rows }`). */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** A column's unqualified name ("user_id"): an insert's column list, an update's SET, an ON CONFLICT target. */
export const bare = (column: Column): SQL => sql`${sql.identifier(column.name)}`;
