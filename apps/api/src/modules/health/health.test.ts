import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { testDatabaseKind } from '../../../test/database';

describe('GET /api/health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers ok with the database kind while the database is reachable', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ status: string; database: string; uptimeSeconds: number }>();
    expect(body.status).toBe('ok');
    expect(body.database).toBe(testDatabaseKind());
    expect(body.uptimeSeconds).toBeGreaterThan(0);
  });

  it('answers 503 with the error body when the database cannot be reached', async () => {
    const other = await createTestApp();
    await other.database.close();
    const response = await other.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      statusCode: 503,
      error: 'Service Unavailable',
      message: 'Database unreachable',
    });
    await other.app.close();
  });
});
