import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { timingSafeEqual } from 'node:crypto';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { z } from 'zod';
import { emailOutbox } from '../db/schema/index';
import { notFound, unauthorized } from '../lib/app-error';

/** The submission that the registration rush is about (docs/product.md §2 Registration, 'Review & Pay'). */
const SUBMISSION_ROUTE = 'POST /api/registrations/camp';

/** What became of a submission, by its status: taken, refused (a place was full, or already registered), … */
function outcomeOf(status: number): 'accepted' | 'refused' | 'invalid' | 'error' {
  if (status < 300) return 'accepted';
  if (status === 409) return 'refused';
  return status < 500 ? 'invalid' : 'error';
}

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Prometheus metrics for an operator's scraper (docs/operations.md): request rate and latency by route, the
 * registration rush's outcomes, the e-mail outbox backlog, and Node's process metrics. Each app has its own
 * registry (several apps live in one test process). GET /api/metrics answers the text format to
 * `Authorization: Bearer <METRICS_TOKEN>`; without a METRICS_TOKEN it is off and answers 404.
 */
export function registerMetrics(app: FastifyInstance, options: { token: string | undefined; path: string }) {
  const registry = new Registry();
  const requests = new Counter({
    name: 'camp_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status_code'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'camp_http_request_duration_seconds',
    help: 'Time from request to response, by method and route pattern.',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const submissions = new Counter({
    name: 'camp_registration_submissions_total',
    help: 'Registration submissions by outcome: accepted, refused (409: a place was full or already registered), invalid (other 4xx), error (5xx).',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  new Gauge({
    name: 'camp_email_outbox_messages',
    help: 'E-mails in the outbox by status (PENDING is the backlog still to send; FAILED needs an admin).',
    labelNames: ['status'] as const,
    registers: [registry],
    async collect() {
      const rows = await app.database.db
        .select({ status: emailOutbox.status, count: sql<number>`count(*)::int` })
        .from(emailOutbox)
        .groupBy(emailOutbox.status);
      this.reset();
      for (const status of ['PENDING', 'SENT', 'FAILED'] as const) {
        this.set({ status }, rows.find((row) => row.status === status)?.count ?? 0);
      }
    },
  });
  new Gauge({
    name: 'camp_email_outbox_oldest_pending_seconds',
    help: 'Age of the oldest e-mail still waiting to be sent (0 when none waits).',
    registers: [registry],
    async collect() {
      const [row] = await app.database.db
        .select({
          age: sql<number>`coalesce(extract(epoch from now() - min(${emailOutbox.createdAt})), 0)::float8`,
        })
        .from(emailOutbox)
        .where(eq(emailOutbox.status, 'PENDING'));
      this.set(row?.age ?? 0);
    },
  });
  // Counted only when a scraper can read them: with metrics off, requests pay nothing for them.
  if (options.token) {
    collectDefaultMetrics({ register: registry, prefix: 'camp_' });
    // The labelled children, made once per route and status: prom-client hashes a label set on every call
    // otherwise, which cost ~14% of the server's CPU on GET /api/public/config (npm run bench:read).
    const counted = new Map<string, Counter.Internal>();
    const timed = new Map<string, Histogram.Internal<'method' | 'route'>>();
    app.addHook('onResponse', (request, reply, done) => {
      const route = request.routeOptions.url ?? 'unmatched';
      const method = request.method;
      const key = `${method} ${route}`;
      const status = reply.statusCode;
      let counter = counted.get(`${key} ${status}`);
      if (!counter) {
        counter = requests.labels(method, route, String(status));
        counted.set(`${key} ${status}`, counter);
      }
      counter.inc();
      let histogram = timed.get(key);
      if (!histogram) {
        histogram = duration.labels(method, route);
        timed.set(key, histogram);
      }
      histogram.observe(reply.elapsedTime / 1000);
      if (key === SUBMISSION_ROUTE) submissions.inc({ outcome: outcomeOf(status) });
      done();
    });
  }

  app.get(
    options.path,
    {
      schema: {
        tags: ['operations'],
        summary:
          'Prometheus metrics (text format) for a scraper holding METRICS_TOKEN; 404 while it is unset',
        security: [{ bearerAuth: [] }],
        response: { 200: z.string().describe('Prometheus text exposition format 0.0.4') },
      },
    },
    async (request, reply) => {
      const token = options.token;
      if (!token) throw notFound(`Route GET ${options.path} not found`);
      const [scheme, given] = (request.headers.authorization ?? '').split(' ');
      if (scheme?.toLowerCase() !== 'bearer' || !given || !sameToken(given, token)) throw unauthorized();
      const body = await registry.metrics();
      return reply.type(registry.contentType).send(body);
    },
  );
}
