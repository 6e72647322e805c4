import type { AuditActionType } from '@camp/shared';
import { and, asc, eq, like } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../src/db/client';
import { auditRecords, emailOutbox, registrations } from '../src/db/schema/index';
import { countersMatchRows, describeMismatch } from '../src/modules/registrations/capacity';

// What the API suites read back from the database to assert on: one reader each, so the suites of the waitlist,
// the draw and the payment deadlines check rows the same way.

/** A registration's row (the test fails on a missing one when it reads a field). */
export async function registrationRow(db: Db, id: string) {
  const [row] = await db.select().from(registrations).where(eq(registrations.id, id));
  return row!;
}

/** The audit records of a registration, oldest first; only those of one action type when given. */
export function auditRowsOf(db: Db, registrationId: string, actionType?: AuditActionType) {
  return db
    .select()
    .from(auditRecords)
    .where(
      and(
        eq(auditRecords.registrationId, registrationId),
        actionType ? eq(auditRecords.actionType, actionType) : undefined,
      ),
    )
    .orderBy(asc(auditRecords.createdAt));
}

/**
 * The outbox's mails to an address, oldest first; only those whose subject is like the pattern (SQL LIKE) when
 * given.
 */
export function outboxRowsTo(db: Db, email: string, subject = '%') {
  return db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, email), like(emailOutbox.subject, subject)))
    .orderBy(asc(emailOutbox.createdAt));
}

/** The subjects of the outbox's mails to an address, oldest first (those like the pattern when given). */
export async function outboxSubjectsTo(db: Db, email: string, subject = '%'): Promise<string[]> {
  return (await outboxRowsTo(db, email, subject)).map((mail) => mail.subject);
}

/** Every option's and job's place counter equals its rows for the year (docs/architecture.md §7). */
export async function expectCountersMatch(db: Db, year: number): Promise<void> {
  const { mismatches } = await countersMatchRows(db, year);
  expect(mismatches.map(describeMismatch)).toEqual([]);
}
