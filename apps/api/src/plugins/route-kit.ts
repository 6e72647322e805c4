import { ErrorBodySchema } from '@camp/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';

// What every *.routes.ts repeats: error response schemas, the OpenAPI tags and bearer security, and the
// guard that checks the caller. A module declares each route as `app.get(path, route.signedIn({...}), handler)`.

export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 429 | 502 | 503;

/** The error body of docs/architecture.md §5 under each of the given status codes. */
export function errors<C extends ErrorStatus>(...codes: C[]): Record<C, typeof ErrorBodySchema> {
  return Object.fromEntries(codes.map((code) => [code, ErrorBodySchema])) as Record<
    C,
    typeof ErrorBodySchema
  >;
}

/** 204 with no body. */
export const noContent = (description = 'Deleted') => ({ 204: z.null().describe(description) });

/** Path parameters `{ id }`: a UUID, with the message for anything else. */
export const idParams = (message: string) => z.object({ id: z.uuid(message) });

const bearer = [{ bearerAuth: [] }];

/** A route's own schema parts; the kit adds tags, security and the module's error responses. */
interface RouteSchema {
  summary: string;
  description?: string;
  body?: z.ZodType;
  querystring?: z.ZodType;
  params?: z.ZodType;
  response: Record<number, z.ZodType>;
}

type Guard = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

export interface RouteKitOptions<C extends ErrorStatus> {
  tags: string[];
  /** Error responses every guarded route of the module documents. */
  errors: readonly C[];
}

/**
 * Route options for a module. Every guard runs on onRequest, before the body is read and validated: a caller
 * without the right gets 401/403 whatever the path, query or body holds, and learns nothing of our rules.
 * There is deliberately no guard that runs after validation, so every signed-in route answers in that order.
 */
export function routeKit<C extends ErrorStatus>(app: FastifyInstance, options: RouteKitOptions<C>) {
  const moduleErrors = errors(...options.errors);
  const tags = options.tags;
  const staff = app.requireRole('STAFF', 'ADMIN');
  const adminRole = app.requireRole('ADMIN');
  // From the configured day an admin without a passkey is refused the admin area (docs/product.md §12 Passkeys);
  // their profile and passkey routes are signed-in routes, not admin-only ones, so they stay open to them.
  const admin: Guard = async (request, reply) => {
    await adminRole(request, reply);
    if (request.currentUser) await app.services.passkeys.assertAdminMayEnter(request.currentUser.id);
  };
  const documented = <S extends RouteSchema>(schema: S) => ({
    tags,
    security: bearer,
    ...schema,
    response: { ...moduleErrors, ...schema.response } as typeof moduleErrors & S['response'],
  });
  const guarded = <S extends RouteSchema>(guard: Guard, schema: S) => ({
    onRequest: guard,
    schema: documented(schema),
  });
  return {
    /** No sign-in (no security, no module errors). */
    open: <S extends RouteSchema>(schema: S) => ({ schema: { tags, ...schema } }),
    signedIn: <S extends RouteSchema>(schema: S) => guarded(app.authenticate, schema),
    staffOnly: <S extends RouteSchema>(schema: S) => guarded(staff, schema),
    adminOnly: <S extends RouteSchema>(schema: S) => guarded(admin, schema),
  };
}
