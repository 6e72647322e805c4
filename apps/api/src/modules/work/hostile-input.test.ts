import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Camp, startCamp } from '../../../test/camp';
import { adminPost } from '../../../test/camp-registrations';
import { ODD_BODIES, ODD_VALUES as SHARED_ODD_VALUES } from '../../../test/odd-values';

/** The shared odd values, and a time where a day or date belongs. */
const ODD_VALUES: unknown[] = [...SHARED_ODD_VALUES, '12:00'];

describe('no input makes the camping-option and work routes fail with a 500', () => {
  let camp: Camp;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    camp = await startCamp();
    const post = (url: string, payload: unknown) => adminPost(camp, url, payload);
    ids.category = await post('/api/job-categories', { name: 'Kitchen', description: 'Cooking' });
    ids.shift = await post('/api/shifts', {
      name: 'Lunch',
      dayOfWeek: 'MONDAY',
      startTime: '11:00',
      endTime: '14:00',
    });
    ids.job = await post('/api/jobs', {
      name: 'Dishes',
      location: 'Tent',
      categoryId: ids.category,
      shiftId: ids.shift,
    });
    ids.option = await post('/api/camping-options', { name: 'Tent', jobCategoryIds: [ids.category] });
    ids.field = await post(`/api/camping-options/${ids.option}/fields`, { displayName: 'Size' });
  });
  afterAll(async () => {
    await camp.close();
  });

  const writes = (): Array<{ method: 'POST' | 'PATCH'; url: string; valid: Record<string, unknown> }> => [
    {
      method: 'POST',
      url: '/api/camping-options',
      valid: {
        name: 'Odd',
        description: 'd',
        enabled: true,
        workShiftsRequired: 1,
        participantDues: 1,
        staffDues: 1,
        maxSignups: 1,
        jobCategoryIds: [ids.category],
      },
    },
    { method: 'PATCH', url: `/api/camping-options/${ids.option}`, valid: { name: 'Odd', maxSignups: 3 } },
    {
      method: 'POST',
      url: `/api/camping-options/${ids.option}/fields`,
      valid: {
        displayName: 'Odd',
        description: 'd',
        dataType: 'NUMBER',
        required: false,
        minValue: 1,
        maxValue: 2,
        maxLength: null,
        minLength: null,
      },
    },
    {
      method: 'PATCH',
      url: `/api/camping-options/${ids.option}/fields/${ids.field}`,
      valid: { displayName: 'Odd', dataType: 'STRING', maxLength: 10, minLength: 1 },
    },
    {
      method: 'PATCH',
      url: `/api/camping-option-fields/reorder/${ids.option}`,
      valid: { fieldOrders: [{ id: ids.field, order: 0 }] },
    },
    {
      method: 'POST',
      url: '/api/job-categories',
      valid: { name: 'Odd', description: 'd', staffOnly: false, alwaysRequired: false },
    },
    { method: 'PATCH', url: `/api/job-categories/${ids.category}`, valid: { name: 'Odd', description: 'd' } },
    {
      method: 'POST',
      url: '/api/jobs',
      valid: {
        name: 'Odd',
        location: 'l',
        categoryId: ids.category,
        shiftId: ids.shift,
        maxRegistrations: 2,
      },
    },
    {
      method: 'PATCH',
      url: `/api/jobs/${ids.job}`,
      valid: { name: 'Odd', shiftId: ids.shift, maxRegistrations: 9 },
    },
    {
      method: 'POST',
      url: '/api/shifts',
      valid: { name: 'Odd', description: 'd', dayOfWeek: 'FRIDAY', startTime: '10:00', endTime: '11:00' },
    },
    {
      method: 'PATCH',
      url: `/api/shifts/${ids.shift}`,
      valid: { name: 'Odd', startTime: '10:00', endTime: '18:00' },
    },
  ];

  it('answers every odd field value with a 2xx or a 4xx error body', async () => {
    for (const { method, url, valid } of writes()) {
      for (const key of Object.keys(valid)) {
        for (const value of ODD_VALUES) {
          const response = await camp.call(method, url, camp.admin, { ...valid, [key]: value });
          expect(
            response.statusCode,
            `${method} ${url} ${key}=${JSON.stringify(value)}: ${response.body}`,
          ).toBeLessThan(500);
          if (response.statusCode >= 400) {
            expect(response.json()).toMatchObject({
              statusCode: response.statusCode,
              message: expect.anything(),
            });
          }
        }
      }
      for (const body of ODD_BODIES) {
        const response = await camp.call(method, url, camp.admin, body);
        // A bare string goes out as text/plain, which Fastify answers with 415; the rest are 400.
        expect(response.statusCode, `${method} ${url} body=${JSON.stringify(body)}`).toBe(
          typeof body === 'string' ? 415 : 400,
        );
      }
    }
  });

  it('answers odd ids and queries with a 4xx', async () => {
    const urls = [
      '/api/camping-options?includeDisabled[]=true',
      '/api/camping-options/%00',
      '/api/camping-options/😀/fields',
      '/api/jobs?categoryId=&shiftId=',
      '/api/jobs?shiftId=00000000-0000-0000-0000-000000000000',
      '/api/shifts?dayOfWeek=',
      '/api/shifts/with-jobs-and-registrations?year=1e9',
      `/api/shifts/${ids.shift}/registrations?year=-1`,
      '/api/job-categories/%E0%A4%A',
    ];
    for (const url of urls) {
      const response = await camp.call('GET', url, camp.admin);
      expect(response.statusCode, `${url}: ${response.body}`).toBeLessThan(500);
    }
  });
});
