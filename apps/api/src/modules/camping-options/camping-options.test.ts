import type { CampingOption } from '@camp/shared';
import { eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campingOptionJobCategories, campingOptions } from '../../db/schema/index';
import { type Camp, insertRegistration, messageOf, messagesOf, startCamp } from '../../../test/camp';

const TENT = {
  name: 'Tent Camping',
  description: 'Bring your own tent',
  enabled: true,
  workShiftsRequired: 2,
  participantDues: 125.5,
  staffDues: 80.29,
  maxSignups: 40,
};

describe('camping options: /api/camping-options', () => {
  let camp: Camp;
  let kitchenId: string;
  let greeterId: string;

  beforeAll(async () => {
    camp = await startCamp();
    const kitchen = await camp.call('POST', '/api/job-categories', camp.admin, {
      name: 'Kitchen',
      description: 'Cooking and cleaning',
    });
    const greeters = await camp.call('POST', '/api/job-categories', camp.admin, {
      name: 'Greeters',
      description: 'Welcome arrivals',
    });
    kitchenId = kitchen.json<{ id: string }>().id;
    greeterId = greeters.json<{ id: string }>().id;
  });
  afterAll(async () => {
    await camp.close();
  });

  const create = async (values: Record<string, unknown> = {}) => {
    const response = await camp.call('POST', '/api/camping-options', camp.admin, { ...TENT, ...values });
    expect(response.statusCode).toBe(201);
    return response.json<CampingOption>();
  };

  describe('create and read', () => {
    it('creates an option, keeping dues as cents and answering them as dollars', async () => {
      const response = await camp.call('POST', '/api/camping-options', camp.admin, {
        ...TENT,
        jobCategoryIds: [kitchenId, greeterId, kitchenId],
      });
      expect(response.statusCode).toBe(201);
      const option = response.json<CampingOption>();
      expect(option).toEqual({
        id: expect.any(String),
        ...TENT,
        jobCategoryIds: [kitchenId, greeterId].sort(),
        currentRegistrations: 0,
        availabilityStatus: 'AVAILABLE',
        fields: [],
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      });
      const [stored] = await camp.t.database.db
        .select()
        .from(campingOptions)
        .where(eq(campingOptions.id, option.id));
      expect(stored).toMatchObject({ participantDuesCents: 12550, staffDuesCents: 8029 });

      const read = await camp.call('GET', `/api/camping-options/${option.id}`, camp.participant);
      expect(read.statusCode).toBe(200);
      expect(read.json()).toEqual(option);
    });

    it('fills defaults: an enabled, free, unlimited option with no work', async () => {
      const response = await camp.call('POST', '/api/camping-options', camp.admin, { name: '  RV  ' });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({
        name: 'RV',
        description: '',
        enabled: true,
        workShiftsRequired: 0,
        participantDues: 0,
        staffDues: 0,
        maxSignups: 0,
        jobCategoryIds: [],
      });
    });

    it.each([
      [{}, ['Name is required']],
      [{ name: '   ' }, ['Name is required']],
      [{ name: 'A', participantDues: -1 }, ['Participant dues cannot be negative']],
      [{ name: 'A', staffDues: -0.01 }, ['Staff dues cannot be negative']],
      [{ name: 'A', maxSignups: -1 }, ['Max signups cannot be negative']],
      [{ name: 'A', workShiftsRequired: -1 }, ['Work shifts required cannot be negative']],
      [
        { name: 'A', participantDues: 10.555 },
        ['Participant dues must be in whole cents (at most 2 decimal places)'],
      ],
      [{ name: 'A', staffDues: 0.001 }, ['Staff dues must be in whole cents (at most 2 decimal places)']],
      [{ name: 'A', participantDues: '12' }, ['Participant dues must be a number']],
      [{ name: 'A', maxSignups: 1.5 }, ['Max signups must be a whole number']],
      [{ name: 42 }, ['Name must be text']],
      [{ name: 'Tent\u0000' }, ['Name contains a character that is not allowed']],
      [{ name: 'Tent', description: '\u0000' }, ['Description contains a character that is not allowed']],
      [{ name: 'x'.repeat(101) }, ['Name must be at most 100 characters']],
      [{ name: 'A', enabled: 'yes' }, ['Enabled must be true or false']],
      [{ name: 'A', jobCategoryIds: ['nope'] }, ['Invalid job category id']],
      [{ name: 'A', currentRegistrations: 3 }, ['Unrecognized key: "currentRegistrations"']],
      [
        { participantDues: -5, staffDues: -5, maxSignups: -1, workShiftsRequired: -1 },
        [
          'Name is required',
          'Work shifts required cannot be negative',
          'Participant dues cannot be negative',
          'Staff dues cannot be negative',
          'Max signups cannot be negative',
        ],
      ],
    ])('refuses %j with %j', async (payload, messages) => {
      const response = await camp.call('POST', '/api/camping-options', camp.admin, payload);
      expect(response.statusCode).toBe(400);
      expect(messagesOf(response)).toEqual(messages);
    });

    it('accepts the smallest step of 0.01 and zero dues', async () => {
      const option = await create({ participantDues: 0.01, staffDues: 0 });
      expect(option).toMatchObject({ participantDues: 0.01, staffDues: 0 });
    });

    it('names a job category that does not exist, and stores nothing', async () => {
      const ghost = randomUUID();
      const response = await camp.call('POST', '/api/camping-options', camp.admin, {
        name: 'Ghost Camp',
        jobCategoryIds: [kitchenId, ghost],
      });
      expect(response.statusCode).toBe(400);
      expect(messageOf(response)).toEqual([`Job category ${ghost} does not exist`]);
      const stored = await camp.t.database.db
        .select()
        .from(campingOptions)
        .where(eq(campingOptions.name, 'Ghost Camp'));
      expect(stored).toHaveLength(0);
    });

    it('answers 400 for an id that is not a UUID and 404 for an unknown one', async () => {
      for (const method of ['GET', 'PATCH', 'DELETE'] as const) {
        const payload = method === 'PATCH' ? { name: 'X' } : undefined;
        const bad = await camp.call(method, '/api/camping-options/42', camp.admin, payload);
        expect(bad.statusCode).toBe(400);
        expect(messageOf(bad)).toEqual(['Invalid camping option id']);
        const missing = await camp.call(method, `/api/camping-options/${randomUUID()}`, camp.admin, payload);
        expect(missing.statusCode).toBe(404);
        expect(messageOf(missing)).toBe('Camping option not found');
      }
    });
  });

  describe('who may do what', () => {
    let optionId: string;
    beforeAll(async () => {
      optionId = (await create({ name: 'Matrix Camp' })).id;
    });

    it('answers 401 to anyone not signed in, on every route', async () => {
      const routes: Array<[Parameters<Camp['call']>[0], string, unknown?]> = [
        ['GET', '/api/camping-options'],
        ['GET', `/api/camping-options/${optionId}`],
        ['POST', '/api/camping-options', TENT],
        ['PATCH', `/api/camping-options/${optionId}`, { name: 'X' }],
        ['DELETE', `/api/camping-options/${optionId}`],
        ['GET', `/api/camping-options/${optionId}/fields`],
      ];
      for (const [method, url, payload] of routes) {
        const response = await camp.call(method, url, null, payload);
        expect(response.statusCode, `${method} ${url}`).toBe(401);
      }
    });

    it('answers 403 to participants and staff on every write, whatever the body', async () => {
      for (const session of [camp.participant, camp.staff]) {
        const routes: Array<[Parameters<Camp['call']>[0], string, unknown?]> = [
          ['POST', '/api/camping-options', TENT],
          ['POST', '/api/camping-options', { nonsense: true }],
          ['PATCH', `/api/camping-options/${optionId}`, { name: 'Taken over' }],
          ['DELETE', `/api/camping-options/${optionId}`],
        ];
        for (const [method, url, payload] of routes) {
          const response = await camp.call(method, url, session, payload);
          expect(response.statusCode, `${method} ${url}`).toBe(403);
        }
      }
      const read = await camp.call('GET', `/api/camping-options/${optionId}`, camp.admin);
      expect(read.json()).toMatchObject({ name: 'Matrix Camp' });
    });

    it('lets participants and staff read enabled options', async () => {
      for (const session of [camp.participant, camp.staff]) {
        const list = await camp.call('GET', '/api/camping-options', session);
        expect(list.statusCode).toBe(200);
        expect(list.json<CampingOption[]>().map((option) => option.id)).toContain(optionId);
      }
    });
  });

  describe('disabled options', () => {
    let disabledId: string;
    beforeAll(async () => {
      disabledId = (await create({ name: 'Closed Camp', enabled: false })).id;
    });
    const idsOf = (response: { json: <T>() => T }) =>
      response.json<CampingOption[]>().map((option) => option.id);

    it('lists enabled options only, unless an admin asks for disabled ones too', async () => {
      const participantList = await camp.call('GET', '/api/camping-options', camp.participant);
      expect(idsOf(participantList)).not.toContain(disabledId);
      const adminDefault = await camp.call('GET', '/api/camping-options', camp.admin);
      expect(idsOf(adminDefault)).not.toContain(disabledId);
      const adminAll = await camp.call('GET', '/api/camping-options?includeDisabled=true', camp.admin);
      expect(adminAll.statusCode).toBe(200);
      const disabled = adminAll.json<CampingOption[]>().find((option) => option.id === disabledId);
      expect(disabled).toMatchObject({ enabled: false, availabilityStatus: 'DISABLED' });
    });

    it('ignores includeDisabled from anyone but an admin', async () => {
      for (const session of [camp.participant, camp.staff]) {
        const response = await camp.call('GET', '/api/camping-options?includeDisabled=true', session);
        expect(response.statusCode).toBe(200);
        expect(idsOf(response)).not.toContain(disabledId);
        expect(response.json<CampingOption[]>().every((option) => option.enabled)).toBe(true);
      }
    });

    it('refuses a malformed includeDisabled', async () => {
      const response = await camp.call('GET', '/api/camping-options?includeDisabled=maybe', camp.admin);
      expect(response.statusCode).toBe(400);
      expect(messageOf(response)).toEqual(['includeDisabled must be true or false']);
    });

    it('shows a disabled option and its fields to admins only', async () => {
      const asParticipant = await camp.call('GET', `/api/camping-options/${disabledId}`, camp.participant);
      expect(asParticipant.statusCode).toBe(404);
      expect(messageOf(asParticipant)).toBe('Camping option not found');
      const fields = await camp.call('GET', `/api/camping-options/${disabledId}/fields`, camp.staff);
      expect(fields.statusCode).toBe(404);
      const asAdmin = await camp.call('GET', `/api/camping-options/${disabledId}`, camp.admin);
      expect(asAdmin.statusCode).toBe(200);
      expect(asAdmin.json()).toMatchObject({ availabilityStatus: 'DISABLED' });
    });
  });

  describe('places taken', () => {
    it('counts registrations that are not cancelled, and reads FULL at maxSignups', async () => {
      const db = camp.t.database.db;
      const option = await create({ name: 'Small Camp', maxSignups: 2 });
      await insertRegistration(db, { campingOptionIds: [option.id], status: 'CONFIRMED' });
      await insertRegistration(db, { campingOptionIds: [option.id], status: 'CANCELLED' });
      const one = await camp.call('GET', `/api/camping-options/${option.id}`, camp.participant);
      expect(one.json()).toMatchObject({ currentRegistrations: 1, availabilityStatus: 'AVAILABLE' });

      await insertRegistration(db, { campingOptionIds: [option.id], status: 'PENDING' });
      const list = await camp.call('GET', '/api/camping-options', camp.participant);
      expect(list.json<CampingOption[]>().find((entry) => entry.id === option.id)).toMatchObject({
        currentRegistrations: 2,
        availabilityStatus: 'FULL',
      });
    });

    it('never reads FULL when maxSignups is 0 (unlimited)', async () => {
      const db = camp.t.database.db;
      const option = await create({ name: 'Open Field', maxSignups: 0 });
      for (let index = 0; index < 3; index += 1) {
        await insertRegistration(db, { campingOptionIds: [option.id], status: 'PENDING' });
      }
      const response = await camp.call('GET', `/api/camping-options/${option.id}`, camp.admin);
      expect(response.json()).toMatchObject({ currentRegistrations: 3, availabilityStatus: 'AVAILABLE' });
    });

    it('refuses to lower maxSignups below the places taken, but allows unlimited', async () => {
      const db = camp.t.database.db;
      const option = await create({ name: 'Busy Camp', maxSignups: 5 });
      await insertRegistration(db, { campingOptionIds: [option.id] });
      await insertRegistration(db, { campingOptionIds: [option.id] });
      const lower = await camp.call('PATCH', `/api/camping-options/${option.id}`, camp.admin, {
        maxSignups: 1,
      });
      expect(lower.statusCode).toBe(409);
      expect(messageOf(lower)).toBe(
        'Max signups cannot be lower than the 2 current registrations (0 means unlimited).',
      );
      const exact = await camp.call('PATCH', `/api/camping-options/${option.id}`, camp.admin, {
        maxSignups: 2,
      });
      expect(exact.json()).toMatchObject({ maxSignups: 2, availabilityStatus: 'FULL' });
      const unlimited = await camp.call('PATCH', `/api/camping-options/${option.id}`, camp.admin, {
        maxSignups: 0,
      });
      expect(unlimited.json()).toMatchObject({ maxSignups: 0, availabilityStatus: 'AVAILABLE' });
    });
  });

  describe('changes', () => {
    it('changes only what is sent, replaces the categories and round-trips money', async () => {
      const option = await create({ name: 'Shade Camp', jobCategoryIds: [kitchenId] });
      const response = await camp.call('PATCH', `/api/camping-options/${option.id}`, camp.admin, {
        participantDues: 99.99,
        jobCategoryIds: [greeterId],
        description: null,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        name: 'Shade Camp',
        participantDues: 99.99,
        staffDues: 80.29,
        maxSignups: 40,
        description: '',
        jobCategoryIds: [greeterId],
      });
      const links = await camp.t.database.db
        .select()
        .from(campingOptionJobCategories)
        .where(eq(campingOptionJobCategories.campingOptionId, option.id));
      expect(links.map((link) => link.jobCategoryId)).toEqual([greeterId]);
      const [stored] = await camp.t.database.db
        .select()
        .from(campingOptions)
        .where(eq(campingOptions.id, option.id));
      expect(stored!.participantDuesCents).toBe(9999);
    });

    it('keeps everything on an empty change', async () => {
      const option = await create({ name: 'Quiet Camp', jobCategoryIds: [kitchenId] });
      const response = await camp.call('PATCH', `/api/camping-options/${option.id}`, camp.admin, {});
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ ...TENT, name: 'Quiet Camp', jobCategoryIds: [kitchenId] });
    });

    it.each([
      [{ name: '' }, ['Name is required']],
      [{ staffDues: -3 }, ['Staff dues cannot be negative']],
      [{ workShiftsRequired: -2 }, ['Work shifts required cannot be negative']],
      [{ id: 'mine' }, ['Unrecognized key: "id"']],
    ])('refuses the change %j with %j', async (payload, messages) => {
      const option = await create({ name: 'Stable Camp' });
      const response = await camp.call('PATCH', `/api/camping-options/${option.id}`, camp.admin, payload);
      expect(response.statusCode).toBe(400);
      expect(messagesOf(response)).toEqual(messages);
    });

    it('refuses a category that does not exist, changing nothing', async () => {
      const option = await create({ name: 'Loyal Camp', jobCategoryIds: [kitchenId] });
      const ghost = randomUUID();
      const response = await camp.call('PATCH', `/api/camping-options/${option.id}`, camp.admin, {
        name: 'Renamed',
        jobCategoryIds: [ghost],
      });
      expect(response.statusCode).toBe(400);
      expect(messageOf(response)).toEqual([`Job category ${ghost} does not exist`]);
      const read = await camp.call('GET', `/api/camping-options/${option.id}`, camp.admin);
      expect(read.json()).toMatchObject({ name: 'Loyal Camp', jobCategoryIds: [kitchenId] });
    });
  });

  describe('delete', () => {
    it('deletes an option nobody registered for, with its fields', async () => {
      const option = await create({ name: 'Short-lived Camp' });
      await camp.call('POST', `/api/camping-options/${option.id}/fields`, camp.admin, {
        displayName: 'Tent size',
      });
      const response = await camp.call('DELETE', `/api/camping-options/${option.id}`, camp.admin);
      expect(response.statusCode).toBe(204);
      expect(response.body).toBe('');
      const read = await camp.call('GET', `/api/camping-options/${option.id}`, camp.admin);
      expect(read.statusCode).toBe(404);
    });

    it('refuses while a registration holds a place in it', async () => {
      const option = await create({ name: 'Popular Camp' });
      await insertRegistration(camp.t.database.db, { campingOptionIds: [option.id] });
      const response = await camp.call('DELETE', `/api/camping-options/${option.id}`, camp.admin);
      expect(response.statusCode).toBe(409);
      expect(messageOf(response)).toBe(
        'This camping option cannot be deleted while 1 registration holds a place in it. Disable it instead to stop new sign-ups.',
      );
    });

    it('refuses while cancelled registrations still refer to it', async () => {
      const option = await create({ name: 'Historic Camp' });
      await insertRegistration(camp.t.database.db, { campingOptionIds: [option.id], status: 'CANCELLED' });
      const response = await camp.call('DELETE', `/api/camping-options/${option.id}`, camp.admin);
      expect(response.statusCode).toBe(409);
      expect(messageOf(response)).toBe(
        'This camping option cannot be deleted because cancelled registrations still refer to it and are kept for history. Disable it instead.',
      );
      const read = await camp.call('GET', `/api/camping-options/${option.id}`, camp.admin);
      expect(read.statusCode).toBe(200);
    });
  });

  it('describes every route in the OpenAPI document', async () => {
    const response = await camp.call('GET', '/api/docs/json');
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json<{ paths: Record<string, unknown> }>().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/camping-options',
        '/api/camping-options/{id}',
        '/api/camping-options/{id}/fields',
        '/api/camping-options/{id}/fields/{fieldId}',
        '/api/camping-option-fields/reorder/{optionId}',
        '/api/job-categories/{id}',
        '/api/jobs/{id}',
        '/api/shifts/with-jobs-and-registrations',
        '/api/shifts/{id}/registrations',
      ]),
    );
  });
});
