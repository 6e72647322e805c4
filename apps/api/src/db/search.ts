import { type SQL, sql } from 'drizzle-orm';
import { users } from './schema/index';

// The text searches of the admin lists (users, payments, registrations): one way to match a typed text.

/** `%text%` for ILIKE, with `%`, `_` and `\` typed into the search box matched literally. */
export function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** A person's "first last" name, so 'bob jones' finds Bob Jones. */
export const fullNameOf: SQL = sql`coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')`;
