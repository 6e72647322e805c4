import type { Role } from '@camp/shared';
import { and, eq, exists, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { refreshTokens, users } from '../db/schema/index';
import { forbidden, unauthorized } from '../lib/app-error';
import { registerSecurityEventContext } from '../modules/security-events/security-events';

/** The caller as the database knows them now (role and flags are never taken from the token). */
export type CurrentUser = typeof users.$inferSelect;

declare module 'fastify' {
  interface FastifyRequest {
    currentUser: CurrentUser | null;
    /** The caller's session (refresh-token family), from the access token. */
    sessionId: string | null;
  }
  interface FastifyInstance {
    /** Guard (onRequest, through the route kit): a valid bearer token of an existing user, else 401. */
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** Guard (onRequest, through the route kit): authenticated and one of the roles, else 401/403. */
    requireRole: (...roles: Role[]) => (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : undefined;
}

/**
 * Every authenticated request reads its caller, and only while the token's session (its refresh-token family)
 * is live, i.e. not revoked by logout, sign-out everywhere, an admin or reuse detection (S11): one prepared
 * statement, built once per process, using the index on family_id.
 */
function prepareUserBySession(db: Db) {
  const liveSession = db
    .select({ one: sql`1` })
    .from(refreshTokens)
    .where(
      and(
        eq(refreshTokens.familyId, sql.placeholder('sessionId')),
        eq(refreshTokens.userId, users.id),
        isNull(refreshTokens.revokedAt),
      ),
    );
  return db
    .select()
    .from(users)
    .where(and(eq(users.id, sql.placeholder('id')), exists(liveSession)))
    .prepare('auth_user_by_session');
}

export function registerAuth(app: FastifyInstance): void {
  app.decorateRequest('currentUser', null);
  app.decorateRequest('sessionId', null);
  registerSecurityEventContext(app);
  let userBySession: ReturnType<typeof prepareUserBySession> | undefined;

  const authenticate = async (request: FastifyRequest) => {
    if (request.currentUser) return;
    const token = bearerToken(request);
    if (!token) throw unauthorized();
    const claims = await app.services.tokens.verify(token);
    if (!claims) throw unauthorized('Your session has expired. Please sign in again.');
    userBySession ??= prepareUserBySession(app.database.db);
    const [user] = await userBySession.execute({ id: claims.userId, sessionId: claims.sessionId });
    if (!user) throw unauthorized('Your session has expired. Please sign in again.');
    request.currentUser = user;
    request.sessionId = claims.sessionId;
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
