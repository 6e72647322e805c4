/**
 * DATABASE_URL=postgres://user@host:5432/db npm run bench:reminders [-- --assignments 10000] [-- --no-write]
 *
 * Shift reminders (docs/product.md §11, decision 055): how long queuing N reminders takes. A fresh database on the
 * PostgreSQL server of DATABASE_URL (dropped after; without DATABASE_URL an embedded PGlite) gets a camp with event
 * dates, 20 shifts on Monday with one job each, and N CONFIRMED registrations holding one job each, written with
 * the test kit's multi-row INSERTs. Then one pass of sendDueShiftReminders at a moment when every shift is inside
 * the 24-hour window is timed: it writes N `shift_reminders` rows and N outbox mails, in transactions of 500. A
 * second pass must write nothing (exactly once). Writes the "Shift reminders" section of docs/benchmarks.md (unless
 * --no-write) and exits 1 when a check failed.
 */
import { PGlite } from '@electric-sql/pglite';
import { randomUUID } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import { count, like } from 'drizzle-orm';
import { fromPglite, fromPostgresUrl, type DatabaseHandle } from '../apps/api/src/db/client';
import { emailOutbox, shiftReminders } from '../apps/api/src/db/schema/index';
import { sendDueShiftReminders } from '../apps/api/src/modules/reminders/shift-reminders';
import { addRegistration, emptyCamp, writeCamp } from '../apps/api/test/kit/camp-rows';
import { writeBenchmarkSection } from './bench/benchmarks-doc';
import { commandLine, wholeOption } from './bench/cli';
import { freshPostgres } from './bench/server';

const SECTION_HEADING = '## Shift reminders (`npm run bench:reminders`)';
const YEAR = 2027;
const SHIFTS = 20;
/** Monday 2027-08-30 06:00 in Los Angeles: every shift (06:00 onwards) starts within the next 24 hours. */
const NOW = new Date('2027-08-30T05:00:00.000Z');

const USAGE = `Usage: npm run bench:reminders [-- options]

  --assignments N   people on shifts, one shift each (default 10000)
  --no-write        print the results only; do not write docs/benchmarks.md

DATABASE_URL names the PostgreSQL server (a fresh database is created on it and dropped after); without it the
run uses an embedded PGlite.`;

async function main(): Promise<number> {
  const values = commandLine(USAGE, {
    assignments: { type: 'string' },
    'no-write': { type: 'boolean', default: false },
  });
  if (!values) return 2;
  const assignments = wholeOption('assignments', values.assignments, 10_000, 1, 1_000_000);
  const cleanups: Array<() => Promise<void>> = [];
  let handle: DatabaseHandle;
  let label: string;
  const url = process.env.DATABASE_URL?.trim();
  if (url) {
    const fresh = await freshPostgres(url, 'camp_reminders');
    cleanups.push(fresh.drop);
    handle = fromPostgresUrl(fresh.url, 4);
    label = fresh.label;
  } else {
    handle = fromPglite(await PGlite.create());
    label = 'PGlite (embedded, in memory)';
  }
  cleanups.unshift(() => handle.close());
  try {
    await handle.migrate();
    const camp = emptyCamp();
    camp.campConfig.push({
      id: randomUUID(),
      campName: 'Bench Camp',
      registrationYear: YEAR,
      timeZone: 'America/Los_Angeles',
      openingSunday: '2027-08-29',
      shiftReminderHours: 24,
    });
    const categoryId = randomUUID();
    camp.jobCategories.push({
      id: categoryId,
      name: 'Kitchen',
      description: 'Food',
      staffOnly: false,
      alwaysRequired: false,
    });
    const jobIds: string[] = [];
    for (let n = 0; n < SHIFTS; n += 1) {
      const shiftId = randomUUID();
      const hour = String(6 + (n % 14)).padStart(2, '0');
      camp.shifts.push({
        id: shiftId,
        name: `Shift ${n}`,
        dayOfWeek: 'MONDAY',
        startTime: `${hour}:00`,
        endTime: '23:00',
      });
      const jobId = randomUUID();
      jobIds.push(jobId);
      camp.jobs.push({
        id: jobId,
        name: `Job ${n}`,
        location: 'Kitchen',
        categoryId,
        shiftId,
        maxRegistrations: assignments,
        currentRegistrations: 0,
      });
    }
    for (let n = 0; n < assignments; n += 1) {
      const userId = randomUUID();
      camp.users.push({
        id: userId,
        email: `person${n}@example.org`,
        role: 'PARTICIPANT',
        createdAt: new Date(),
      });
      addRegistration(
        camp,
        { id: randomUUID(), userId, year: YEAR, status: 'CONFIRMED', createdAt: new Date() },
        { jobIds: [jobIds[n % SHIFTS]!] },
      );
    }
    await writeCamp(handle.db, camp);

    const started = performance.now();
    const pass = await sendDueShiftReminders(handle.db, NOW, { publicUrl: 'https://camp.example.org' });
    const elapsedMs = performance.now() - started;
    const again = await sendDueShiftReminders(handle.db, new Date(NOW.getTime() + 60_000), {
      publicUrl: 'https://camp.example.org',
    });
    const [rows] = await handle.db.select({ n: count() }).from(shiftReminders);
    const [mails] = await handle.db
      .select({ n: count() })
      .from(emailOutbox)
      .where(like(emailOutbox.subject, '%is coming up'));
    const problems: string[] = [];
    if (pass.reminders !== assignments)
      problems.push(`first pass wrote ${pass.reminders}, not ${assignments}`);
    if (again.reminders + again.corrections !== 0) problems.push(`second pass wrote ${again.reminders} more`);
    if (rows?.n !== assignments) problems.push(`${rows?.n} reminder rows`);
    if (mails?.n !== assignments) problems.push(`${mails?.n} outbox mails`);

    const perSecond = Math.round((assignments / elapsedMs) * 1000);
    const machine = `${cpus().length} CPUs, load ${loadavg()[0]!.toFixed(1)}, Node ${process.version}`;
    console.log(`bench:reminders — ${assignments} assignments on ${SHIFTS} shifts, ${label}`);
    console.log(
      `  queued ${pass.reminders} reminders in ${(elapsedMs / 1000).toFixed(2)} s (${perSecond}/s)`,
    );
    console.log(`  second pass: ${again.reminders} · rows ${rows?.n} · outbox mails ${mails?.n}`);
    for (const problem of problems) console.log(`  FAILED: ${problem}`);
    if (!values['no-write']) {
      await writeBenchmarkSection(
        SECTION_HEADING,
        [
          SECTION_HEADING,
          '',
          'One pass of the reminder worker (`sendDueShiftReminders`, decision 055) over a camp whose every assignment is',
          'due: rows in `shift_reminders` and mails in the outbox, written in transactions of 500 (the mails are sent by the',
          'outbox worker afterwards, not timed here). A second pass must write nothing.',
          '',
          '| Assignments | Database | Time to queue | Per second | Second pass | Machine |',
          '| --- | --- | --- | --- | --- | --- |',
          `| ${assignments} | ${url ? 'PostgreSQL (fresh database)' : 'PGlite'} | ${(elapsedMs / 1000).toFixed(2)} s | ${perSecond} | ${again.reminders} | ${machine} |`,
          '',
          `Run on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC. ${problems.length === 0 ? 'All checks passed.' : `Failed: ${problems.join('; ')}.`}`,
          '',
        ].join('\n'),
      );
    }
    return problems.length === 0 ? 0 : 1;
  } finally {
    for (const cleanup of cleanups) await cleanup();
  }
}

process.exitCode = await main();
