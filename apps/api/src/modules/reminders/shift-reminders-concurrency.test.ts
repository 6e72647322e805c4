import { count, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Camp, insertConfirmedPeople } from '../../../test/camp';
import { adminPost, adminShift, YEAR } from '../../../test/camp-registrations';
import { startQuietWaitlistCamp } from '../../../test/camp-waitlist';
import { testDatabaseKind } from '../../../test/database';
import { rowsOf } from '../../db/raw';
import { emailOutbox, shiftReminders } from '../../db/schema/index';
import { sendDueShiftReminders } from './shift-reminders';

const MONDAY_NINE = Date.parse('2027-08-30T16:00:00.000Z');
const HOUR = 3_600_000;
const PEOPLE = 500;

// Exactly once with several processes and a restart (docs/product.md §11, decision 055). PGlite has one connection,
// so the race cannot show there: this suite needs PostgreSQL. Each sendDueShiftReminders call below runs on its own
// connections of the pool, as another API process would.
describe.skipIf(testDatabaseKind() === 'pglite')('shift reminders under load (PostgreSQL)', () => {
  let camp: Camp;

  beforeAll(async () => {
    camp = await startQuietWaitlistCamp({
      timeZone: 'America/Los_Angeles',
      openingSunday: '2027-08-29',
      shiftReminderHours: 24,
    });
    await camp.t.app.services.shiftReminders.stop();
  });
  afterAll(async () => {
    await camp?.close();
  });

  it(
    `writes exactly ${PEOPLE} reminders for ${PEOPLE} assignments, with two processes and one killed mid-way`,
    { timeout: 180_000 },
    async () => {
      const db = camp.t.database.db;
      const category = await adminPost(camp, '/api/job-categories', { name: 'Kitchen', description: 'Food' });
      const shiftIds = await Promise.all(
        [0, 1, 2, 3, 4].map((n) => adminShift(camp, `Breakfast ${n}`, 'MONDAY', `0${5 + n}:00`, '12:00')),
      );
      const jobIds: string[] = [];
      for (const shiftId of shiftIds) {
        jobIds.push(
          await adminPost(camp, '/api/jobs', {
            name: 'Pancakes',
            location: 'Main kitchen',
            categoryId: category,
            shiftId,
            maxRegistrations: PEOPLE,
          }),
        );
      }
      await insertConfirmedPeople(db, PEOPLE, { year: YEAR, jobIdsOf: (n) => [jobIds[n % jobIds.length]!] });

      const at = new Date(MONDAY_NINE - 12 * HOUR);
      // The first "process" dies after one batch; two others race over the rest; then a restarted one catches up.
      let batches = 0;
      const killed = sendDueShiftReminders(db, at, {
        publicUrl: 'https://camp.example.org',
        isStopped: () => batches++ >= 1,
      });
      const [a, b] = await Promise.all([
        sendDueShiftReminders(db, at, { publicUrl: 'https://camp.example.org' }),
        sendDueShiftReminders(db, at, { publicUrl: 'https://camp.example.org' }),
        killed,
      ]);
      const restarted = await sendDueShiftReminders(db, new Date(at.getTime() + HOUR), {
        publicUrl: 'https://camp.example.org',
      });
      const written = (await killed).reminders + a!.reminders + b!.reminders + restarted.reminders;
      expect(written).toBe(PEOPLE);

      const [rows] = await db.select({ n: count() }).from(shiftReminders);
      expect(rows!.n).toBe(PEOPLE);
      const duplicates = rowsOf<{ n: number }>(
        await db.execute(sql`select count(*)::int as n from (select registration_id, job_id from ${shiftReminders}
        group by registration_id, job_id having count(*) > 1) as twice`),
      );
      expect(duplicates[0]!.n).toBe(0);
      const [mails] = await db
        .select({ n: count() })
        .from(emailOutbox)
        .where(like(emailOutbox.subject, '%is coming up'));
      expect(mails!.n).toBe(PEOPLE);

      // Every one reaches the SMTP capture once.
      const outbox = camp.t.app.services.outbox;
      for (let pass = 0; pass < 50; pass += 1) {
        await outbox.drain();
        const [left] = await db
          .select({ n: count() })
          .from(emailOutbox)
          .where(eq(emailOutbox.status, 'PENDING'));
        if (left!.n === 0) break;
      }
      const delivered = camp.smtp.messages.filter((mail) => mail.subject.endsWith('is coming up'));
      expect(delivered).toHaveLength(PEOPLE);
      expect(new Set(delivered.map((mail) => mail.to.join(','))).size).toBe(PEOPLE);
    },
  );
});
