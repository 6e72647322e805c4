import {
  CALENDAR_MESSAGES,
  CalendarFeedParamsSchema,
  CalendarJobParamsSchema,
  CalendarLinksSchema,
} from '@camp/shared';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/app-error';
import { noneMatch } from '../../lib/etag';
import { callerOf } from '../../plugins/auth';
import { errors, routeKit } from '../../plugins/route-kit';
import type { IcsFile } from './calendar.service';

const ICS_TYPE = 'text/calendar; charset=utf-8';
const IcsTextSchema = z.string().describe('An iCalendar (RFC 5545) text, sent as text/calendar');

/** An .ics answer: its entity tag, revalidated on every read, private to whoever holds the link. */
function sendIcs(reply: FastifyReply, file: IcsFile, ifNoneMatch: string | undefined) {
  void reply.header('ETag', file.etag).header('Cache-Control', 'private, no-cache');
  if (noneMatch(ifNoneMatch, file.etag)) return reply.code(304).send();
  return reply.type(ICS_TYPE).send(file.body);
}

/**
 * The calendar feed (docs/product.md §11 Calendar feed, decision 054): the caller's links and their reset, the
 * feed itself (no session: the token in the path is the credential), and the one-shift download.
 */
export const calendarRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.calendar;
  const route = routeKit(app, { tags: ['calendar'], errors: [400, 401, 403, 404] });

  app.get(
    '/calendar/me',
    route.signedIn({
      summary: "The caller's calendar feed links (the whole schedule's for staff and admins, else null)",
      description:
        'Absolute URLs under PUBLIC_URL. `datesSet` is false while the camp has no Opening Sunday: the feeds are ' +
        'then valid but empty.',
      response: { 200: CalendarLinksSchema },
    }),
    async (request) => service.links(callerOf(request).id),
  );

  app.post(
    '/calendar/me/reset',
    route.signedIn({
      summary: "Resets the caller's calendar links: the earlier ones answer 404 from now on",
      description: 'Recorded as the security event calendar.link_reset. 429 after 10 resets in an hour.',
      response: { 200: CalendarLinksSchema, ...errors(429) },
    }),
    async (request) => service.reset(callerOf(request).id),
  );

  app.get(
    '/calendar/feed/:token.ics',
    route.open({
      summary: 'A calendar feed (iCalendar): a person’s own shifts, or the whole schedule (staff and admins)',
      description:
        'No session: the token is the credential. Any token that does not open a feed (wrong, reset, or a ' +
        'schedule link of someone no longer staff) is 404 and says nothing more. Answers an ETag and ' +
        '`Cache-Control: private, no-cache`; If-None-Match with it gets 304 while the feed is unchanged.',
      params: CalendarFeedParamsSchema,
      response: { 200: IcsTextSchema, 304: z.void().describe('Not modified'), ...errors(404) },
    }),
    async (request, reply) => {
      const file = await service.feed(request.params.token);
      if (!file) throw notFound(CALENDAR_MESSAGES.feedNotFound);
      return sendIcs(reply, file, request.headers['if-none-match']);
    },
  );

  app.get(
    '/calendar/jobs/:jobId.ics',
    route.signedIn({
      summary: "One job's shift as an .ics file to download (any job the caller may see)",
      description:
        '404 for a job the caller may not see (a staff-only one for a participant); 409 while the camp has no ' +
        'Opening Sunday (nothing to date).',
      params: CalendarJobParamsSchema,
      response: { 200: IcsTextSchema, 304: z.void().describe('Not modified'), ...errors(409) },
    }),
    async (request, reply) => {
      const file = await service.jobFile(callerOf(request), request.params.jobId);
      void reply.header('Content-Disposition', `attachment; filename="${file.fileName}"`);
      return sendIcs(reply, file, request.headers['if-none-match']);
    },
  );
};
