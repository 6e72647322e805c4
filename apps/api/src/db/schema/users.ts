import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';
import { userRole } from './enums';

export const users = pgTable(
  'users',
  {
    id: id(),
    email: text('email').notNull(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    playaName: text('playa_name'),
    profilePicture: text('profile_picture'),
    role: userRole('role').notNull().default('PARTICIPANT'),
    isEmailVerified: boolean('is_email_verified').notNull().default(false),
    phone: text('phone'),
    city: text('city'),
    stateProvince: text('state_province'),
    country: text('country'),
    emergencyContact: text('emergency_contact'),
    allowRegistration: boolean('allow_registration').notNull().default(true),
    allowEarlyRegistration: boolean('allow_early_registration').notNull().default(false),
    allowDeferredDuesPayment: boolean('allow_deferred_dues_payment').notNull().default(false),
    allowNoJob: boolean('allow_no_job').notNull().default(false),
    internalNotes: text('internal_notes'),
    /** scrypt hash of the optional admin-set password; never returned. */
    passwordHash: text('password_hash'),
    /**
     * The version of the person's calendar feed link (decision 054): the link's token is an HMAC over the user id
     * and this number, so "reset link" (+1) invalidates every earlier link without storing any token.
     */
    calendarFeedVersion: integer('calendar_feed_version').notNull().default(0),
    /**
     * When the account was deleted (docs/product.md §12 "My data", decision 063): the person's fields are erased and
     * the address replaced, so nobody can sign in as them; the row stays for the counts and the camp's accounts.
     */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One account per address, whatever its case.
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    check('users_email_shape', sql`position('@' in ${t.email}) > 1 and char_length(${t.email}) <= 254`),
    check(
      'users_text_lengths',
      sql`coalesce(char_length(${t.firstName}), 0) <= 50 and coalesce(char_length(${t.lastName}), 0) <= 50
        and coalesce(char_length(${t.playaName}), 0) <= 50 and coalesce(char_length(${t.phone}), 0) <= 50
        and coalesce(char_length(${t.city}), 0) <= 50 and coalesce(char_length(${t.stateProvince}), 0) <= 50
        and coalesce(char_length(${t.country}), 0) <= 50
        and coalesce(char_length(${t.emergencyContact}), 0) <= 1024`,
    ),
  ],
);

/**
 * Internal notes on a person (docs/product.md §12, decision 060): many per person, written by admins and read only
 * by admins; never part of any answer a participant or staff member gets. A note's author may edit or delete it.
 */
export const userNotes = pgTable(
  'user_notes',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Null once the author's account is gone (the note stays, "a former admin"). */
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('user_notes_body_length', sql`char_length(trim(${t.body})) between 1 and 2000`),
    index('user_notes_user_idx').on(t.userId, t.createdAt),
  ],
);
