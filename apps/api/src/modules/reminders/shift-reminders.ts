import {
  DEFAULT_CAMP_NAME,
  eventCalendarOf,
  formatDateTimeInZone,
  jobLabel,
  PLACE_HOLDING_STATUSES,
  SHIFT_REMINDER_MAILS,
  shiftMoments,
  type ShiftReminderKind,
} from '@camp/shared';
import { inArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/raw';
import {
  campConfig,
  emailOutbox,
  jobs,
  registrationJobs,
  registrations,
  shiftReminders,
  shifts,
  users,
} from '../../db/schema/index';
import { dashboardUrlOf, personMail } from '../payments/payment-mail';

/**
 * Shift reminders (docs/product.md §11, decision 055). The rows are the record: `shift_reminders` holds one row per
 * registration, job and the start the mail named, written with its mail in one transaction; its unique index makes
 * the insert the claim, so with any number of processes and across restarts each mail is written exactly once.
 *
 * A pass, for the registration year (with event dates and reminders on):
 *   1. every shift's start as a moment (the shared event-date rules, in the camp's time zone);
 *   2. for the shifts that start later than now, in batches: the assignments (a job link of a registration that holds
 *      places) with no row for the current start, where either the start is within the reminder window (a
 *      REMINDER) or a row for another start exists (the time changed after a mail went out: a CORRECTION, sent at
 *      once, whatever the window) — inserted with ON CONFLICT DO NOTHING, and a mail written for each row inserted.
 * A cancelled registration, or a shift the person no longer holds, has no link row to match: no mail.
 */

/** Rows inserted (and mails written) per transaction. */
const BATCH = 500;

/** What one pass did. */
export interface ReminderPass {
  reminders: number;
  corrections: number;
}

interface ShiftStart {
  shiftId: string;
  startsAt: Date;
  inWindow: boolean;
}

/** The camp's reminder settings and the shifts' starts that may need a mail now; null when reminders are off. */
async function dueStarts(db: DbOrTx, now: Date): Promise<{ year: number; starts: ShiftStart[] } | null> {
  const [config] = await db
    .select({
      hours: campConfig.shiftReminderHours,
      openingSunday: campConfig.openingSunday,
      timeZone: campConfig.timeZone,
      year: campConfig.registrationYear,
    })
    .from(campConfig)
    .limit(1);
  const calendar = config ? eventCalendarOf(config) : null;
  if (!config?.hours || !calendar) return null;
  const windowEnd = now.getTime() + config.hours * 3_600_000;
  const rows = await db
    .select({
      id: shifts.id,
      dayOfWeek: shifts.dayOfWeek,
      dayOffset: shifts.dayOffset,
      startTime: shifts.startTime,
      endTime: shifts.endTime,
    })
    .from(shifts);
  const starts: ShiftStart[] = [];
  for (const row of rows) {
    const startsAt = new Date(shiftMoments(row, calendar, config.timeZone).start);
    if (startsAt.getTime() <= now.getTime()) continue;
    starts.push({ shiftId: row.id, startsAt, inWindow: startsAt.getTime() <= windowEnd });
  }
  return { year: config.year, starts };
}

/** Inserts one batch of due reminder rows; answers the rows inserted. */
async function claimBatch(
  tx: DbOrTx,
  year: number,
  starts: readonly ShiftStart[],
): Promise<Array<{ registrationId: string; jobId: string; startsAt: Date; kind: ShiftReminderKind }>> {
  const earlier = sql`exists (select 1 from ${shiftReminders} as sent
    where sent.registration_id = ${registrationJobs.registrationId} and sent.job_id = ${registrationJobs.jobId})`;
  const rows = rowsOf<{
    registrationId: string;
    jobId: string;
    startsAt: Date | string;
    kind: ShiftReminderKind;
  }>(
    await tx.execute(sql`
      with due as (
        select * from unnest(${sql.param(starts.map((start) => start.shiftId))}::uuid[],
          ${sql.param(starts.map((start) => start.startsAt.toISOString()))}::timestamptz[],
          ${sql.param(starts.map((start) => start.inWindow))}::boolean[]) as d(shift_id, starts_at, in_window)
      ),
      candidates as (
        select ${registrationJobs.registrationId} as registration_id, ${registrationJobs.jobId} as job_id,
          due.starts_at, case when ${earlier} then 'CORRECTION' else 'REMINDER' end as kind
        from ${registrationJobs}
        join ${registrations} on ${registrations.id} = ${registrationJobs.registrationId}
        join ${jobs} on ${jobs.id} = ${registrationJobs.jobId}
        join due on due.shift_id = ${jobs.shiftId}
        where ${registrations.year} = ${year}
          and ${inArray(registrations.status, [...PLACE_HOLDING_STATUSES])}
          and (due.in_window or ${earlier})
          and not exists (select 1 from ${shiftReminders} as sent
            where sent.registration_id = ${registrationJobs.registrationId}
              and sent.job_id = ${registrationJobs.jobId} and sent.starts_at = due.starts_at)
        order by due.starts_at, ${registrationJobs.registrationId}, ${registrationJobs.jobId}
        limit ${BATCH}
      )
      insert into ${shiftReminders} (registration_id, job_id, starts_at, kind)
      select registration_id, job_id, starts_at, kind::shift_reminder_kind from candidates
      on conflict do nothing
      returning registration_id as "registrationId", job_id as "jobId", starts_at as "startsAt", kind`),
  );
  return rows.map((row) => ({ ...row, startsAt: new Date(row.startsAt) }));
}

/** Writes the mails of the reminder rows just inserted, in their transaction (one outbox insert). */
async function writeMails(
  tx: DbOrTx,
  claimed: ReadonlyArray<{ registrationId: string; jobId: string; startsAt: Date; kind: ShiftReminderKind }>,
  publicUrl: string,
): Promise<void> {
  if (claimed.length === 0) return;
  const [camp] = await tx
    .select({ campName: campConfig.campName, timeZone: campConfig.timeZone })
    .from(campConfig)
    .limit(1);
  const campName = camp?.campName ?? DEFAULT_CAMP_NAME;
  const timeZone = camp?.timeZone ?? 'UTC';
  const people = new Map(
    (
      await tx
        .select({ registrationId: registrations.id, email: users.email, firstName: users.firstName })
        .from(registrations)
        .innerJoin(users, sql`${users.id} = ${registrations.userId}`)
        .where(inArray(registrations.id, [...new Set(claimed.map((row) => row.registrationId))]))
    ).map((row) => [row.registrationId, row]),
  );
  const jobsById = new Map(
    (
      await tx
        .select({
          id: jobs.id,
          name: jobs.name,
          location: jobs.location,
          shiftName: shifts.name,
          day: shifts.dayOfWeek,
          description: shifts.description,
        })
        .from(jobs)
        .innerJoin(shifts, sql`${shifts.id} = ${jobs.shiftId}`)
        .where(inArray(jobs.id, [...new Set(claimed.map((row) => row.jobId))]))
    ).map((row) => [row.id, row]),
  );
  const earlierStarts = await previousStarts(tx, claimed);
  const mails = claimed.flatMap((row) => {
    const person = people.get(row.registrationId);
    const job = jobsById.get(row.jobId);
    if (!person || !job) return [];
    const label = jobLabel(job.name, job.shiftName, job.day);
    const facts = {
      job: label,
      location: job.location,
      when: formatDateTimeInZone(row.startsAt, timeZone),
      description: job.description,
    };
    const context = {
      to: person.email,
      firstName: person.firstName,
      campName,
      year: null,
      dashboardUrl: dashboardUrlOf(publicUrl),
    };
    const before = earlierStarts.get(`${row.registrationId}:${row.jobId}`);
    return row.kind === 'CORRECTION' && before
      ? [
          personMail(
            context,
            SHIFT_REMINDER_MAILS.correctionSubject(campName, label),
            SHIFT_REMINDER_MAILS.correctionLines(facts, formatDateTimeInZone(before, timeZone)),
          ),
        ]
      : [
          personMail(
            context,
            SHIFT_REMINDER_MAILS.reminderSubject(campName, label),
            SHIFT_REMINDER_MAILS.reminderLines(facts),
          ),
        ];
  });
  if (mails.length === 0) return;
  await tx
    .insert(emailOutbox)
    .values(
      mails.map((mail) => ({ toAddress: mail.to, subject: mail.subject, html: mail.html, text: mail.text })),
    );
}

/** The start each claimed correction's previous mail named (the latest other row of its registration and job). */
async function previousStarts(
  tx: DbOrTx,
  claimed: ReadonlyArray<{ registrationId: string; jobId: string; startsAt: Date; kind: ShiftReminderKind }>,
): Promise<Map<string, Date>> {
  const corrections = claimed.filter((row) => row.kind === 'CORRECTION');
  if (corrections.length === 0) return new Map();
  const rows = rowsOf<{ registrationId: string; jobId: string; startsAt: Date | string }>(
    await tx.execute(sql`
      select distinct on (sent.registration_id, sent.job_id) sent.registration_id as "registrationId",
        sent.job_id as "jobId", sent.starts_at as "startsAt"
      from ${shiftReminders} as sent
      join unnest(${sql.param(corrections.map((row) => row.registrationId))}::uuid[],
        ${sql.param(corrections.map((row) => row.jobId))}::uuid[],
        ${sql.param(corrections.map((row) => row.startsAt.toISOString()))}::timestamptz[]) as now_(r, j, s)
        on sent.registration_id = now_.r and sent.job_id = now_.j and sent.starts_at <> now_.s
      order by sent.registration_id, sent.job_id, sent.created_at desc, sent.starts_at desc`),
  );
  return new Map(rows.map((row) => [`${row.registrationId}:${row.jobId}`, new Date(row.startsAt)]));
}

/**
 * Writes every reminder and correction due at `now`, in transactions of at most BATCH mails. Answers how many of
 * each it wrote (0 when reminders are off or the camp has no event dates).
 */
export async function sendDueShiftReminders(
  db: Db,
  now: Date,
  context: { publicUrl: string; isStopped?: () => boolean },
): Promise<ReminderPass> {
  const pass: ReminderPass = { reminders: 0, corrections: 0 };
  const due = await dueStarts(db, now);
  if (!due || due.starts.length === 0) return pass;
  for (;;) {
    if (context.isStopped?.()) break;
    const claimed = await db.transaction(async (tx) => {
      const rows = await claimBatch(tx, due.year, due.starts);
      await writeMails(tx, rows, context.publicUrl);
      return rows;
    });
    for (const row of claimed) {
      if (row.kind === 'CORRECTION') pass.corrections += 1;
      else pass.reminders += 1;
    }
    if (claimed.length < BATCH) break;
  }
  return pass;
}
