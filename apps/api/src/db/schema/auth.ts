import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
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
    /**
     * HMAC of the one-click sign-in link's token mailed with the code (decision 062): single-use, same lifetime,
     * not subject to the code's guessing budget. Null for codes made before links existed.
     */
    linkTokenHash: text('link_token_hash'),
    /** HMAC of the nonce in the asking browser's cookie: the link signs in only in that browser (decision 062). */
    browserHash: text('browser_hash'),
    createdAt: createdAt(),
  },
  (t) => [
    check('login_codes_attempts_non_negative', sql`${t.failedAttempts} >= 0`),
    index('login_codes_email_idx').on(t.email, t.createdAt),
    uniqueIndex('login_codes_link_token_key').on(t.linkTokenHash),
  ],
);

/**
 * A person's passkeys: WebAuthn credentials that sign them in without a mailed code (decision 061). The public key
 * and the signature counter are what the server checks an assertion with; nothing secret is stored.
 */
export const passkeys = pgTable(
  'passkeys',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The credential's id as the authenticator made it, base64url. */
    credentialId: text('credential_id').notNull().unique(),
    /** The COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    /** The signature counter last seen; 0 for authenticators that do not count. */
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    /** How the browser may reach the authenticator ('internal', 'hybrid', 'usb', …), as it said. */
    transports: jsonb('transports').$type<string[]>().notNull().default([]),
    /** 'singleDevice' or 'multiDevice' (a synced passkey), and whether it is backed up. */
    deviceType: text('device_type').notNull(),
    backedUp: boolean('backed_up').notNull().default(false),
    /** The person's name for it ("Laptop", "Phone"). */
    name: text('name').notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('passkeys_user_idx').on(t.userId),
    check('passkeys_name_length', sql`char_length(trim(${t.name})) between 1 and 60`),
    check('passkeys_counter_non_negative', sql`${t.counter} >= 0`),
  ],
);

/**
 * WebAuthn challenges (decision 061): in the database so that any API process can check the answer, used once
 * (deleted as they are checked) and short-lived. A sign-in challenge has no user (a discoverable passkey names its
 * person); an adding challenge belongs to the signed-in person.
 */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    id: id(),
    /** The challenge as sent to the browser, base64url. */
    challenge: text('challenge').notNull().unique(),
    /** 'REGISTER' (adding a passkey) or 'SIGN_IN'. */
    kind: text('kind').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('webauthn_challenges_kind', sql`${t.kind} in ('REGISTER', 'SIGN_IN')`),
    index('webauthn_challenges_expires_idx').on(t.expiresAt),
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
