import {
  centsToDollars,
  DRAW_TEXTS,
  type DrawSummary,
  duesFor,
  formatDateTimeInZone,
  formatDollars,
  eventCalendarOf,
  jobLabel,
  jobMailLabel,
  type RegistrationStatus,
} from '@camp/shared';
import { createHash, randomUUID } from 'node:crypto';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  campConfig,
  campingOptions,
  drawEntries,
  draws,
  jobs,
  registrations,
  shifts,
  users,
} from '../../db/schema/index';
import { recordAudit } from '../audit/audit-writer';
import type { OutboxMail } from '../mail/outbox';
import { dashboardUrlOf, forYear, type PaymentMailContext, personMail } from '../payments/payment-mail';
import {
  JOB_PLACES,
  lockPlacesLeft,
  OPTION_PLACES,
  takePlacesInOrder,
  tookAll,
} from '../registrations/capacity';
import { insertRegistrations, settleRegistrations } from '../registrations/registrations.store';
import { type DrawEntry, type DrawResult, formGroups, runDraw } from '../waitlist/draw';
import { WAITLIST_FILL_LOCK } from '../waitlist/fill';
import { joinLine, linePositions } from '../waitlist/lines';
import { scheduleWaitlistFill } from '../waitlist/tasks';
import { setPayByMany } from '../payments/deadlines';

/** What one run of a year's draw did. */
export type DrawRunOutcome =
  { ran: true; summary: DrawSummary } | { ran: false; reason: 'already drawn' | 'nothing to draw' };

export interface DrawRunContext {
  now: Date;
  publicUrl: string;
  /** The admin who pressed "Draw now"; null when the window's close ran it. */
  ranBy: string | null;
}

/** A live entry with its person, as the draw reads it. */
interface EntryRead {
  id: string;
  userId: string;
  email: string;
  firstName: string | null;
  role: typeof users.$inferSelect.role;
  campWith: string[];
  campingOptionIds: string[];
  jobIds: string[];
  fieldValues: Record<string, string>;
  acceptedTermsAt: Date;
}

const sortedUnique = (ids: Iterable<string>) => [...new Set(ids)].sort();

/** The outcome's digest: SHA-256 of the groups (entry ids) in drawn order with whether each won. */
export function drawDigest(result: Pick<DrawResult, 'order'>): string {
  return createHash('sha256')
    .update(JSON.stringify(result.order.map((group) => [group.won ? 1 : 0, ...group.ids])))
    .digest('hex');
}

/**
 * Runs the year's draw in the caller's transaction (docs/product.md §10, decision 049): the worker's, which
 * claimed the DRAW task and marks it DONE in the same transaction, so a process killed mid-way leaves
 * everything as it was and the next claim draws the same result (the seed is stored with the draw).
 *
 * 1. The year's advisory lock (the fill's: a fill and the draw never interleave) and the draw row, locked.
 * 2. The live entries (ENTERED, locked: a withdraw either committed before or waits). An entry whose person has
 *    meanwhile got a registration of the year (an admin's) is WITHDRAWN: nobody holds two.
 * 3. The chosen options and jobs are locked in id order and their places left read; choices that no longer
 *    exist are dropped.
 * 4. formGroups + runDraw with the stored seed.
 * 5. Registrations from the entries: the waitlisted join the line in drawn order (line keys from nextLineKey),
 *    then the winners take their places in drawn order (each claim must succeed: the draw saw the same counters
 *    under the same locks), PENDING with a card payment when dues are owed, else CONFIRMED.
 * 6. Mails ("you won a place", "you are on the waitlist, number N for …") into the outbox, entries updated,
 *    the draw's summary, audit DRAW_RUN and one DRAW_ENTRY per entry.
 */
