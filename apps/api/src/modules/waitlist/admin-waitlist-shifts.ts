import { type AdminShiftLine, PLACE_HOLDING_STATUSES } from '@camp/shared';
import { and, asc, count, eq, inArray, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { jobs, registrationJobs, registrations, shifts, shiftWaits, users } from '../../db/schema/index';
import { toShiftSummaryDto } from '../work/work-common';

// The admin Waitlist screen's shift lines (docs/product.md §10, decision 052): every job whose waitlist is on or
// that has people in line in the year, its places and its line in order. Read by AdminWaitlistService.list.

const OPEN = ['WAITING', 'OFFERED'] as const;

/** Open entries (WAITING or OFFERED) of `year`. */
const openOf = (year: number) => and(eq(shiftWaits.year, year), inArray(shiftWaits.state, [...OPEN]));

/** The shift lines of `year` in festival order (day, start time, job name), and the year's counts of them. */
export async function shiftLines(
  db: DbOrTx,
  year: number,
): Promise<{ lines: AdminShiftLine[]; waiting: number; offers: number }> {
  const withLine = sql`exists (select 1 from ${shiftWaits} where ${shiftWaits.jobId} = ${jobs.id}
    and ${shiftWaits.year} = ${year} and ${shiftWaits.state} in ('WAITING', 'OFFERED'))`;
  const rows = await db
    .select({ job: jobs, shift: shifts })
    .from(jobs)
    .innerJoin(shifts, eq(shifts.id, jobs.shiftId))
    .where(or(eq(jobs.waitlistEnabled, true), withLine))
    .orderBy(asc(shifts.dayOfWeek), asc(shifts.startTime), asc(jobs.name), asc(jobs.id));
  if (rows.length === 0) return { lines: [], waiting: 0, offers: 0 };
  const jobIds = rows.map((row) => row.job.id);

  // Taken: link rows of the year's registrations that hold places (the counter's own rule, capacity.ts).
  const taken = await db
    .select({ id: registrationJobs.jobId, n: count() })
    .from(registrationJobs)
    .innerJoin(registrations, eq(registrations.id, registrationJobs.registrationId))
    .where(
      and(
        inArray(registrationJobs.jobId, jobIds),
        eq(registrations.year, year),
        inArray(registrations.status, [...PLACE_HOLDING_STATUSES]),
      ),
    )
    .groupBy(registrationJobs.jobId);
  const entries = await db
    .select({
      wait: shiftWaits,
      status: registrations.status,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(shiftWaits)
    .innerJoin(registrations, eq(registrations.id, shiftWaits.registrationId))
    .innerJoin(users, eq(users.id, registrations.userId))
    .where(and(inArray(shiftWaits.jobId, jobIds), openOf(year)))
    .orderBy(asc(shiftWaits.lineKey), asc(shiftWaits.id));

  const takenOf = new Map(taken.map((row) => [row.id, row.n]));
  const holding: readonly string[] = PLACE_HOLDING_STATUSES;
  const lines = rows.map(({ job, shift }): AdminShiftLine => {
    const mine = entries.filter((entry) => entry.wait.jobId === job.id);
    return {
      jobId: job.id,
      name: job.name,
      location: job.location,
      shift: toShiftSummaryDto(shift),
      waitlistEnabled: job.waitlistEnabled,
      taken: takenOf.get(job.id) ?? 0,
      held: mine.filter((entry) => entry.wait.state === 'OFFERED').length,
      maxRegistrations: job.maxRegistrations,
      line: mine.map(({ wait, status, firstName, lastName, email }, index) => ({
        shiftWaitId: wait.id,
        registrationId: wait.registrationId,
        name: `${firstName ?? ''} ${lastName ?? ''}`.trim() || email,
        email,
        joinedAt: wait.joinedAt.toISOString(),
        position: index + 1,
        active: holding.includes(status),
        offer:
          wait.state === 'OFFERED' && wait.offeredAt && wait.expiresAt
            ? { offeredAt: wait.offeredAt.toISOString(), expiresAt: wait.expiresAt.toISOString() }
            : null,
        lastOffer:
          wait.lastOfferState && wait.lastOfferEndedAt
            ? { state: wait.lastOfferState, endedAt: wait.lastOfferEndedAt.toISOString() }
            : null,
      })),
    };
  });
  // The year's counts over every job (a line is listed whenever it has entries, so these are the lines' sums).
  const [totals] = await db
    .select({
      waiting: count(),
      offers: sql<number>`count(*) filter (where ${shiftWaits.state} = 'OFFERED')`.mapWith(Number),
    })
    .from(shiftWaits)
    .where(openOf(year));
  return { lines, waiting: totals?.waiting ?? 0, offers: totals?.offers ?? 0 };
}

/** 1 + the open entries before `lineKey` in the line of `jobId` (the entry's position, 1 is next). */
export async function shiftPosition(
  tx: DbOrTx,
  wait: { jobId: string; year: number; lineKey: number },
): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(shiftWaits)
    .where(
      and(eq(shiftWaits.jobId, wait.jobId), openOf(wait.year), sql`${shiftWaits.lineKey} < ${wait.lineKey}`),
    );
  return (row?.n ?? 0) + 1;
}
