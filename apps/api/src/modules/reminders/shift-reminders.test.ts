import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Camp, insertPerson, insertRegistration } from '../../../test/camp';
import { adminPost, adminShift, configure, YEAR } from '../../../test/camp-registrations';
import { startQuietWaitlistCamp } from '../../../test/camp-waitlist';
import { outboxRowsTo } from '../../../test/rows';
import { shiftReminders } from '../../db/schema/index';
import { sendDueShiftReminders } from './shift-reminders';

// Shift reminders (docs/product.md §11, decision 055). Opening Sunday 2027-08-29 in Los Angeles: the Monday
// 09:00 shift starts at 2027-08-30T16:00Z.
const ZONE = 'America/Los_Angeles';
const MONDAY_NINE = Date.parse('2027-08-30T16:00:00.000Z');
const HOUR = 3_600_000;
const PUBLIC_URL = 'https://camp.example.org';

describe('shift reminders (docs/product.md §11)', () => {
  let camp: Camp;
  let category: string;
  let names = 0;

  beforeAll(async () => {
    camp = await startQuietWaitlistCamp({
      timeZone: ZONE,
      openingSunday: '2027-08-29',
      shiftReminderHours: 24,
    });
    await camp.t.app.services.shiftReminders.stop();
    category = await adminPost(camp, '/api/job-categories', { name: 'Kitchen', description: 'Food' });
  });
  afterAll(async () => {
    await camp?.close();
  });
  beforeEach(async () => {
    await configure(camp, { openingSunday: '2027-08-29', shiftReminderHours: 24 });
  });

  const db = () => camp.t.database.db;
  /** A Monday 09:00–12:00 shift with one job; answers both ids. */
  const mondayJob = async () => {
    names += 1;
    const shiftId = await adminShift(camp, `Breakfast ${names}`, 'MONDAY', '09:00', '12:00', {
      description: 'Bring a hat',
    });
    const jobId = await adminPost(camp, '/api/jobs', {
      name: `Pancakes ${names}`,
      location: 'Main kitchen',
      categoryId: category,
      shiftId,
      maxRegistrations: 10,
    });
    return { shiftId, jobId, label: `Pancakes ${names} (Breakfast ${names}, Monday)` };
  };
  const person = async (jobId: string, status: 'CONFIRMED' | 'CANCELLED' = 'CONFIRMED') => {
    const user = await insertPerson(db(), { firstName: 'Ada' });
    const registrationId = await insertRegistration(db(), {
      userId: user.id,
      year: YEAR,
      jobIds: [jobId],
      status,
    });
    return { email: user.email, registrationId };
  };
  const run = (at: number) => sendDueShiftReminders(db(), new Date(at), { publicUrl: PUBLIC_URL });

  it('mails each person on a shift once, inside the window and not before, naming the job, place and time', async () => {
    const { jobId, label } = await mondayJob();
    const ada = await person(jobId);
    const gone = await person(jobId, 'CANCELLED');

    expect(await run(MONDAY_NINE - 25 * HOUR)).toMatchObject({ reminders: 0, corrections: 0 });
    expect(await outboxRowsTo(db(), ada.email)).toEqual([]);

    const first = await run(MONDAY_NINE - 23 * HOUR);
    expect(first.reminders).toBeGreaterThanOrEqual(1);
    const mails = await outboxRowsTo(db(), ada.email);
    expect(mails.map((mail) => mail.subject)).toEqual([`Dust Camp: your shift ${label} is coming up`]);
    expect(mails[0]!.text).toContain(`Your shift ${label} is on Aug 30, 2027, 9:00 AM PDT.`);
    expect(mails[0]!.text).toContain('Location: Main kitchen.');
    expect(mails[0]!.text).toContain('Bring a hat');
    expect(mails[0]!.text).toContain(`${PUBLIC_URL}/#/dashboard`);

    // Again, later in the window, or after the shift began: nothing more.
    await run(MONDAY_NINE - 2 * HOUR);
    await run(MONDAY_NINE + HOUR);
    expect(await outboxRowsTo(db(), ada.email)).toHaveLength(1);
    expect(await outboxRowsTo(db(), gone.email)).toEqual([]);
    expect(
      await db()
        .select({ kind: shiftReminders.kind, startsAt: shiftReminders.startsAt })
        .from(shiftReminders)
        .where(eq(shiftReminders.registrationId, ada.registrationId)),
    ).toEqual([{ kind: 'REMINDER', startsAt: new Date(MONDAY_NINE) }]);
  });

  it('sends a correction at once when the shift moves after its reminder, and none before one went out', async () => {
    const { shiftId, jobId, label } = await mondayJob();
    const ada = await person(jobId);
    await run(MONDAY_NINE - 20 * HOUR);
    expect(await outboxRowsTo(db(), ada.email)).toHaveLength(1);

    // Two days later: the person must hear of it now, not in the new window.
    const moved = await camp.call('PATCH', `/api/shifts/${shiftId}`, camp.admin, { dayOfWeek: 'WEDNESDAY' });
    expect(moved.statusCode).toBe(200);
    expect(await run(MONDAY_NINE - 19 * HOUR)).toMatchObject({ corrections: 1 });
    const mails = await outboxRowsTo(db(), ada.email);
    expect(mails.map((mail) => mail.subject)).toEqual([
      `Dust Camp: your shift ${label} is coming up`,
      `Dust Camp: new time for your shift Pancakes ${names} (Breakfast ${names}, Wednesday)`,
    ]);
    expect(mails[1]!.text).toContain(
      'has changed: it is now on Sep 1, 2027, 9:00 AM PDT (it was on Aug 30, 2027, 9:00 AM PDT).',
    );
    // Nothing more in the new window: the correction named the new time.
    await run(MONDAY_NINE + 47 * HOUR);
    expect(await outboxRowsTo(db(), ada.email)).toHaveLength(2);

    // A person who joined before any reminder went out gets one reminder for the new time only.
    const bob = await person(jobId);
    await run(MONDAY_NINE + 30 * HOUR);
    expect((await outboxRowsTo(db(), bob.email)).map((mail) => mail.subject)).toEqual([
      `Dust Camp: your shift Pancakes ${names} (Breakfast ${names}, Wednesday) is coming up`,
    ]);
  });

  it('sends nothing without event dates or with reminders off', async () => {
    const { jobId } = await mondayJob();
    const ada = await person(jobId);
    await configure(camp, { openingSunday: null });
    expect(await run(MONDAY_NINE - HOUR)).toEqual({ reminders: 0, corrections: 0 });
    await configure(camp, { openingSunday: '2027-08-29', shiftReminderHours: null });
    expect(await run(MONDAY_NINE - HOUR)).toEqual({ reminders: 0, corrections: 0 });
    expect(await outboxRowsTo(db(), ada.email)).toEqual([]);
    const stored = await db().select().from(shiftReminders).orderBy(asc(shiftReminders.createdAt));
    expect(stored.filter((row) => row.registrationId === ada.registrationId)).toEqual([]);
  });

  it('refuses a reminder time outside 1–168 hours with the shared message', async () => {
    for (const shiftReminderHours of [0, 169, 2.5, '24']) {
      const response = await camp.call('PATCH', '/api/core-config/current', camp.admin, {
        shiftReminderHours,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json<{ message: string[] }>().message).toEqual([
        'Shift reminder time must be a whole number of hours from 1 to 168, or empty for no reminders',
      ]);
    }
  });
});
