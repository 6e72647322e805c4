import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { securityEvents } from '../../db/schema/index';
import { routeKit } from '../../plugins/route-kit';
import { SECURITY_EVENT_TYPES } from './security-events';

const PAGE_MAX = 10_000;
const LIMIT_MAX = 100;
const MESSAGES = {
  type: `Type must be one of ${SECURITY_EVENT_TYPES.join(', ')}`,
  email: 'E-mail must be at most 254 characters',
  page: `Page must be a whole number from 1 to ${PAGE_MAX}`,
  limit: `Limit must be a whole number from 1 to ${LIMIT_MAX}`,
} as const;

const wholeNumber = (message: string, max: number) =>
  z.coerce.number({ error: message }).int(message).min(1, message).max(max, message);

const SecurityEventsQuerySchema = z.strictObject({
  type: z.enum(SECURITY_EVENT_TYPES, { error: MESSAGES.type }).optional(),
  /** The exact address (sign-in events carry it as typed, lower-cased). */
  email: z.string({ error: MESSAGES.email }).trim().toLowerCase().max(254, MESSAGES.email).optional(),
  page: wholeNumber(MESSAGES.page, PAGE_MAX).default(1),
  limit: wholeNumber(MESSAGES.limit, LIMIT_MAX).default(50),
});

const SecurityEventSchema = z.object({
  id: z.string(),
  type: z.string(),
  actorUserId: z.string().nullable(),
  subjectUserId: z.string().nullable(),
  email: z.string().nullable(),
  ip: z.string().nullable(),
  details: z.unknown(),
  createdAt: z.string(),
});

const SecurityEventListSchema = z.object({
  events: z.array(SecurityEventSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});

/** GET /admin/security-events: the security events (decision 022), newest first, for admins. */
export const securityEventsRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = routeKit(app, { tags: ['security-events'], errors: [400, 401, 403] });

  app.get(
    '/admin/security-events',
    route.adminOnly({
      summary: 'Sign-in, session and admin-change events, one page at a time, newest first',
      description:
        'Filters: type, email (exact). Pages: page from 1, limit 1 to 100 (default 50). `total` counts the ' +
        'events matching the filters. Details hold the reason or the changed fields (old and new, secrets ' +
        'redacted).',
      querystring: SecurityEventsQuerySchema,
      response: { 200: SecurityEventListSchema },
    }),
    async (request) => {
      const { type, email, page, limit } = request.query;
      const filters: SQL[] = [];
      if (type) filters.push(eq(securityEvents.type, type));
      if (email) filters.push(eq(securityEvents.email, email));
      const where = and(...filters);
      const db = app.database.db;
      const rows = await db
        .select()
        .from(securityEvents)
        .where(where)
        .orderBy(desc(securityEvents.createdAt), desc(securityEvents.id))
        .limit(limit)
        .offset((page - 1) * limit);
      const [matched] = await db.select({ total: count() }).from(securityEvents).where(where);
      return {
        events: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
        total: matched?.total ?? 0,
        page,
        limit,
      };
    },
  );
};
