import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Camp, startCamp } from './camp';
import { ODD_BODIES as SHARED_ODD_BODIES, ODD_VALUES as SHARED_ODD_VALUES } from './odd-values';

// Fuzzing every route (docs/security.md): each route of the OpenAPI document is sent wrong path ids, wrong
// query values, and for each field of its body every wrong shape, plus whole bodies that are not objects,
// deep nesting, 1 MB strings, invalid JSON and other content types — as an admin, who gets past every guard.
// No answer may be a 5xx, and no body may carry a stack, a file path or SQL.

interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** OpenAPI path, e.g. /api/users/{id}. */
  path: string;
  pathParams: string[];
  queryParams: string[];
  bodyFields: string[];
  hasBody: boolean;
}

/** The shared odd values, and strings and ids an attacker would try. */
const ODD_VALUES: unknown[] = [
  ...SHARED_ODD_VALUES,
  'a\u0000b',
  "' or 1=1 --",
  '<script>alert(1)</script>',
  [randomUUID()],
];

/** Whole bodies that are not what any route takes. */
const ODD_BODIES: unknown[] = [...SHARED_ODD_BODIES, true];

/** Path ids that are not ids (and one that is, of nothing). */
const ODD_IDS = [
  'not-a-uuid',
  '%00',
  "'%20or%201=1--",
  'x'.repeat(2000),
  '..%2F..%2Fetc%2Fpasswd',
  randomUUID().toUpperCase(),
  randomUUID(),
  '00000000-0000-0000-0000-000000000000',
];

/** Query values that are not what any filter takes (already URL-encoded). */
const ODD_QUERY = [
  '',
  'null',
  '-1',
  '1e309',
  'NaN',
  'x'.repeat(5000),
  '%00',
  '%5B%5D',
  '%F0%9F%98%80',
  'a&$1=b',
];

/** What a server error must never show a client. */
const LEAKS: RegExp[] = [
  /\bat [^\s]+ \(?[^\s]*:\d+:\d+\)?/, // stack frames
  /node_modules|\/work\/|\/home\/|\/usr\/|[A-Z]:\\/, // file paths
  /"stack"/,
  /\b(select|insert into|update|delete from)\s[^"]{0,80}"[a-z_]+"/i, // SQL with quoted identifiers
  /syntax error at or near|violates (foreign key|unique|check|not-null) constraint|relation "|column "/i,
  /DrizzleQueryError|Failed query|PGliteError|DatabaseError/i,
];

function deepNesting(depth: number): string {
  return `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

function operationsOf(doc: { paths: Record<string, Record<string, OpenApiOperation>> }): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    if (!path.startsWith('/api/') || path.startsWith('/api/docs')) continue;
    for (const [method, operation] of Object.entries(methods)) {
      const parameters = operation.parameters ?? [];
      const body = operation.requestBody?.content?.['application/json']?.schema;
      operations.push({
        method: method.toUpperCase() as Operation['method'],
        path,
        pathParams: parameters.filter((p) => p.in === 'path').map((p) => p.name),
        queryParams: parameters.filter((p) => p.in === 'query').map((p) => p.name),
        bodyFields: Object.keys(body?.properties ?? {}),
        hasBody: body !== undefined || method === 'post' || method === 'put' || method === 'patch',
      });
    }
  }
  return operations;
}

interface OpenApiOperation {
  parameters?: Array<{ in: string; name: string }>;
  requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
}

describe('fuzzing every route', () => {
  let camp: Camp;
  let operations: Operation[];

  beforeAll(async () => {
    camp = await startCamp();
    await camp.t.app.ready();
    const doc = (camp.t.app as unknown as { swagger: () => Parameters<typeof operationsOf>[0] }).swagger();
    // Signing out everywhere ends the admin's session: fuzzed last, so every other route is fuzzed signed in.
    operations = operationsOf(doc).sort(
      (a, b) => Number(a.path.endsWith('/logout-all')) - Number(b.path.endsWith('/logout-all')),
    );
  });
  afterAll(async () => {
    await camp?.close();
  });

  it('answers no input with a 5xx, a stack, a path or SQL', async () => {
    const problems: string[] = [];
    let sent = 0;
    const send = async (
      operation: Operation,
      url: string,
      payload?: { body: string; contentType: string },
    ): Promise<void> => {
      const response: LightMyRequestResponse = await camp.t.app.inject({
        method: operation.method,
        url,
        headers: {
          ...camp.admin.headers,
          ...(payload ? { 'content-type': payload.contentType } : {}),
        },
        ...(payload ? { payload: payload.body } : {}),
      });
      sent += 1;
      const leak = LEAKS.find((pattern) => pattern.test(response.body));
      if (response.statusCode >= 500 || leak) {
        problems.push(
          `${operation.method} ${url.slice(0, 120)} ${payload?.body.slice(0, 80) ?? ''} → ${response.statusCode}` +
            `${leak ? ` leaks ${leak}` : ''}: ${response.body.slice(0, 200)}`,
        );
      }
    };
    const json = (value: unknown) => ({ body: JSON.stringify(value), contentType: 'application/json' });
    const urlWith = (operation: Operation, id: string, query = '') =>
      operation.path.replace(/\{[^}]+\}/g, id) + query;

    for (const operation of operations) {
      const base = urlWith(operation, randomUUID());
      const emptyBody = operation.hasBody ? json({}) : undefined;
      // Path ids.
      if (operation.pathParams.length > 0) {
        for (const id of ODD_IDS) await send(operation, urlWith(operation, id), emptyBody);
      }
      // Each query filter, alone and repeated.
      for (const name of operation.queryParams) {
        for (const value of ODD_QUERY) await send(operation, `${base}?${name}=${value}`, emptyBody);
        await send(operation, `${base}?${name}=1&${name}=2`, emptyBody);
      }
      await send(operation, `${base}?unknown=1`, emptyBody);
      if (!operation.hasBody) continue;
      // Each body field with every wrong shape; then unknown fields and whole wrong bodies.
      for (const field of operation.bodyFields) {
        for (const value of ODD_VALUES) await send(operation, base, json({ [field]: value }));
      }
      await send(operation, base, json({ [`unknown${Date.now()}`]: 1, __proto__: { admin: true } }));
      await send(operation, base, json({ constructor: { prototype: { polluted: true } } }));
      for (const body of ODD_BODIES) await send(operation, base, json(body));
      const field = operation.bodyFields[0] ?? 'value';
      await send(operation, base, json({ [field]: 'y'.repeat(1_048_576) }));
      await send(operation, base, { body: deepNesting(5000), contentType: 'application/json' });
      await send(operation, base, { body: '{"a":', contentType: 'application/json' });
      await send(operation, base, { body: '', contentType: 'application/json' });
      await send(operation, base, { body: 'hello', contentType: 'text/plain' });
      await send(operation, base, { body: 'a=1&b=2', contentType: 'application/x-www-form-urlencoded' });
      await send(operation, base, { body: '<a/>', contentType: 'application/xml' });
    }

    expect(problems).toEqual([]);
    // Every route of the document was tried, a bounded few thousand requests in all.
    const documented = new Set(
      operations.map((operation) => `${operation.method} ${operation.path.replace(/\{([^}]+)\}/g, ':$1')}`),
    );
    const routes = camp.t.app.routeTable.filter(
      (route) => / \/api\//.test(route) && !route.includes('/api/docs'),
    );
    expect(routes.filter((route) => !documented.has(route))).toEqual([]);
    expect(sent).toBeGreaterThan(2000);
    expect(sent).toBeLessThan(10_000);
  }, 300_000);
});
