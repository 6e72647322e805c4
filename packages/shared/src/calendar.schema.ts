import { z } from 'zod';
import type { Holds, SameType } from './schema-kit';
import type { CalendarLinks } from './rules';

// The calendar feed (docs/product.md §11 Calendar feed, decision 054): the caller's links, and the one-shift
// download's path.

/** GET /calendar/me and POST /calendar/me/reset: the caller's feed links. */
export const CalendarLinksSchema = z.object({
  feedUrl: z.string(),
  scheduleFeedUrl: z.string().nullable(),
  datesSet: z.boolean(),
});
type _CalendarLinksSchemaIsCalendarLinks = Holds<
  SameType<z.output<typeof CalendarLinksSchema>, CalendarLinks>
>;

/** GET /calendar/feed/{token}.ics: the token is the credential; any shape is taken, a wrong one is 404. */
export const CalendarFeedParamsSchema = z.object({ token: z.string() });

/** GET /calendar/jobs/{jobId}.ics. */
export const CalendarJobParamsSchema = z.object({ jobId: z.uuid('Invalid job id') });
