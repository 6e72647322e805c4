import type { CheckInPerson, CheckInShiftDetail, CheckInShiftList } from '@camp/shared';
import { eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditRecords, registrationJobs, users } from '../../db/schema/index';
import { type Camp, insertPerson, insertRegistration, startCamp } from '../../../test/camp';
import {
  adminPost,
  adminShift,
  auditTrail,
  configure,
  insertSignedInPerson,
  type Person,
  YEAR,
} from '../../../test/camp-registrations';

// Check-in at shifts (docs/product.md §11 Check-in, decision 058).

const OPENING_SUNDAY = '2027-08-29';
const ROW_NOT_FOUND = {
  statusCode: 404,
  error: 'Not Found',
  message: 'This person is not on a shift of the registration year',
};
const zeroCounts = { people: 0, shows: 0, noShows: 0, unmarked: 0 };

describe('check-in: /api/check-in', () => {
  let camp: Camp;
  let owner: Person;
  const ids = {
    monday: '',
    setup: '',
    tuesday: '',
    greeter: '',
    runner: '',
    builder: '',
    aliceGreeter: '',
    bobGreeter: '',
    bobRunner: '',
    carolGreeter: '',
    oldGreeter: '',
    ownerRegistration: '',
    ownerBuilder: '',
    aliceRegistration: '',
  };

  const rowOf = async (registrationId: string, jobId: string) => {
    const rows = await camp.t.database.db
      .select({ id: registrationJobs.id, jobId: registrationJobs.jobId })
      .from(registrationJobs)
      .where(eq(registrationJobs.registrationId, registrationId));
    const row = rows.find((candidate) => candidate.jobId === jobId);
    if (!row) throw new Error('no such registration job');
    return row.id;
  };
  const mark = (id: string, attendance: unknown, session = camp.staff) =>
    camp.call('PUT', `/api/check-in/people/${id}`, session, { attendance });

  beforeAll(async () => {
    camp = await startCamp();
    const db = camp.t.database.db;
    await configure(camp, { openingSunday: OPENING_SUNDAY });
    await db
      .update(users)
      .set({ firstName: 'Sam', lastName: 'Staff' })
      .where(eq(users.id, camp.staff.userId));
    const category = await adminPost(camp, '/api/job-categories', { name: 'Gate', description: 'Greets' });
    ids.monday = await adminShift(camp, 'Morning', 'MONDAY', '09:00', '12:00');
    ids.setup = await adminShift(camp, 'Build', 'PRE_OPENING', '10:00', '14:00', { dayOffset: 2 });
    ids.tuesday = await adminShift(camp, 'Lunch', 'TUESDAY', '12:00', '13:00');
    const job = (name: string, shiftId: string) =>
      adminPost(camp, '/api/jobs', {
        name,
        location: 'Gate',
        categoryId: category,
        shiftId,
        maxRegistrations: 9,
      });
    ids.greeter = await job('Greeter', ids.monday);
    ids.runner = await job('Runner', ids.monday);
    ids.builder = await job('Builder', ids.setup);

    const alice = await insertPerson(db, { firstName: 'Alice', lastName: 'Anders', playaName: 'Dusty' });
    const bob = await insertPerson(db, { firstName: 'Bob', lastName: 'Brown' });
    const carol = await insertPerson(db, { firstName: 'Carol', lastName: 'Cole' });
    const old = await insertPerson(db, { firstName: 'Olga', lastName: 'Old' });
    ids.aliceRegistration = await insertRegistration(db, {
      userId: alice.id,
      year: YEAR,
      status: 'CONFIRMED',
      jobIds: [ids.greeter],
    });
    const bobRegistration = await insertRegistration(db, {
      userId: bob.id,
      year: YEAR,
      status: 'PENDING',
      jobIds: [ids.greeter, ids.runner],
    });
    const carolRegistration = await insertRegistration(db, {
      userId: carol.id,
      year: YEAR,
      status: 'WAITLISTED',
      jobIds: [ids.greeter],
    });
    await insertRegistration(db, { year: YEAR, status: 'CANCELLED', jobIds: [ids.greeter] });
    const oldRegistration = await insertRegistration(db, {
      userId: old.id,
      year: YEAR - 1,
      status: 'CONFIRMED',
      jobIds: [ids.greeter],
    });
    owner = await insertSignedInPerson(camp, { firstName: 'Zed', lastName: 'Zulu' });
    ids.ownerRegistration = await insertRegistration(db, {
      userId: owner.id,
      year: YEAR,
      status: 'CONFIRMED',
      jobIds: [ids.builder],
    });
    ids.aliceGreeter = await rowOf(ids.aliceRegistration, ids.greeter);
    ids.bobGreeter = await rowOf(bobRegistration, ids.greeter);
    ids.bobRunner = await rowOf(bobRegistration, ids.runner);
    ids.carolGreeter = await rowOf(carolRegistration, ids.greeter);
    ids.oldGreeter = await rowOf(oldRegistration, ids.greeter);
    ids.ownerBuilder = await rowOf(ids.ownerRegistration, ids.builder);
  });
  afterAll(async () => {
    await camp?.close();
  });

  it('lists the shifts in time order with their dates and counts (staff)', async () => {
    const response = await camp.call('GET', '/api/check-in/shifts', camp.staff);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<CheckInShiftList>()).toEqual({
      year: YEAR,
      shifts: [
        {
          id: ids.setup,
          name: 'Build',
          dayOfWeek: 'PRE_OPENING',
          dayOffset: 2,
          startTime: '10:00',
          endTime: '14:00',
          date: '2027-08-27',
          startsAt: '2027-08-27T10:00:00.000Z',
          endsAt: '2027-08-27T14:00:00.000Z',
          counts: { people: 1, shows: 0, noShows: 0, unmarked: 1 },
        },
        {
          id: ids.monday,
          name: 'Morning',
          dayOfWeek: 'MONDAY',
          dayOffset: 1,
          startTime: '09:00',
          endTime: '12:00',
          date: '2027-08-30',
          startsAt: '2027-08-30T09:00:00.000Z',
          endsAt: '2027-08-30T12:00:00.000Z',
          counts: { people: 3, shows: 0, noShows: 0, unmarked: 3 },
        },
        {
          id: ids.tuesday,
          name: 'Lunch',
          dayOfWeek: 'TUESDAY',
          dayOffset: 1,
          startTime: '12:00',
          endTime: '13:00',
          date: '2027-08-31',
          startsAt: '2027-08-31T12:00:00.000Z',
          endsAt: '2027-08-31T13:00:00.000Z',
          counts: zeroCounts,
        },
      ],
    });
  });

  it('opens one shift: its jobs and the people holding places this year, names only', async () => {
    const response = await camp.call('GET', `/api/check-in/shifts/${ids.monday}`, camp.admin);
    expect(response.statusCode, response.body).toBe(200);
    const unmarked = { attendance: null, attendanceAt: null, attendanceBy: null };
    expect(response.json<CheckInShiftDetail>()).toEqual({
      shift: {
        id: ids.monday,
        name: 'Morning',
        dayOfWeek: 'MONDAY',
        dayOffset: 1,
        startTime: '09:00',
        endTime: '12:00',
        date: '2027-08-30',
        startsAt: '2027-08-30T09:00:00.000Z',
        endsAt: '2027-08-30T12:00:00.000Z',
        counts: { people: 3, shows: 0, noShows: 0, unmarked: 3 },
      },
      jobs: [
        {
          id: ids.greeter,
          name: 'Greeter',
          location: 'Gate',
          counts: { ...zeroCounts, people: 2, unmarked: 2 },
        },
        {
          id: ids.runner,
          name: 'Runner',
          location: 'Gate',
          counts: { ...zeroCounts, people: 1, unmarked: 1 },
        },
      ],
      people: [
        {
          id: ids.aliceGreeter,
          firstName: 'Alice',
          lastName: 'Anders',
          playaName: 'Dusty',
          job: { id: ids.greeter, name: 'Greeter' },
          ...unmarked,
        },
        {
          id: ids.bobGreeter,
          firstName: 'Bob',
          lastName: 'Brown',
          playaName: null,
          job: { id: ids.greeter, name: 'Greeter' },
          ...unmarked,
        },
        {
          id: ids.bobRunner,
          firstName: 'Bob',
          lastName: 'Brown',
          playaName: null,
          job: { id: ids.runner, name: 'Runner' },
          ...unmarked,
        },
      ],
    });
    expect(response.body).not.toContain('@example.org');
    expect(response.body).not.toContain('555-');
  });

  it('marks, keeps an unchanged mark without a second audit record, and clears', async () => {
    const before = Date.now();
    const showed = await mark(ids.aliceGreeter, 'SHOWED');
    expect(showed.statusCode, showed.body).toBe(200);
    const body = showed.json<CheckInPerson>();
    expect(body).toEqual({
      id: ids.aliceGreeter,
      firstName: 'Alice',
      lastName: 'Anders',
      playaName: 'Dusty',
      job: { id: ids.greeter, name: 'Greeter' },
      attendance: 'SHOWED',
      attendanceAt: expect.any(String),
      attendanceBy: 'Sam Staff',
    });
    expect(Date.parse(body.attendanceAt ?? '')).toBeGreaterThanOrEqual(before - 1000);

    const again = await mark(ids.aliceGreeter, 'SHOWED');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(body);
    let trail = await auditTrail(camp, ids.aliceRegistration);
    expect(trail.map((record) => record.actionType)).toEqual(['SHIFT_ATTENDANCE']);
    expect(trail[0]).toMatchObject({
      adminUser: { firstName: 'Sam', lastName: 'Staff' },
      oldValues: { jobId: ids.greeter, job: 'Greeter (Morning, Monday)', attendance: null },
      newValues: {
        jobId: ids.greeter,
        job: 'Greeter (Morning, Monday)',
        attendance: 'SHOWED',
        previous: null,
      },
    });

    const changed = await mark(ids.aliceGreeter, 'NO_SHOW', camp.admin);
    expect(changed.json<CheckInPerson>()).toMatchObject({ attendance: 'NO_SHOW' });
    const cleared = await mark(ids.aliceGreeter, null);
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json<CheckInPerson>()).toMatchObject({
      attendance: null,
      attendanceAt: null,
      attendanceBy: null,
    });
    trail = await auditTrail(camp, ids.aliceRegistration);
    expect(trail.map((record) => record.newValues)).toEqual([
      { jobId: ids.greeter, job: 'Greeter (Morning, Monday)', attendance: null, previous: 'NO_SHOW' },
      { jobId: ids.greeter, job: 'Greeter (Morning, Monday)', attendance: 'NO_SHOW', previous: 'SHOWED' },
      { jobId: ids.greeter, job: 'Greeter (Morning, Monday)', attendance: 'SHOWED', previous: null },
    ]);
  });

  it('counts the marks in the lists and shows the participant their own', async () => {
    expect((await mark(ids.bobGreeter, 'NO_SHOW')).statusCode).toBe(200);
    expect((await mark(ids.bobRunner, 'SHOWED')).statusCode).toBe(200);
    expect((await mark(ids.ownerBuilder, 'SHOWED')).statusCode).toBe(200);
    const list = (await camp.call('GET', '/api/check-in/shifts', camp.staff)).json<CheckInShiftList>();
    expect(list.shifts.map((shift) => shift.counts)).toEqual([
      { people: 1, shows: 1, noShows: 0, unmarked: 0 },
      { people: 3, shows: 1, noShows: 1, unmarked: 1 },
      zeroCounts,
    ]);
    const mine = await camp.t.app.inject({
      method: 'GET',
      url: '/api/registrations/me',
      headers: owner.headers,
    });
    expect(mine.statusCode, mine.body).toBe(200);
    const registrations = mine.json<Array<{ jobs: Array<{ id: string; attendance: string | null }> }>>();
    expect(registrations.flatMap((registration) => registration.jobs)).toEqual([
      expect.objectContaining({ id: ids.ownerBuilder, attendance: 'SHOWED' }),
    ]);
  });

  it('answers 404 for a row that is unknown, of another year or of a registration without places', async () => {
    const before = await camp.t.database.db.select({ id: auditRecords.id }).from(auditRecords);
    for (const id of [randomUUID(), ids.oldGreeter, ids.carolGreeter]) {
      const response = await mark(id, 'SHOWED');
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(ROW_NOT_FOUND);
    }
    const shift = await camp.call('GET', `/api/check-in/shifts/${randomUUID()}`, camp.staff);
    expect(shift.statusCode).toBe(404);
    expect(shift.json()).toEqual({ statusCode: 404, error: 'Not Found', message: 'Shift not found' });
    const after = await camp.t.database.db.select({ id: auditRecords.id }).from(auditRecords);
    expect(after).toHaveLength(before.length);
  });

  it('answers 400 with the shared messages for a wrong mark or id', async () => {
    for (const attendance of ['LATE', undefined, 3]) {
      const response = await mark(ids.aliceGreeter, attendance);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        statusCode: 400,
        error: 'Bad Request',
        message: ['Attendance must be SHOWED, NO_SHOW or null'],
      });
    }
    const badId = await mark('not-an-id', 'SHOWED');
    expect(badId.statusCode).toBe(400);
    expect(badId.json()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: ['Invalid check-in row id'],
    });
  });

  it('refuses participants (403) and anonymous callers (401)', async () => {
    for (const [method, url] of [
      ['GET', '/api/check-in/shifts'],
      ['GET', `/api/check-in/shifts/${ids.monday}`],
      ['PUT', `/api/check-in/people/${ids.ownerBuilder}`],
    ] as const) {
      const payload = method === 'PUT' ? { attendance: 'NO_SHOW' } : undefined;
      expect((await camp.call(method, url, camp.participant, payload)).statusCode).toBe(403);
      expect((await camp.call(method, url, null, payload)).statusCode).toBe(401);
    }
  });
});
