import type { Job } from '@camp/shared';
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Camp, insertRegistration, messageOf, messagesOf, startCamp } from '../../../test/camp';
import { adminPost } from '../../../test/camp-registrations';
import { campConfig, jobs, timedTasks } from '../../db/schema/index';

describe('jobs: /api/jobs', () => {
  let camp: Camp;
  let kitchenId: string;
  let leadsId: string;
  let mondayId: string;
  let preOpeningId: string;

  beforeAll(async () => {
    camp = await startCamp();
    const post = (url: string, payload: unknown) => adminPost(camp, url, payload);
    kitchenId = await post('/api/job-categories', {
      name: 'Kitchen',
      description: 'Cooking',
      alwaysRequired: true,
    });
    leadsId = await post('/api/job-categories', {
      name: 'Leads',
      description: 'Shift leads',
      staffOnly: true,
    });
    mondayId = await post('/api/shifts', {
      name: 'Monday lunch',
      description: 'Feed the camp',
      dayOfWeek: 'MONDAY',
      startTime: '11:00',
      endTime: '14:30',
    });
    preOpeningId = await post('/api/shifts', {
      name: 'Build',
      dayOfWeek: 'PRE_OPENING',
      startTime: '08:00',
      endTime: '12:00',
    });
  });
  afterAll(async () => {
    await camp.close();
  });

  const create = async (values: Record<string, unknown> = {}) => {
    const response = await camp.call('POST', '/api/jobs', camp.admin, {
      name: 'Dishes',
      location: 'Kitchen tent',
      categoryId: kitchenId,
      shiftId: mondayId,
      ...values,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<Job>();
  };

  it('creates a job with its category and shift, and 5 places by default', async () => {
    const response = await camp.call('POST', '/api/jobs', camp.admin, {
      name: 'Dishes',
      location: 'Kitchen tent',
      categoryId: kitchenId,
      shiftId: mondayId,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      id: expect.any(String),
      name: 'Dishes',
      location: 'Kitchen tent',
      categoryId: kitchenId,
      category: {
        id: kitchenId,
        name: 'Kitchen',
        description: 'Cooking',
        staffOnly: false,
        alwaysRequired: true,
      },
      shiftId: mondayId,
      shift: {
        id: mondayId,
        name: 'Monday lunch',
        description: 'Feed the camp',
        startTime: '11:00',
        endTime: '14:30',
        dayOfWeek: 'MONDAY',
        dayOffset: 1,
        active: true,
      },
      maxRegistrations: 5,
      currentRegistrations: 0,
      staffOnly: false,
      alwaysRequired: true,
      // The shift waitlist's switch is off by default (decision 052).
      waitlistEnabled: false,
      active: true,
    });
  });

  describe('validation', () => {
    const valid = () => ({ name: 'Dishes', location: 'Kitchen', categoryId: kitchenId, shiftId: mondayId });

    it('refuses an empty job with the one message', async () => {
      const response = await camp.call('POST', '/api/jobs', camp.admin, {});
      expect(response.statusCode).toBe(400);
      expect(messagesOf(response)).toEqual(['All fields are required.']);
    });

    it.each([
      [{ name: '' }, ['All fields are required.']],
      [{ location: '   ' }, ['All fields are required.']],
      [{ categoryId: undefined }, ['All fields are required.']],
      [{ categoryId: '' }, ['All fields are required.']],
      [{ shiftId: null }, ['All fields are required.']],
      [{ maxRegistrations: 0 }, ['Maximum registrations must be a positive number.']],
      [{ maxRegistrations: -3 }, ['Maximum registrations must be a positive number.']],
      [{ maxRegistrations: '5' }, ['Maximum registrations must be a positive number.']],
      [{ maxRegistrations: 2.5 }, ['Maximum registrations must be a whole number.']],
      [{ name: 'x'.repeat(101) }, ['Name must be at most 100 characters']],
      [{ location: 'x'.repeat(101) }, ['Location must be at most 100 characters']],
      [{ categoryId: 'kitchen' }, ['Invalid job category id']],
      [{ shiftId: 12 }, ['Invalid shift id']],
      [{ location: 'Gate\u0000' }, ['Location contains a character that is not allowed']],
      [{ staffOnly: true }, ['Unrecognized key: "staffOnly"']],
      [{ waitlistEnabled: 'yes' }, ['Waitlist when full must be true or false']],
    ])('refuses %j with %j', async (change, messages) => {
      const payload = { ...valid(), ...change };
      const response = await camp.call('POST', '/api/jobs', camp.admin, payload);
      expect(response.statusCode).toBe(400);
      expect(messagesOf(response)).toEqual(messages);
    });

    it('names a category or shift that does not exist', async () => {
      const ghostCategory = randomUUID();
      const ghostShift = randomUUID();
      const response = await camp.call('POST', '/api/jobs', camp.admin, {
        ...valid(),
        categoryId: ghostCategory,
        shiftId: ghostShift,
      });
      expect(response.statusCode).toBe(400);
      expect(messageOf(response)).toEqual([
        `Job category ${ghostCategory} does not exist`,
        `Shift ${ghostShift} does not exist`,
      ]);
    });

    it('answers 400 for a malformed id and 404 for an unknown one', async () => {
      for (const method of ['GET', 'PATCH', 'DELETE'] as const) {
        const payload = method === 'PATCH' ? { name: 'X' } : undefined;
        const bad = await camp.call(method, '/api/jobs/123', camp.admin, payload);
        expect(bad.statusCode).toBe(400);
        expect(messageOf(bad)).toEqual(['Invalid job id']);
        const missing = await camp.call(method, `/api/jobs/${randomUUID()}`, camp.admin, payload);
        expect(missing.statusCode).toBe(404);
        expect(messageOf(missing)).toBe('Job not found');
      }
    });
  });

  describe('listing', () => {
    let openJob: Job;
    let staffJob: Job;
    let earlyJob: Job;
    beforeAll(async () => {
      openJob = await create({ name: 'Listing: Cook' });
      staffJob = await create({ name: 'Listing: Lead', categoryId: leadsId });
      earlyJob = await create({ name: 'Listing: Build', shiftId: preOpeningId });
    });
    const listed = async (query: string, session = camp.admin) => {
      const response = await camp.call('GET', `/api/jobs${query}`, session);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<Job[]>().filter((job) => job.name.startsWith('Listing:'));
    };

    it('hides staff-only jobs from participants, and shows them to staff', async () => {
      const asParticipant = (await listed('', camp.participant)).map((job) => job.id);
      expect(asParticipant).toContain(openJob.id);
      expect(asParticipant).not.toContain(staffJob.id);
      const one = await camp.call('GET', `/api/jobs/${staffJob.id}`, camp.participant);
      expect(one.statusCode).toBe(404);
      expect(messageOf(one)).toBe('Job not found');

      const asStaff = await listed('', camp.staff);
      expect(asStaff.find((job) => job.id === staffJob.id)).toMatchObject({
        staffOnly: true,
        alwaysRequired: false,
      });
      expect((await camp.call('GET', `/api/jobs/${staffJob.id}`, camp.staff)).statusCode).toBe(200);
    });

    it('orders jobs by day, then start time', async () => {
      const names = (await listed('')).map((job) => job.name);
      expect(names.indexOf('Listing: Build')).toBeLessThan(names.indexOf('Listing: Cook'));
    });

    it('filters by category and by shift', async () => {
      expect((await listed(`?categoryId=${leadsId}`)).map((job) => job.id)).toEqual([staffJob.id]);
      expect((await listed(`?shiftId=${preOpeningId}`)).map((job) => job.id)).toEqual([earlyJob.id]);
      expect(await listed(`?shiftId=${preOpeningId}&categoryId=${leadsId}`)).toEqual([]);
      const bad = await camp.call('GET', '/api/jobs?categoryId=kitchen', camp.admin);
      expect(bad.statusCode).toBe(400);
      expect(messageOf(bad)).toEqual(['Invalid job category id']);
    });
  });

  describe('places taken', () => {
    it('counts registrations that are not cancelled', async () => {
      const job = await create({ name: 'Counted', maxRegistrations: 3 });
      const db = camp.t.database.db;
      await insertRegistration(db, { jobIds: [job.id], status: 'CONFIRMED' });
      await insertRegistration(db, { jobIds: [job.id], status: 'PENDING' });
      await insertRegistration(db, { jobIds: [job.id], status: 'CANCELLED' });
      const response = await camp.call('GET', `/api/jobs/${job.id}`, camp.participant);
      expect(response.json()).toMatchObject({ maxRegistrations: 3, currentRegistrations: 2 });
    });

    it('refuses to lower maxRegistrations below the people registered', async () => {
      const job = await create({ name: 'Crowded', maxRegistrations: 4 });
      const db = camp.t.database.db;
      await insertRegistration(db, { jobIds: [job.id] });
      await insertRegistration(db, { jobIds: [job.id] });
      const lower = await camp.call('PATCH', `/api/jobs/${job.id}`, camp.admin, { maxRegistrations: 1 });
      expect(lower.statusCode).toBe(409);
      expect(messageOf(lower)).toBe(
        'Maximum registrations cannot be lower than the 2 people already registered for this job.',
      );
      const exact = await camp.call('PATCH', `/api/jobs/${job.id}`, camp.admin, { maxRegistrations: 2 });
      expect(exact.statusCode).toBe(200);
      expect(exact.json()).toMatchObject({ maxRegistrations: 2, currentRegistrations: 2 });
    });
  });

  describe('changes', () => {
    it('moves a job to another category and shift', async () => {
      const job = await create({ name: 'Mover' });
      const response = await camp.call('PATCH', `/api/jobs/${job.id}`, camp.admin, {
        categoryId: leadsId,
        shiftId: preOpeningId,
        location: 'Gate',
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        name: 'Mover',
        location: 'Gate',
        categoryId: leadsId,
        shiftId: preOpeningId,
        staffOnly: true,
        shift: { dayOfWeek: 'PRE_OPENING', startTime: '08:00', endTime: '12:00' },
      });
    });

    it.each([
      [{ name: '' }, ['All fields are required.']],
      [{ maxRegistrations: 0 }, ['Maximum registrations must be a positive number.']],
      [{ currentRegistrations: 0 }, ['Unrecognized key: "currentRegistrations"']],
    ])('refuses the change %j with %j', async (payload, messages) => {
      const job = await create({ name: 'Steady' });
      const response = await camp.call('PATCH', `/api/jobs/${job.id}`, camp.admin, payload);
      expect(response.statusCode).toBe(400);
      expect(messagesOf(response)).toEqual(messages);
    });

    it('refuses a shift that does not exist, changing nothing', async () => {
      const job = await create({ name: 'Anchored' });
      const ghost = randomUUID();
      const response = await camp.call('PATCH', `/api/jobs/${job.id}`, camp.admin, {
        name: 'Drifted',
        shiftId: ghost,
      });
      expect(response.statusCode).toBe(400);
      expect(messageOf(response)).toEqual([`Shift ${ghost} does not exist`]);
      expect((await camp.call('GET', `/api/jobs/${job.id}`, camp.admin)).json()).toMatchObject({
        name: 'Anchored',
        shiftId: mondayId,
      });
    });
  });

  describe('waitlist (docs/product.md §10, decision 052)', () => {
    const year = async () => {
      const [config] = await camp.t.database.db
        .select({ year: campConfig.registrationYear })
        .from(campConfig);
      return config?.year ?? new Date().getUTCFullYear();
    };
    const pendingFills = async () =>
      camp.t.database.db
        .select()
        .from(timedTasks)
        .where(
          and(
            eq(timedTasks.kind, 'WAITLIST_FILL'),
            eq(timedTasks.year, await year()),
            eq(timedTasks.state, 'PENDING'),
          ),
        );

    it('keeps the switch on create and update, and shows it in the list', async () => {
      const job = await create({ name: 'Waiter', waitlistEnabled: true });
      expect(job.waitlistEnabled).toBe(true);
      const [row] = await camp.t.database.db.select().from(jobs).where(eq(jobs.id, job.id));
      expect(row!.waitlistEnabled).toBe(true);
      const off = await camp.call('PATCH', `/api/jobs/${job.id}`, camp.admin, { waitlistEnabled: false });
      expect(off.statusCode, off.body).toBe(200);
      expect(off.json()).toMatchObject({ waitlistEnabled: false, name: 'Waiter' });
      const on = await camp.call('PATCH', `/api/jobs/${job.id}`, camp.admin, { waitlistEnabled: true });
      expect(on.json()).toMatchObject({ waitlistEnabled: true });
      const listed = (await camp.call('GET', '/api/jobs', camp.participant)).json<Job[]>();
      expect(listed.find((entry) => entry.id === job.id)).toMatchObject({ waitlistEnabled: true });
      const bad = await camp.call('PATCH', `/api/jobs/${job.id}`, camp.admin, { waitlistEnabled: null });
      expect(bad.statusCode).toBe(400);
      expect(messagesOf(bad)).toEqual(['Waitlist when full must be true or false']);
    });

    it('tells the line to fill when more places are made, and only then', async () => {
      // The app's own worker stays out of the way: the fill is looked at as its task row.
      await camp.t.app.services.waitlist.stop();
      const job = await create({ name: 'Growing', maxRegistrations: 2, waitlistEnabled: true });
      await camp.t.database.db.delete(timedTasks).where(eq(timedTasks.kind, 'WAITLIST_FILL'));
      for (const change of [{ maxRegistrations: 2 }, { maxRegistrations: 1 }, { name: 'Growing job' }]) {
        const same = await camp.call('PATCH', `/api/jobs/${job.id}`, camp.admin, change);
        expect(same.statusCode, same.body).toBe(200);
        expect(await pendingFills()).toEqual([]);
      }
      const raised = await camp.call('PATCH', `/api/jobs/${job.id}`, camp.admin, { maxRegistrations: 3 });
      expect(raised.statusCode, raised.body).toBe(200);
      expect(await pendingFills()).toHaveLength(1);
      // A refused change schedules nothing.
      await camp.t.database.db.delete(timedTasks).where(eq(timedTasks.kind, 'WAITLIST_FILL'));
      const refused = await camp.call('PATCH', `/api/jobs/${job.id}`, camp.admin, {
        maxRegistrations: 4,
        shiftId: randomUUID(),
      });
      expect(refused.statusCode).toBe(400);
      expect(await pendingFills()).toEqual([]);
    });
  });

  describe('delete', () => {
    it('deletes a job nobody registered for', async () => {
      const job = await create({ name: 'Unwanted' });
      expect((await camp.call('DELETE', `/api/jobs/${job.id}`, camp.admin)).statusCode).toBe(204);
      expect((await camp.call('GET', `/api/jobs/${job.id}`, camp.admin)).statusCode).toBe(404);
    });

    it('refuses while people are registered for it', async () => {
      const job = await create({ name: 'Wanted' });
      await insertRegistration(camp.t.database.db, { jobIds: [job.id] });
      const response = await camp.call('DELETE', `/api/jobs/${job.id}`, camp.admin);
      expect(response.statusCode).toBe(409);
      expect(messageOf(response)).toBe(
        'This job cannot be deleted while 1 person is registered for it. Remove them from the job first.',
      );
    });

    it('refuses while cancelled registrations still refer to it', async () => {
      const job = await create({ name: 'Remembered' });
      await insertRegistration(camp.t.database.db, { jobIds: [job.id], status: 'CANCELLED' });
      const response = await camp.call('DELETE', `/api/jobs/${job.id}`, camp.admin);
      expect(response.statusCode).toBe(409);
      expect(messageOf(response)).toBe(
        'This job cannot be deleted because cancelled registrations still refer to it and are kept for history.',
      );
    });
  });

  it('lets only admins write, and anyone signed in read', async () => {
    const job = await create({ name: 'Guarded' });
    const writes: Array<[Parameters<Camp['call']>[0], string, unknown?]> = [
      ['POST', '/api/jobs', { name: 'Mine', location: 'Here', categoryId: kitchenId, shiftId: mondayId }],
      ['PATCH', `/api/jobs/${job.id}`, { maxRegistrations: 50 }],
      ['DELETE', `/api/jobs/${job.id}`],
    ];
    for (const [method, url, payload] of writes) {
      expect((await camp.call(method, url, null, payload)).statusCode, `${method} ${url}`).toBe(401);
      expect((await camp.call(method, url, camp.participant, payload)).statusCode, `${method} ${url}`).toBe(
        403,
      );
      expect((await camp.call(method, url, camp.staff, payload)).statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await camp.call('GET', '/api/jobs', null)).statusCode).toBe(401);
    expect((await camp.call('GET', `/api/jobs/${job.id}`, null)).statusCode).toBe(401);
    expect((await camp.call('GET', `/api/jobs/${job.id}`, camp.participant)).json()).toEqual(job);
  });
});