export async function runYearDraw(
  tx: DbOrTx,
  year: number,
  context: DrawRunContext,
): Promise<DrawRunOutcome> {
  await tx.execute(sql`select pg_advisory_xact_lock(${WAITLIST_FILL_LOCK}, ${year})`);
  const [draw] = await tx.select().from(draws).where(eq(draws.year, year)).for('update');
  if (!draw) throw new Error(`No draw is scheduled for ${year}`);
  if (draw.ranAt) return { ran: false, reason: 'already drawn' };

  const live = await tx
    .select({
      id: drawEntries.id,
      userId: drawEntries.userId,
      email: users.email,
      firstName: users.firstName,
      role: users.role,
      campWith: drawEntries.campWith,
      campingOptionIds: drawEntries.campingOptionIds,
      jobIds: drawEntries.jobIds,
      fieldValues: drawEntries.fieldValues,
      acceptedTermsAt: drawEntries.acceptedTermsAt,
    })
    .from(drawEntries)
    .innerJoin(users, eq(users.id, drawEntries.userId))
    .where(and(eq(drawEntries.year, year), eq(drawEntries.state, 'ENTERED')))
    .orderBy(drawEntries.id)
    .for('update', { of: drawEntries });
  const registered = new Set(
    live.length === 0
      ? []
      : (
          await tx
            .select({ userId: registrations.userId })
            .from(registrations)
            .where(
              and(
                inArray(
                  registrations.userId,
                  live.map((entry) => entry.userId),
                ),
                eq(registrations.year, year),
                ne(registrations.status, 'CANCELLED'),
              ),
            )
        ).map((row) => row.userId),
  );
  const gone = live.filter((entry) => registered.has(entry.userId)).map((entry) => entry.id);
  if (gone.length > 0) {
    await tx
      .update(drawEntries)
      .set({ state: 'WITHDRAWN', updatedAt: context.now })
      .where(inArray(drawEntries.id, gone));
  }
  const entries = live.filter((entry) => !registered.has(entry.userId)) as EntryRead[];
  // A year that is no longer the registration year, with nobody to draw (its window was set, then the year
  // changed before anyone entered): no draw is recorded, so the year can be scheduled again when it is the
  // registration year once more (decision 049, addendum of 2026-11-27). Its entries, when it has some, are drawn.
  if (entries.length === 0) {
    const [config] = await tx
      .select({ registrationYear: campConfig.registrationYear })
      .from(campConfig)
      .limit(1);
    if (config && config.registrationYear !== year) return { ran: false, reason: 'nothing to draw' };
  }

  // The places, locked in the order every writer of the counters uses.
  const jobRows = await tx
    .select({ id: jobs.id, name: jobs.name, shift: shifts })
    .from(jobs)
    .innerJoin(shifts, eq(shifts.id, jobs.shiftId))
    .where(inArray(jobs.id, sortedUnique(entries.flatMap((entry) => entry.jobIds))));
  const optionRows = await tx
    .select({
      id: campingOptions.id,
      name: campingOptions.name,
      participantDuesCents: campingOptions.participantDuesCents,
      staffDuesCents: campingOptions.staffDuesCents,
    })
    .from(campingOptions)
    .where(inArray(campingOptions.id, sortedUnique(entries.flatMap((entry) => entry.campingOptionIds))));
  const jobLeft = await lockPlacesLeft(JOB_PLACES, tx, year, sortedUnique(jobRows.map((row) => row.id)));
  const optionLeft = await lockPlacesLeft(
    OPTION_PLACES,
    tx,
    year,
    sortedUnique(optionRows.map((row) => row.id)),
  );
  const jobById = new Map(jobRows.map((row) => [row.id, row]));
  const optionById = new Map(optionRows.map((row) => [row.id, row]));
  for (const entry of entries) {
    entry.campingOptionIds = entry.campingOptionIds.filter((id) => optionLeft.has(id));
    entry.jobIds = entry.jobIds.filter((id) => jobLeft.has(id));
  }

  const drawn: DrawEntry[] = entries.map((entry) => ({
    id: entry.id,
    email: entry.email,
    campWith: entry.campWith,
    campingOptionIds: entry.campingOptionIds,
    jobIds: entry.jobIds,
  }));
  const { split } = formGroups(drawn);
  const result = runDraw({
    seed: draw.seed,
    entries: drawn,
    optionPlaces: optionLeft,
    jobPlaces: new Map([...jobLeft].map(([id, left]) => [id, left ?? 0])),
  });

  // Registrations from the entries, one statement.
  const byId = new Map(entries.map((entry) => [entry.id, entry]));
  const winners = new Set(result.winners);
  const duesOf = (entry: EntryRead) =>
    duesFor(
      entry.campingOptionIds.map((id) => {
        const option = optionById.get(id) as (typeof optionRows)[number];
        return {
          participantDues: centsToDollars(option.participantDuesCents),
          staffDues: centsToDollars(option.staffDuesCents),
        };
      }),
      entry.role,
    ).cents;
  const inserted = await insertRegistrations(
    tx,
    year,
    entries.map((entry) => ({
      userId: entry.userId,
      status: (winners.has(entry.id) && duesOf(entry) === 0 ? 'CONFIRMED' : 'PENDING') as RegistrationStatus,
      acceptedTermsAt: entry.acceptedTermsAt,
      optionIds: entry.campingOptionIds,
      storedValues: Object.entries(entry.fieldValues).map(([fieldId, value]) => ({ fieldId, value })),
      jobIds: entry.jobIds,
    })),
  );
  const registrationOf = (entryId: string) => {
    const rows = inserted.get((byId.get(entryId) as EntryRead).userId);
    if (!rows) throw new Error(`The draw could not register entry ${entryId}`);
    return rows.id;
  };
  // The waitlisted first (they hold no place), in drawn order; then the winners take theirs in drawn order.
  await joinLine(tx, result.waitlisted.map(registrationOf), context.now);
  const full = await takePlacesInOrder(
    tx,
    year,
    result.winners.map((id) => {
      const entry = byId.get(id) as EntryRead;
      return {
        registrationId: registrationOf(id),
        campingOptionIds: entry.campingOptionIds,
        jobIds: entry.jobIds,
      };
    }),
  );
  if (!full.every(tookAll)) throw new Error('The draw found a place taken that it had counted as free');

  // Winners who owe dues have the camp's payment deadline from now (docs/product.md §10, decision 050), which
  // their mail states.
  const owing = result.winners.filter((id) => duesOf(byId.get(id) as EntryRead) > 0).map(registrationOf);
  const payByOf = await setPayByMany(tx, owing, context.now);

  // Mails, payments, entries, the record.
  const [camp] = await tx
    .select({
      campName: campConfig.campName,
      timeZone: campConfig.timeZone,
      openingSunday: campConfig.openingSunday,
    })
    .from(campConfig)
    .limit(1);
  const calendar = camp ? eventCalendarOf(camp) : null;
  const contextOf = (entry: EntryRead): PaymentMailContext => ({
    to: entry.email,
    firstName: entry.firstName,
    campName: camp?.campName ?? '',
    year,
    dashboardUrl: dashboardUrlOf(context.publicUrl),
  });
  const jobsOf = (entry: EntryRead) =>
    entry.jobIds.map((id) => {
      const job = jobById.get(id) as (typeof jobRows)[number];
      return jobMailLabel(job.name, job.shift, calendar);
    });
  const spots = await linePositions(tx, result.waitlisted.map(registrationOf));
  const mails: OutboxMail[] = [];
  const payments: Array<{ userId: string; registrationId: string; amountCents: number }> = [];
  for (const id of result.winners) {
    const entry = byId.get(id) as EntryRead;
    const cents = duesOf(entry);
    const registrationId = registrationOf(id);
    if (cents > 0) payments.push({ userId: entry.userId, registrationId, amountCents: cents });
    const payBy = payByOf.get(registrationId);
    mails.push(
      wonMail(contextOf(entry), {
        cents,
        payBy: payBy ? formatDateTimeInZone(payBy, camp?.timeZone ?? 'UTC') : null,
        options: entry.campingOptionIds.map((o) => optionById.get(o)?.name ?? ''),
        jobs: jobsOf(entry),
      }),
    );
  }
  for (const id of result.waitlisted) {
    const entry = byId.get(id) as EntryRead;
    const registrationId = registrationOf(id);
    mails.push(
      waitlistedMail(
        contextOf(entry),
        spots
          .filter((spot) => spot.registrationId === registrationId)
          .map((spot) => ({
            name: optionById.get(spot.campingOptionId)?.name ?? '',
            position: spot.position,
          }))
          .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)),
      ),
    );
  }
  await settleRegistrations(tx, { refusedIds: [], payments, mails });

  const position = new Map(result.order.flatMap((group) => group.ids).map((id, index) => [id, index]));
  for (const entry of entries) {
    await tx
      .update(drawEntries)
      .set({
        state: winners.has(entry.id) ? 'WON' : 'WAITLISTED',
        drawnPosition: position.get(entry.id) as number,
        registrationId: registrationOf(entry.id),
        updatedAt: context.now,
      })
      .where(eq(drawEntries.id, entry.id));
  }
  const emailOf = (id: string) => byId.get(id)?.email ?? id;
  const summary: DrawSummary = {
    entries: entries.length,
    groups: result.order.length,
    groupsOfSeveral: result.order.filter((group) => group.ids.length > 1).length,
    winners: result.winners.length,
    waitlisted: result.waitlisted.length,
    optionPlacesUsed: [...result.optionPlacesUsed].map(([id, used]) => ({
      id,
      name: optionById.get(id)?.name ?? '',
      used,
    })),
    jobPlacesUsed: [...result.jobPlacesUsed].map(([id, used]) => {
      const job = jobById.get(id);
      return { id, name: job ? jobLabel(job.name, job.shift.name, job.shift.dayOfWeek) : '', used };
    }),
    split: split.map((circle) => circle.map(emailOf)),
    digest: drawDigest(result),
  };
  // Places nobody could use in the draw (a group too big for what was left) go to the line (decision 048).
  await scheduleWaitlistFill(tx, year);
  await tx
    .update(draws)
    .set({ ranAt: context.now, ranBy: context.ranBy, summary })
    .where(eq(draws.id, draw.id));
  const transactionId = randomUUID();
  await recordAudit(
    tx,
    {
      actionType: 'DRAW_RUN',
      transactionId,
      adminUserId: context.ranBy,
      registrationId: null,
      newValues: { year, seed: draw.seed, algorithm: result.algorithm, ...summary },
    },
    ...entries.map((entry) => ({
      actionType: 'DRAW_ENTRY' as const,
      transactionId,
      adminUserId: context.ranBy,
      registrationId: registrationOf(entry.id),
      newValues: {
        entryId: entry.id,
        // The address the draw linked "camp with" names by: a re-run (npm run draw:verify) reads it, since the
        // account's address may change later.
        email: entry.email,
        state: winners.has(entry.id) ? 'WON' : 'WAITLISTED',
        drawnPosition: position.get(entry.id) as number,
      },
    })),
  );
  return { ran: true, summary };
}

