import type { Role } from '@camp/shared';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { users } from '../db/schema/index';
import { forbidden, unauthorized } from '../lib/app-error';

/** The caller as the database knows them now (role and flags are never taken from the token). */
export type CurrentUser = typeof users.$inferSelect;

declare module 'fastify' {
  interface FastifyRequest {
    currentUser: CurrentUser | null;
  }
  interface FastifyInstance {
    /** preHandler: a valid bearer token of an existing user, else 401. */
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** preHandler: authenticated and one of the roles, else 401/403. */
    requireRole: (...roles: Role[]) => (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : undefined;
}

/** Every authenticated request reads its caller: one prepared statement, built once per process. */
function prepareUserById(db: Db) {
  return db
    .select()
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .prepare('auth_user_by_id');
}

export function registerAuth(app: FastifyInstance): void {
  app.decorateRequest('currentUser', null);
  let userById: ReturnType<typeof prepareUserById> | undefined;

  const authenticate = async (request: FastifyRequest) => {
    if (request.currentUser) return;
    const token = bearerToken(request);
    if (!token) throw unauthorized();
    const claims = await app.services.tokens.verify(token);
    if (!claims) throw unauthorized('Your session has expired. Please sign in again.');
    userById ??= prepareUserById(app.database.db);
    const [user] = await userById.execute({ id: claims.userId });
    if (!user) throw unauthorized('Your session has expired. Please sign in again.');
    request.currentUser = user;
  };

  app.decorate('authenticate', authenticate);
  app.decorate('requireRole', (...roles: Role[]) => async (request: FastifyRequest) => {
    await authenticate(request);
    if (!request.currentUser || !roles.includes(request.currentUser.role)) throw forbidden();
  });
}

/** The signed-in caller inside a handler guarded by authenticate/requireRole. */
export function callerOf(request: FastifyRequest): CurrentUser {
  if (!request.currentUser) throw unauthorized();
  return request.currentUser;
}
