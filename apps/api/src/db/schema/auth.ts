import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';
import { users } from './users';

/** Sign-in codes: at most a few live per address (decision 020). Only their HMAC is kept. */
export const loginCodes = pgTable(
  'login_codes',
  {
    id: id(),
    /** Lower-cased address. It may hold a few live codes: a new one does not void the others (decision 020). */
    email: text('email').notNull(),
    codeHash: text('code_hash').notNull(),
    /** Who asked for it: a new code voids the older ones asked for from the same IP only. */
    requestedIp: text('requested_ip'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Wrong codes tried for the address since this code was made; at the limit the code is dead. */
    failedAttempts: integer('failed_attempts').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    check('login_codes_attempts_non_negative', sql`${t.failedAttempts} >= 0`),
    index('login_codes_email_idx').on(t.email, t.createdAt),
  ],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** All tokens descended from one sign-in; reuse of a rotated token revokes the family. */
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('refresh_tokens_family_idx').on(t.familyId), index('refresh_tokens_user_idx').on(t.userId)],
);

/** Fixed-window counters for rate limits that must hold across API processes. */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    hits: integer('hits').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);
