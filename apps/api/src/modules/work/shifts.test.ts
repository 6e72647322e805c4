import type { Shift, ShiftRegistration, WorkScheduleShift } from '@camp/shared';
import { and, eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registrationJobs, shifts } from '../../db/schema/index';
import {
  type Camp,
  insertPerson,
  insertRegistration,
  messageOf,
  messagesOf,
  startCamp,
} from '../../../test/camp';
import { adminPost } from '../../../test/camp-registrations';

const TIME_FORMAT = 'Times must be in HH:MM format (e.g., "09:00" or "17:30")';
const REQUIRED = 'Name, day, start time, and end time are required.';

describe('shifts: /api/shifts', () => {
  let camp: Camp;
  let openCategoryId: string;
  let staffCategoryId: string;

  beforeAll(async () => {
    camp = await startCamp();
    const category = async (payload: unknown) =>
      (await camp.call('POST', '/api/job-categories', camp.admin, payload)).json<{ id: string }>().id;
    openCategoryId = await category({ name: 'Kitchen', description: 'Cooking' });
    staffCategoryId = await category({ name: 'Leads', description: 'Shift leads', staffOnly: true });
  });
  afterAll(async () => {
    await camp.close();
  });

  const create = async (values: Record<string, unknown> = {}) => {
    const response = await camp.call('POST', '/api/shifts', camp.admin, {
      name: 'Lunch',
      dayOfWeek: 'MONDAY',
      startTime: '11:00',
      endTime: '14:00',
      ...values,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<Shift>();
  };
  const addJob = async (shiftId: string, values: Record<string, unknown> = {}) => {
    const response = await camp.call('POST', '/api/jobs', camp.admin, {
      name: 'Dishes',
      location: 'Kitchen tent',
      categoryId: openCategoryId,
      shiftId,
      ...values,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: string }>().id;
  };

  describe('create', () => {
    it('creates a shift and answers HH:MM times', async () => {
      const response = await camp.call('POST', '/api/shifts', camp.admin, {
        name: 'Breakfast',
        description: 'Pancakes',
        dayOfWeek: 'TUESDAY',
        startTime: '07:30',
        endTime: '10:00',
      });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual({
        id: expect.any(String),
        name: 'Breakfast',
        description: 'Pancakes',
        startTime: '07:30',
        endTime: '10:00',
        dayOfWeek: 'TUESDAY',
        dayOffset: 1,
        active: true,
        jobs: [],
      });
      const [stored] = await camp.t.database.db
        .select()
        .from(shifts)
        .where(eq(shifts.id, response.json<Shift>().id));
      expect(stored).toMatchObject({ startTime: '07:30:00', endTime: '10:00:00', description: 'Pancakes' });
    });

    it.each([
      ['1970-01-01T09:00:00.000Z', '09:00'],
      ['2025-08-24T17:30:00', '17:30'],
      ['2025-08-24T06:15:00-07:00', '06:15'],
      ['13:45:00', '13:45'],
      [' 08:05 ', '08:05'],
    ])('takes the time of %s as %s', async (sent, expected) => {
      const shift = await create({ startTime: sent, endTime: '23:59' });
      expect(shift.startTime).toBe(expected);
    });

    it('keeps how many days before or after the event a Pre-Opening or Post-Event shift is (docs/product.md §11)', async () => {
      const build = await create({ name: 'Build', dayOfWeek: 'PRE_OPENING', dayOffset: 3 });
      expect(build).toMatchObject({ dayOfWeek: 'PRE_OPENING', dayOffset: 3 });
      const moved = await camp.call('PATCH', `/api/shifts/${build.id}`, camp.admin, { dayOffset: 2 });
      expect(moved.json()).toMatchObject({ dayOffset: 2 });
      for (const dayOffset of [0, 15, 1.5, '2']) {
        const bad = await camp.call('PATCH', `/api/shifts/${build.id}`, camp.admin, { dayOffset });
        expect(bad.statusCode).toBe(400);
        expect(messageOf(bad)).toEqual([
          'Days before or after the event must be a whole number from 1 to 14',
        ]);
      }
      const [stored] = await camp.t.database.db
        .select({ dayOffset: shifts.dayOffset })
        .from(shifts)
        .where(eq(shifts.id, build.id));
      expect(stored).toEqual({ dayOffset: 2 });
    });

    it('accepts a shift past midnight', async () => {
      const shift = await create({ name: 'Night watch', startTime: '22:00', endTime: '02:00' });
      expect(shift).toMatchObject({ startTime: '22:00', endTime: '02:00' });
    });

    it.each([
      [{}, [REQUIRED]],
      [{ name: 'Lunch', dayOfWeek: 'MONDAY', startTime: '11:00' }, [REQUIRED]],
      [{ name: '', dayOfWeek: 'MONDAY', startTime: '11:00', endTime: '12:00' }, [REQUIRED]],
      [{ name: 'Lunch', dayOfWeek: '', startTime: '11:00', endTime: '12:00' }, [REQUIRED]],
      [{ name: 'Lunch', dayOfWeek: 'MONDAY', startTime: '', endTime: '12:00' }, [REQUIRED]],
      [{ name: 'Lunch', dayOfWeek: 'MONDAY', startTime: '9:00', endTime: '12:00' }, [TIME_FORMAT]],
      [{ name: 'Lunch', dayOfWeek: 'MONDAY', startTime: '11:00', endTime: '24:00' }, [TIME_FORMAT]],
      [{ name: 'Lunch', dayOfWeek: 'MONDAY', startTime: '11:60', endTime: '12:00' }, [TIME_FORMAT]],
      [{ name: 'Lunch', dayOfWeek: 'MONDAY', startTime: 'noon', endTime: '12:00' }, [TIME_FORMAT]],
      [{ name: 'Lunch', dayOfWeek: 'MONDAY', startTime: 1100, endTime: '12:00' }, [TIME_FORMAT]],
      [
        { name: 'Lunch', dayOfWeek: 'FUNDAY', startTime: '11:00', endTime: '12:00' },
        [
          'Day must be one of PRE_OPENING, OPENING_SUNDAY, MONDAY, TUESDAY, WEDNESDAY, THURSDAY, FRIDAY, SATURDAY, CLOSING_SUNDAY, POST_EVENT',
        ],
      ],
      [
        { name: 'x'.repeat(101), dayOfWeek: 'MONDAY', startTime: '11:00', endTime: '12:00' },
        ['Name must be at most 100 characters'],
      ],
      [
        {
          name: 'Lunch',
          description: 'x'.repeat(501),
          dayOfWeek: 'MONDAY',
          startTime: '11:00',
          endTime: '12:00',
        },
        ['Description must be at most 500 characters'],
      ],
      [
        { name: 'Lunch', description: 'a\u0000', dayOfWeek: 'MONDAY', startTime: '11:00', endTime: '12:00' },
        ['Description contains a character that is not allowed'],
      ],
      [
        { name: 'Lunch', dayOfWeek: 'MONDAY', startTime: '11:00', endTime: '11:00' },
        ['End time must be different from start time.'],
      ],
      [
        { name: 'Lunch', dayOfWeek: 'MONDAY', startTime: '11:00', endTime: '12:00', date: '2025-08-25' },
        ['Unrecognized key: "date"'],
      ],
    ])('refuses %j with %j', async (payload, messages) => {
      const response = await camp.call('POST', '/api/shifts', camp.admin, payload);
      expect(response.statusCode).toBe(400);
      expect(messagesOf(response)).toEqual(messages);
    });
  });

  describe('read', () => {
    it('lists shifts by day then start time, filters by day and refuses an unknown day', async () => {
      const orderShift = (name: string, dayOfWeek: string, startTime: string, endTime: string) =>
        create({ name, dayOfWeek, startTime, endTime });
      const late = await orderShift('Order: Saturday late', 'SATURDAY', '18:00', '20:00');
      const early = await orderShift('Order: Saturday early', 'SATURDAY', '06:00', '08:00');
      const pre = await orderShift('Order: Pre', 'PRE_OPENING', '12:00', '13:00');
      const post = await orderShift('Order: Post', 'POST_EVENT', '01:00', '02:00');
      const list = await camp.call('GET', '/api/shifts', camp.participant);
      expect(list.statusCode).toBe(200);
      const ordered = list
        .json<Shift[]>()
        .filter((shift) => shift.name.startsWith('Order:'))
        .map((shift) => shift.id);
      expect(ordered).toEqual([pre.id, early.id, late.id, post.id]);

      const saturday = await camp.call('GET', '/api/shifts?dayOfWeek=SATURDAY', camp.participant);
      expect(saturday.json<Shift[]>().map((shift) => shift.id)).toEqual([early.id, late.id]);

      const bad = await camp.call('GET', '/api/shifts?dayOfWeek=someday', camp.participant);
      expect(bad.statusCode).toBe(400);
      expect(messageOf(bad)).toEqual([
        'Day must be one of PRE_OPENING, OPENING_SUNDAY, MONDAY, TUESDAY, WEDNESDAY, THURSDAY, FRIDAY, SATURDAY, CLOSING_SUNDAY, POST_EVENT',
      ]);
    });

    it("lists a shift's jobs with their counts, staff-only jobs for staff only", async () => {
      const shift = await create({ name: 'With jobs', dayOfWeek: 'WEDNESDAY' });
      const openJob = await addJob(shift.id, { name: 'Cook', maxRegistrations: 2 });
      const staffJob = await addJob(shift.id, { name: 'Lead', categoryId: staffCategoryId });
      await insertRegistration(camp.t.database.db, { jobIds: [openJob] });
      await insertRegistration(camp.t.database.db, { jobIds: [openJob], status: 'CANCELLED' });

      const asParticipant = await camp.call('GET', `/api/shifts/${shift.id}`, camp.participant);
      expect(asParticipant.statusCode).toBe(200);
      expect(asParticipant.json<Shift>().jobs).toEqual([
        {
          id: openJob,
          name: 'Cook',
          location: 'Kitchen tent',
          categoryId: openCategoryId,
          maxRegistrations: 2,
          currentRegistrations: 1,
          staffOnly: false,
          waitlistEnabled: false,
          active: true,
        },
      ]);
      const inList = await camp.call('GET', '/api/shifts?dayOfWeek=WEDNESDAY', camp.participant);
      expect(inList.json<Shift[]>()[0]!.jobs!.map((job) => job.id)).toEqual([openJob]);

      const asStaff = await camp.call('GET', `/api/shifts/${shift.id}`, camp.staff);
      expect(asStaff.json<Shift>().jobs!.map((job) => [job.name, job.staffOnly])).toEqual([
        ['Cook', false],
        ['Lead', true],
      ]);
      expect(staffJob).toEqual(expect.any(String));
    });

    it('answers 400 for a malformed id and 404 for an unknown one', async () => {
      for (const method of ['GET', 'PATCH', 'DELETE'] as const) {
        const payload = method === 'PATCH' ? { name: 'X' } : undefined;
        const bad = await camp.call(method, '/api/shifts/monday', camp.admin, payload);
        expect(bad.statusCode).toBe(400);
        expect(messageOf(bad)).toEqual(['Invalid shift id']);
        const missing = await camp.call(method, `/api/shifts/${randomUUID()}`, camp.admin, payload);
        expect(missing.statusCode).toBe(404);
        expect(messageOf(missing)).toBe('Shift not found');
      }
    });
  });

  describe('change', () => {
    it('changes only what is sent', async () => {
      const shift = await create({ name: 'Flexible', description: 'Before' });
      const response = await camp.call('PATCH', `/api/shifts/${shift.id}`, camp.admin, {
        endTime: '1970-01-01T15:45:00.000Z',
        dayOfWeek: 'FRIDAY',
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ ...shift, endTime: '15:45', dayOfWeek: 'FRIDAY' });
      const cleared = await camp.call('PATCH', `/api/shifts/${shift.id}`, camp.admin, { description: '' });
      expect(cleared.json()).toMatchObject({ description: null, name: 'Flexible' });
    });

    it.each([
      [{ name: '' }, [REQUIRED]],
      [{ dayOfWeek: null }, [REQUIRED]],
      [{ startTime: '7am' }, [TIME_FORMAT]],
      [{ endTime: '11:00' }, ['End time must be different from start time.']],
      [{ jobs: [] }, ['Unrecognized key: "jobs"']],
    ])('refuses the change %j with %j', async (payload, messages) => {
      const shift = await create({ name: 'Fixed', startTime: '11:00', endTime: '12:00' });
      const response = await camp.call('PATCH', `/api/shifts/${shift.id}`, camp.admin, payload);
      expect(response.statusCode).toBe(400);
      expect(messagesOf(response)).toEqual(messages);
    });
  });

  describe('delete', () => {
    it('deletes a shift without jobs', async () => {
      const shift = await create({ name: 'Empty' });
      expect((await camp.call('DELETE', `/api/shifts/${shift.id}`, camp.admin)).statusCode).toBe(204);
      expect((await camp.call('GET', `/api/shifts/${shift.id}`, camp.admin)).statusCode).toBe(404);
    });

    it('refuses while jobs use it', async () => {
      const shift = await create({ name: 'Staffed' });
      await addJob(shift.id);
      const response = await camp.call('DELETE', `/api/shifts/${shift.id}`, camp.admin);
      expect(response.statusCode).toBe(409);
      expect(messageOf(response)).toBe(
        'This shift cannot be deleted while 1 job uses it. Delete those jobs or move them to another shift first.',
      );
    });
  });

  describe('who works a shift: /api/shifts/{id}/registrations', () => {
    it('lists non-cancelled registrations on the shift, for staff and admins', async () => {
      const shift = await create({ name: 'Gate', dayOfWeek: 'THURSDAY' });
      const gateJob = await addJob(shift.id, { name: 'Gate greeter', location: 'Gate' });
      const db = camp.t.database.db;
      const ada = await insertPerson(db, { firstName: 'Ada', lastName: 'Lovelace', playaName: 'Sparkle' });
      const bob = await insertPerson(db, { firstName: 'Bob', lastName: 'Builder' });
      const adaRegistration = await insertRegistration(db, { userId: ada.id, jobIds: [gateJob], year: 2025 });
      await insertRegistration(db, { userId: bob.id, jobIds: [gateJob], status: 'CANCELLED' });

      for (const session of [camp.staff, camp.admin]) {
        const response = await camp.call('GET', `/api/shifts/${shift.id}/registrations`, session);
        expect(response.statusCode).toBe(200);
        expect(response.json<ShiftRegistration[]>()).toEqual([
          {
            id: adaRegistration,
            year: 2025,
            status: 'CONFIRMED',
            user: {
              id: ada.id,
              firstName: 'Ada',
              lastName: 'Lovelace',
              playaName: 'Sparkle',
              email: ada.email,
            },
            job: { id: gateJob, name: 'Gate greeter' },
          },
        ]);
      }
      const otherYear = await camp.call('GET', `/api/shifts/${shift.id}/registrations?year=2024`, camp.staff);
      expect(otherYear.json()).toEqual([]);
      expect(
        (await camp.call('GET', `/api/shifts/${shift.id}/registrations`, camp.participant)).statusCode,
      ).toBe(403);
      expect((await camp.call('GET', `/api/shifts/${shift.id}/registrations`, null)).statusCode).toBe(401);
      const missing = await camp.call('GET', `/api/shifts/${randomUUID()}/registrations`, camp.staff);
      expect(missing.statusCode).toBe(404);
      expect(messageOf(missing)).toBe('Shift not found');
    });
  });

  it('lets only admins write, and anyone signed in read', async () => {
    const shift = await create({ name: 'Guarded' });
    const writes: Array<[Parameters<Camp['call']>[0], string, unknown?]> = [
      ['POST', '/api/shifts', { name: 'Mine', dayOfWeek: 'MONDAY', startTime: '09:00', endTime: '17:00' }],
      ['POST', '/api/shifts', { bogus: 1 }],
      ['PATCH', `/api/shifts/${shift.id}`, { name: 'Mine' }],
      ['DELETE', `/api/shifts/${shift.id}`],
    ];
    for (const [method, url, payload] of writes) {
      expect((await camp.call(method, url, null, payload)).statusCode, `${method} ${url}`).toBe(401);
      expect((await camp.call(method, url, camp.participant, payload)).statusCode, `${method} ${url}`).toBe(
        403,
      );
      expect((await camp.call(method, url, camp.staff, payload)).statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await camp.call('GET', '/api/shifts', null)).statusCode).toBe(401);
    expect((await camp.call('GET', `/api/shifts/${shift.id}`, null)).statusCode).toBe(401);
    expect((await camp.call('GET', `/api/shifts/${shift.id}`, camp.participant)).json()).toEqual(shift);
  });
});

describe('work schedule: /api/shifts/with-jobs-and-registrations', () => {
  let camp: Camp;

  beforeAll(async () => {
    camp = await startCamp();
  });
  afterAll(async () => {
    await camp.close();
  });

  it('gives shifts by day then time, with jobs and their non-cancelled registrations, to staff and admins', async () => {
    const post = (url: string, payload: unknown) => adminPost(camp, url, payload);
    const categoryId = await post('/api/job-categories', { name: 'Kitchen', description: 'Cooking' });
    const leadsId = await post('/api/job-categories', {
      name: 'Leads',
      description: 'Leads',
      staffOnly: true,
    });
    const shift = (name: string, dayOfWeek: string, startTime: string, endTime: string) =>
      post('/api/shifts', { name, dayOfWeek, startTime, endTime });
    // Created out of order on purpose.
    const closing = await shift('Strike', 'CLOSING_SUNDAY', '10:00', '14:00');
    const mondayLate = await shift('Dinner', 'MONDAY', '17:00', '20:00');
    const opening = await shift('Welcome', 'OPENING_SUNDAY', '12:00', '16:00');
    const mondayEarly = await shift('Breakfast', 'MONDAY', '07:00', '09:30');
    const pre = await shift('Build', 'PRE_OPENING', '08:00', '18:00');

    const job = (name: string, shiftId: string, extra: Record<string, unknown> = {}) =>
      post('/api/jobs', { name, location: 'Kitchen', categoryId, shiftId, ...extra });
    const dinnerCook = await job('Cook', mondayLate, { maxRegistrations: 3 });
    const dinnerLead = await job('Lead', mondayLate, { categoryId: leadsId, maxRegistrations: 1 });
    const breakfastCook = await job('Pancakes', mondayEarly);

    const db = camp.t.database.db;
    const ada = await insertPerson(db, { firstName: 'Ada', lastName: 'Lovelace', playaName: 'Sparkle' });
    const bob = await insertPerson(db, { firstName: 'Bob', lastName: 'Builder' });
    const cy = await insertPerson(db, { firstName: 'Cy', lastName: 'Cancelled' });
    const adaRegistration = await insertRegistration(db, {
      userId: ada.id,
      jobIds: [dinnerCook, breakfastCook],
    });
    const bobRegistration = await insertRegistration(db, {
      userId: bob.id,
      jobIds: [dinnerCook, dinnerLead],
      status: 'PENDING',
    });
    await insertRegistration(db, { userId: cy.id, jobIds: [dinnerCook], status: 'CANCELLED' });
    // Check-in marks (docs/product.md §11 Check-in): Ada missed dinner, Bob cooked it.
    for (const [registrationId, attendance] of [
      [adaRegistration, 'NO_SHOW'],
      [bobRegistration, 'SHOWED'],
    ] as const)
      await db
        .update(registrationJobs)
        .set({ attendance })
        .where(
          and(eq(registrationJobs.registrationId, registrationId), eq(registrationJobs.jobId, dinnerCook)),
        );

    const response = await camp.call('GET', '/api/shifts/with-jobs-and-registrations', camp.staff);
    expect(response.statusCode).toBe(200);
    const schedule = response.json<WorkScheduleShift[]>();
    expect(schedule.map((entry) => [entry.dayOfWeek, entry.startTime, entry.name])).toEqual([
      ['PRE_OPENING', '08:00', 'Build'],
      ['OPENING_SUNDAY', '12:00', 'Welcome'],
      ['MONDAY', '07:00', 'Breakfast'],
      ['MONDAY', '17:00', 'Dinner'],
      ['CLOSING_SUNDAY', '10:00', 'Strike'],
    ]);
    expect(schedule.map((entry) => entry.id)).toEqual([pre, opening, mondayEarly, mondayLate, closing]);
    const adaUser = {
      id: ada.id,
      firstName: 'Ada',
      lastName: 'Lovelace',
      playaName: 'Sparkle',
      email: ada.email,
    };
    const bobUser = { id: bob.id, firstName: 'Bob', lastName: 'Builder', playaName: null, email: bob.email };
    expect(schedule[3]).toEqual({
      id: mondayLate,
      name: 'Dinner',
      description: null,
      startTime: '17:00',
      endTime: '20:00',
      dayOfWeek: 'MONDAY',
      dayOffset: 1,
      active: true,
      jobs: [
        {
          id: dinnerCook,
          name: 'Cook',
          location: 'Kitchen',
          maxRegistrations: 3,
          registrations: [
            { id: bobRegistration, user: bobUser },
            { id: adaRegistration, user: adaUser },
          ],
          shows: 1,
          noShows: 1,
        },
        {
          id: dinnerLead,
          name: 'Lead',
          location: 'Kitchen',
          maxRegistrations: 1,
          registrations: [{ id: bobRegistration, user: bobUser }],
          shows: 0,
          noShows: 0,
        },
      ],
    });
    expect(schedule[2]!.jobs).toEqual([
      {
        id: breakfastCook,
        name: 'Pancakes',
        location: 'Kitchen',
        maxRegistrations: 5,
        registrations: [{ id: adaRegistration, user: adaUser }],
        shows: 0,
        noShows: 0,
      },
    ]);
    expect(schedule[0]!.jobs).toEqual([]);

    const asAdmin = await camp.call('GET', '/api/shifts/with-jobs-and-registrations', camp.admin);
    expect(asAdmin.json()).toEqual(schedule);
    const otherYear = await camp.call('GET', '/api/shifts/with-jobs-and-registrations?year=2031', camp.admin);
    expect(otherYear.json<WorkScheduleShift[]>()[3]!.jobs[0]!.registrations).toEqual([]);
    const badYear = await camp.call('GET', '/api/shifts/with-jobs-and-registrations?year=soon', camp.admin);
    expect(badYear.statusCode).toBe(400);
    expect(messageOf(badYear)).toEqual(['Year must be a number']);
  });

  it('refuses participants and anyone not signed in', async () => {
    expect(
      (await camp.call('GET', '/api/shifts/with-jobs-and-registrations', camp.participant)).statusCode,
    ).toBe(403);
    expect((await camp.call('GET', '/api/shifts/with-jobs-and-registrations', null)).statusCode).toBe(401);
  });
});
