import type { FastifyInstance } from 'fastify';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A UUID in lower case, the way the database and the access tokens spell ids; anything else unchanged. */
function lowerIds(values: unknown): void {
  if (values === null || typeof values !== 'object' || Array.isArray(values)) return;
  const record = values as Record<string, unknown>;
  for (const key in record) {
    if (!Object.hasOwn(record, key)) continue;
    const value = record[key];
    // Only a 36-character string can be a UUID: the test is skipped for every other value.
    if (typeof value === 'string' && value.length === 36 && UUID.test(value))
      record[key] = value.toLowerCase();
  }
}

/**
 * Ids are case-insensitive (RFC 9562), but the code compares them as text (is this the caller's own id?).
 * Every id given in the path, the query or at the top of a JSON body is written in lower case before the
 * route sees it, so `/users/{MY-ID}` is the caller's own record as `/users/{my-id}` is (docs/security.md).
 */
export function registerUuidCase(app: FastifyInstance): void {
  // Synchronous (a done callback, not a promise): it runs on every request, GET /api/public/config included.
  app.addHook('preValidation', (request, _reply, done) => {
    lowerIds(request.params);
    lowerIds(request.query);
    lowerIds(request.body);
    done();
  });
}