/** "You won a place" with what is owed and, when the camp has a payment deadline, by when (docs/product.md §10). */
function wonMail(
  context: PaymentMailContext,
  won: { cents: number; payBy: string | null; options: string[]; jobs: string[] },
): OutboxMail {
  return personMail(context, DRAW_TEXTS.wonSubject(context.campName, forYear(context)), [
    DRAW_TEXTS.wonIntro(context.campName, forYear(context)),
    `Camping: ${won.options.join(', ')}`,
    `Work shifts: ${won.jobs.length > 0 ? won.jobs.join('; ') : 'none'}`,
    won.cents === 0
      ? 'Your registration is confirmed.'
      : `Your dues come to ${formatDollars(won.cents / 100)} USD. Your registration is confirmed once they are paid; you can pay them from your dashboard.`,
    ...(won.cents > 0 && won.payBy !== null ? [DRAW_TEXTS.wonPayBy(won.payBy)] : []),
  ]);
}

/** "You are on the waitlist, number N for …" (docs/product.md §10). */
function waitlistedMail(
  context: PaymentMailContext,
  positions: ReadonlyArray<{ name: string; position: number }>,
): OutboxMail {
  return personMail(context, DRAW_TEXTS.waitlistedSubject(context.campName, forYear(context)), [
    DRAW_TEXTS.waitlistedIntro(context.campName, forYear(context)),
    ...positions.map((spot) => DRAW_TEXTS.waitlistPosition(spot.position, spot.name)),
  ]);
}
