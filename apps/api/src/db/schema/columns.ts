import { timestamp, uuid } from 'drizzle-orm/pg-core';

/** Primary key: a UUID made by the database. */
export const id = () => uuid('id').primaryKey().defaultRandom();

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** Set by the services on every change ($onUpdate covers Drizzle updates). */
export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
