import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type idParams, noContent, type routeKit } from './route-kit';

type ZodApp = Parameters<FastifyPluginAsyncZod>[0];
type RouteKit = Pick<ReturnType<typeof routeKit>, 'signedIn' | 'adminOnly'>;

/** What an admin-kept catalog entity's service offers the routes of `catalogRoutes`. */
export interface CatalogService<V, T, C, U, Q = unknown> {
  list(viewer: V, query: Q): Promise<T[]>;
  create(values: C): Promise<T>;
  get(id: string, viewer: V): Promise<T>;
  update(id: string, values: U): Promise<T>;
  remove(id: string): Promise<void>;
}

export interface CatalogRoutes<
  V,
  S extends z.ZodType,
  C extends z.ZodType,
  U extends z.ZodType,
  Q extends z.ZodType = z.ZodType,
> {
  /** The collection's path, e.g. '/jobs'; the entity's routes are `${path}/:id`. */
  path: string;
  params: ReturnType<typeof idParams>;
  /** The entity as every one of these routes answers it. */
  schema: S;
  /** The list at GET `path`, for anyone signed in as `viewerOf` sees them (else the module declares it). */
  list?: { summary: string; querystring?: Q };
  create: { summary: string; body: C };
  get: { summary: string };
  update: { summary: string; body: U };
  remove: { summary: string };
  /** Who asks, as the service's reads see them. */
  viewerOf: (request: FastifyRequest) => V;
  service: CatalogService<V, z.output<S>, z.output<C>, z.output<U>, z.output<Q>>;
}

/**
 * The routes every catalog entity an admin keeps (job categories, jobs, shifts, camping options) has alike:
 * GET `path` (the list, when `list` is given), POST `path` (201), GET, PATCH and DELETE (204) `path/:id`. The
 * reads are for anyone signed in, as `viewerOf` sees them; the writes are the admin's. The module declares
 * its other routes itself.
 */
export function catalogRoutes<
  V,
  S extends z.ZodType,
  C extends z.ZodType,
  U extends z.ZodType,
  Q extends z.ZodType = z.ZodType,
>(app: ZodApp, route: RouteKit, spec: CatalogRoutes<V, S, C, U, Q>): void {
  const { service, list } = spec;
  // Widened to z.ZodType: the route types are checked here once, the service against the schemas above.
  const entity: z.ZodType = spec.schema;
  const createBody: z.ZodType = spec.create.body;
  const updateBody: z.ZodType = spec.update.body;
  if (list) {
    const querystring: z.ZodType | undefined = list.querystring;
    app.get(
      spec.path,
      route.signedIn({
        summary: list.summary,
        ...(querystring ? { querystring } : {}),
        response: { 200: z.array(entity) },
      }),
      async (request) => service.list(spec.viewerOf(request), request.query as z.output<Q>),
    );
  }
  app.post(
    spec.path,
    route.adminOnly({
      summary: spec.create.summary,
      body: createBody,
      response: { 201: entity },
    }),
    async (request, reply) => reply.code(201).send(await service.create(request.body as z.output<C>)),
  );
  app.get(
    `${spec.path}/:id`,
    route.signedIn({
      summary: spec.get.summary,
      params: spec.params,
      response: { 200: entity },
    }),
    async (request) => service.get(request.params.id, spec.viewerOf(request)),
  );
  app.patch(
    `${spec.path}/:id`,
    route.adminOnly({
      summary: spec.update.summary,
      params: spec.params,
      body: updateBody,
      response: { 200: entity },
    }),
    async (request) => service.update(request.params.id, request.body as z.output<U>),
  );
  app.delete(
    `${spec.path}/:id`,
    route.adminOnly({
      summary: spec.remove.summary,
      params: spec.params,
      response: noContent(),
    }),
    async (request, reply) => {
      await service.remove(request.params.id);
      return reply.code(204).send(null);
    },
  );
}
