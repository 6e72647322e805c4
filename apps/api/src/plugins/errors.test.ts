import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../../test/app';
import { users } from '../db/schema/index';
import { conflict } from '../lib/app-error';

/** Routes that exercise each kind of failure through the real error handler. */
const probeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/probe/echo',
    {
      schema: {
        body: z.strictObject({
          name: z.string().min(1, 'Name is required').max(5, 'Name must be at most 5 characters'),
          age: z.number().int().min(0, 'Age cannot be negative'),
        }),
      },
    },
    async (request) => ({ name: request.body.name }),
  );
  app.get('/probe/crash', async () => {
    throw new Error('secret internals at /srv/app.ts:12');
  });
  app.get('/probe/sql', async () => {
    await app.database.db.execute(sql`select * from table_that_does_not_exist`);
    return {};
  });
  app.get('/probe/conflict', async () => {
    throw conflict('Tent Camping is full');
  });
  app.post('/probe/duplicate', async () => {
    await app.database.db.insert(users).values({ email: 'Same@Example.org' });
    await app.database.db.insert(users).values({ email: 'same@example.org' });
    return {};
  });
  app.post('/probe/nul', { schema: { body: z.strictObject({ email: z.string() }) } }, async (request) => {
    await app.database.db.insert(users).values({ email: request.body.email });
    return {};
  });
  app.get('/probe/pool-timeout', async () => {
    // What pg.Pool throws when no connection frees up within connectionTimeoutMillis (a rush).
    throw new Error('timeout exceeded when trying to connect');
  });
  app.get('/probe/refused', async () => {
    throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
  });
  app.get(
    '/probe/bad-response',
    { schema: { response: { 200: z.object({ ok: z.boolean() }) } } },
    async () => {
      return { ok: 'yes' } as unknown as { ok: boolean };
    },
  );
};

describe('error bodies', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.register(probeRoutes, { prefix: '/api' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers 404 with the error body for an unknown API route', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/nothing-here?x=1' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: 'Route GET /api/nothing-here not found',
    });
  });

  it('answers 400 with the list of rule messages for an invalid body', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/probe/echo',
      payload: { name: '', age: -1 },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: ['Name is required', 'Age cannot be negative'],
    });
  });

  it('answers 400 for an unknown field and for a wrong type', async () => {
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/probe/echo',
      payload: { name: 'Ann', age: 3, role: 'ADMIN' },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<{ message: string[] }>().message).toEqual(['Unrecognized key: "role"']);

    const wrongType = await t.app.inject({
      method: 'POST',
      url: '/api/probe/echo',
      payload: { name: 'Ann', age: 'three' },
    });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json<{ message: string[] }>().message).toEqual([
      'Invalid input: expected number, received string',
    ]);
  });

  it('answers 400 for a body that is not JSON', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/probe/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: "Body is not valid JSON but content-type is set to 'application/json'",
    });
  });

  it('answers 415 for an unsupported content type', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/probe/echo',
      headers: { 'content-type': 'application/xml' },
      payload: '<name/>',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json<{ error: string }>().error).toBe('Unsupported Media Type');
  });

  it('hides the details of a server error', async () => {
    for (const url of ['/api/probe/crash', '/api/probe/sql', '/api/probe/bad-response']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({
        statusCode: 500,
        error: 'Internal Server Error',
        message: 'Internal Server Error',
      });
      expect(response.body).not.toMatch(/table_that_does_not_exist|secret internals|stack|select/i);
      expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('answers 400, not 500, for a NUL character the database refuses, and stores nothing', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/probe/nul',
      payload: { email: 'nul\u0000@example.org' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: 'A value contains a character that is not allowed.',
    });
    const rows = await t.database.db.select({ email: users.email }).from(users);
    expect(rows.some((row) => row.email.startsWith('nul'))).toBe(false);
  });

  it('passes an application error through with its status and message', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/probe/conflict' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ statusCode: 409, error: 'Conflict', message: 'Tent Camping is full' });
  });

  it('turns a unique violation into 409 without SQL, and stores only the first row', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/probe/duplicate' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      statusCode: 409,
      error: 'Conflict',
      message: 'This conflicts with an existing record.',
    });
    const rows = await t.database.db.select({ email: users.email }).from(users);
    expect(rows).toEqual([{ email: 'Same@Example.org' }]);
  });
});

describe('database unavailable', () => {
  const unavailable = {
    statusCode: 503,
    error: 'Service Unavailable',
    message: 'The service is temporarily unavailable. Please try again in a few moments.',
  };

  it('answers 503 with Retry-After, not 500, when no pooled connection frees up or the server refuses', async () => {
    const t = await createTestApp();
    await t.app.register(probeRoutes, { prefix: '/api' });
    for (const url of ['/api/probe/pool-timeout', '/api/probe/refused']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual(unavailable);
      expect(response.headers['retry-after']).toBe('5');
    }
    await t.close();
  });

  it('answers 503 on a real query once the database is gone', async () => {
    const t = await createTestApp();
    await t.app.register(probeRoutes, { prefix: '/api' });
    await t.app.ready();
    await t.database.close();
    const response = await t.app.inject({ method: 'GET', url: '/api/probe/sql' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual(unavailable);
    expect(response.body).not.toMatch(/select|table_that_does_not_exist/i);
    await t.app.close();
  });
});
