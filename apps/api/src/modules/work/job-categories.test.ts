import type { JobCategory } from '@camp/shared';
import { eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campingOptionJobCategories, jobCategories } from '../../db/schema/index';
import { type Camp, messageOf, messagesOf, startCamp } from '../../../test/camp';

describe('job categories: /api/job-categories', () => {
  let camp: Camp;

  beforeAll(async () => {
    camp = await startCamp();
  });
  afterAll(async () => {
    await camp.close();
  });

  const create = async (values: Record<string, unknown>) => {
    const response = await camp.call('POST', '/api/job-categories', camp.admin, values);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<JobCategory>();
  };
  const newShift = async () => {
    const response = await camp.call('POST', '/api/shifts', camp.admin, {
      name: 'Morning',
      dayOfWeek: 'MONDAY',
      startTime: '09:00',
      endTime: '12:00',
    });
    return response.json<{ id: string }>().id;
  };

  it('creates a category with defaults', async () => {
    const response = await camp.call('POST', '/api/job-categories', camp.admin, {
      name: ' Kitchen ',
      description: 'Cooking and cleaning',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      id: expect.any(String),
      name: 'Kitchen',
      description: 'Cooking and cleaning',
      staffOnly: false,
      alwaysRequired: false,
    });
  });

  it.each([
    [{}, ['Name and description are required.']],
    [{ name: 'Kitchen' }, ['Name and description are required.']],
    [{ name: '  ', description: 'Cooking' }, ['Name and description are required.']],
    [{ name: 'x'.repeat(101), description: 'Cooking' }, ['Name must be at most 100 characters']],
    [{ name: 'Kitchen', description: 'x'.repeat(501) }, ['Description must be at most 500 characters']],
    [{ name: 'Kitchen', description: 'Cooking', staffOnly: 'yes' }, ['Staff only must be true or false']],
    [{ name: 'Kitchen', description: 'Cooking', color: 'red' }, ['Unrecognized key: "color"']],
    [{ name: 7, description: 'Cooking' }, ['Name must be text']],
    [{ name: 'Kitchen\u0000', description: 'Cooking' }, ['Name contains a character that is not allowed']],
  ])('refuses %j with %j', async (payload, messages) => {
    const response = await camp.call('POST', '/api/job-categories', camp.admin, payload);
    expect(response.statusCode).toBe(400);
    expect(messagesOf(response)).toEqual(messages);
  });

  it('accepts exactly 100 and 500 characters', async () => {
    const category = await create({ name: 'n'.repeat(100), description: 'd'.repeat(500) });
    expect(category.name).toHaveLength(100);
  });

  describe('staff-only categories', () => {
    let openId: string;
    let secretId: string;
    beforeAll(async () => {
      openId = (await create({ name: 'Greeters', description: 'Welcome arrivals' })).id;
      secretId = (await create({ name: 'Leads', description: 'Shift leads', staffOnly: true })).id;
    });

    it('hides them from participants', async () => {
      const list = await camp.call('GET', '/api/job-categories', camp.participant);
      expect(list.statusCode).toBe(200);
      const ids = list.json<JobCategory[]>().map((category) => category.id);
      expect(ids).toContain(openId);
      expect(ids).not.toContain(secretId);
      const one = await camp.call('GET', `/api/job-categories/${secretId}`, camp.participant);
      expect(one.statusCode).toBe(404);
      expect(messageOf(one)).toBe('Job category not found');
    });

    it('shows them to staff and admins', async () => {
      for (const session of [camp.staff, camp.admin]) {
        const list = await camp.call('GET', '/api/job-categories', session);
        expect(list.json<JobCategory[]>().find((category) => category.id === secretId)).toMatchObject({
          name: 'Leads',
          staffOnly: true,
        });
        const one = await camp.call('GET', `/api/job-categories/${secretId}`, session);
        expect(one.statusCode).toBe(200);
      }
    });
  });

  it('changes only what is sent', async () => {
    const category = await create({ name: 'Build', description: 'Set up the camp' });
    const response = await camp.call('PATCH', `/api/job-categories/${category.id}`, camp.admin, {
      alwaysRequired: true,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ...category, alwaysRequired: true });
    const blank = await camp.call('PATCH', `/api/job-categories/${category.id}`, camp.admin, {
      description: '',
    });
    expect(blank.statusCode).toBe(400);
    expect(messageOf(blank)).toEqual(['Name and description are required.']);
  });

  it('answers 400 for a malformed id and 404 for an unknown one', async () => {
    for (const method of ['GET', 'PATCH', 'DELETE'] as const) {
      const payload = method === 'PATCH' ? { name: 'X' } : undefined;
      const bad = await camp.call(method, '/api/job-categories/nope', camp.admin, payload);
      expect(bad.statusCode).toBe(400);
      expect(messageOf(bad)).toEqual(['Invalid job category id']);
      const missing = await camp.call(method, `/api/job-categories/${randomUUID()}`, camp.admin, payload);
      expect(missing.statusCode).toBe(404);
      expect(messageOf(missing)).toBe('Job category not found');
    }
  });

  describe('delete', () => {
    it('deletes an unused category and unlinks it from camping options', async () => {
      const category = await create({ name: 'Temporary', description: 'Gone soon' });
      const option = await camp.call('POST', '/api/camping-options', camp.admin, {
        name: 'Linked Camp',
        jobCategoryIds: [category.id],
      });
      const optionId = option.json<{ id: string }>().id;
      const response = await camp.call('DELETE', `/api/job-categories/${category.id}`, camp.admin);
      expect(response.statusCode).toBe(204);
      const stored = await camp.t.database.db
        .select()
        .from(jobCategories)
        .where(eq(jobCategories.id, category.id));
      expect(stored).toHaveLength(0);
      const links = await camp.t.database.db
        .select()
        .from(campingOptionJobCategories)
        .where(eq(campingOptionJobCategories.campingOptionId, optionId));
      expect(links).toHaveLength(0);
    });

    it('refuses while jobs use it, saying why', async () => {
      const category = await create({ name: 'Busy', description: 'Has jobs' });
      const shiftId = await newShift();
      for (const name of ['Dishes', 'Prep']) {
        const job = await camp.call('POST', '/api/jobs', camp.admin, {
          name,
          location: 'Kitchen',
          categoryId: category.id,
          shiftId,
        });
        expect(job.statusCode).toBe(201);
      }
      const response = await camp.call('DELETE', `/api/job-categories/${category.id}`, camp.admin);
      expect(response.statusCode).toBe(409);
      expect(messageOf(response)).toBe(
        'This job category cannot be deleted while 2 jobs use it. Delete those jobs or move them to another category first.',
      );
    });
  });

  it('lets only admins write, and anyone signed in read', async () => {
    const category = await create({ name: 'Guarded', description: 'Admins only' });
    const writes: Array<[Parameters<Camp['call']>[0], string, unknown?]> = [
      ['POST', '/api/job-categories', { name: 'Mine', description: 'Mine' }],
      ['PATCH', `/api/job-categories/${category.id}`, { name: 'Mine' }],
      ['DELETE', `/api/job-categories/${category.id}`],
    ];
    for (const [method, url, payload] of writes) {
      expect((await camp.call(method, url, null, payload)).statusCode, `${method} ${url}`).toBe(401);
      expect((await camp.call(method, url, camp.participant, payload)).statusCode, `${method} ${url}`).toBe(
        403,
      );
      expect((await camp.call(method, url, camp.staff, payload)).statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await camp.call('GET', '/api/job-categories', null)).statusCode).toBe(401);
    expect((await camp.call('GET', `/api/job-categories/${category.id}`, null)).statusCode).toBe(401);
    const read = await camp.call('GET', `/api/job-categories/${category.id}`, camp.participant);
    expect(read.json()).toEqual(category);
  });
});
