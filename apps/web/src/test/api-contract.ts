import {
  AdminRegistrationCampingOptionsSchema,
  AdminRegistrationListSchema,
  AuditTrailSchema,
  CancelRegistrationResponseSchema,
} from '@camp/shared/admin-registrations';
import {
  AuthResponseSchema,
  EndSessionsResponseSchema,
  RequestLoginCodeResponseSchema,
} from '@camp/shared/auth';
import { CalendarLinksSchema } from '@camp/shared/calendar';
import { CheckInPersonSchema, CheckInShiftDetailSchema, CheckInShiftListSchema } from '@camp/shared/check-in';
import { CampingOptionFieldSchema, CampingOptionSchema } from '@camp/shared/camping-options';
import { AdminCampConfigSchema, PublicConfigSchema } from '@camp/shared/config';
import { ErrorBodySchema } from '@camp/shared/errors';
import { EmailOutboxListSchema, EmailOutboxMailSchema } from '@camp/shared/outbox';
import {
  SendTestEmailResultSchema,
  SmtpConnectionResultSchema,
  TestEmailHistorySchema,
} from '@camp/shared/notifications';
import {
  CampRegistrationSchema,
  RegistrationSchema,
  SubmitCampResponseSchema,
} from '@camp/shared/registrations';
import { AdminDrawSchema, DrawEntrySchema, MyDrawEntrySchema } from '@camp/shared/draw';
import {
  AdminApplicationListSchema,
  ApplicationDecisionResultSchema,
  ApplicationSettingsSchema,
  MyApplicationSchema,
  MyApplicationStateSchema,
} from '@camp/shared/applications';
import {
  OverdueRegistrationListSchema,
  OwedRegistrationListSchema,
  PaymentConfirmationSchema,
  PaymentListSchema,
  PaymentSchema,
  RefundPaymentResponseSchema,
  ReleasePlaceResponseSchema,
  StripeCheckoutResponseSchema,
} from '@camp/shared/payments';
import { AUTH_TEST_MESSAGE } from '@camp/shared/rules';
import { RegistrationReportSchema, UserReportSchema } from '@camp/shared/reports';
import { UserNoteListSchema, UserNoteSchema } from '@camp/shared/user-notes';
import { UserSchema } from '@camp/shared/users';
import { MyDataExportSchema } from '@camp/shared/my-data';
import { PasskeyListSchema, PasskeyOptionsSchema, PasskeySchema } from '@camp/shared/passkeys';
import {
  JobCategorySchema,
  JobSchema,
  ShiftRegistrationSchema,
  ShiftSchema,
  WorkScheduleShiftSchema,
} from '@camp/shared/work';
import { AdminWaitlistSchema } from '@camp/shared/waitlist';
import { MyShiftWaitsSchema, ShiftWaitResponseSchema } from '@camp/shared/shift-waitlist';
import { ShiftOverlapsSchema } from '@camp/shared/shift-overlap';
import { z } from 'zod';

/** No body: a 204 of DELETE. */
const NO_CONTENT = null;
/** An iCalendar text (text/calendar), not JSON: the calendar feed's .ics answers. */
const ICALENDAR = 'text/calendar';

/**
 * The success body of each endpoint the web calls, as apps/api declares it in its routes' `response` (paths
 * after /api; `:name` is a path parameter). Every error body is `ErrorBodySchema`. The route fakes of
 * test-utils check each answer against this, so a fixture cannot drift from what the server sends.
 */
export const API_RESPONSE_SCHEMAS: Record<string, z.ZodType | typeof NO_CONTENT | typeof ICALENDAR> = {
  'POST /auth/request-login-code': RequestLoginCodeResponseSchema,
  'POST /auth/login-with-code': AuthResponseSchema,
  'POST /auth/login-with-link': AuthResponseSchema,
  'POST /auth/refresh': AuthResponseSchema,
  'POST /auth/logout': z.object({ success: z.literal(true) }),
  'POST /auth/logout-all': EndSessionsResponseSchema,
  'GET /auth/profile': UserSchema,
  'POST /auth/register': AuthResponseSchema,
  'GET /auth/test': z.object({ message: z.literal(AUTH_TEST_MESSAGE) }),
  'GET /health': z.object({
    status: z.literal('ok'),
    database: z.enum(['pglite', 'postgres']),
    uptimeSeconds: z.number(),
  }),

  'GET /public/config': PublicConfigSchema,
  'GET /core-config/current': AdminCampConfigSchema,
  'PATCH /core-config/current': AdminCampConfigSchema,
  'POST /core-config': AdminCampConfigSchema,

  'GET /users': z.array(UserSchema),
  'POST /users': UserSchema,
  'GET /users/:id': UserSchema,
  'PUT /users/:id': UserSchema,
  'DELETE /users/:id': NO_CONTENT,
  'POST /users/:id/end-sessions': EndSessionsResponseSchema,
  'GET /users/:id/notes': UserNoteListSchema,
  'POST /users/:id/notes': UserNoteSchema,
  'PATCH /users/:id/notes/:noteId': UserNoteSchema,
  'DELETE /users/:id/notes/:noteId': NO_CONTENT,
  'GET /users/me/data': MyDataExportSchema,
  'DELETE /users/me': NO_CONTENT,
  'GET /users/:id/data': MyDataExportSchema,
  'POST /users/:id/erase': NO_CONTENT,
  'POST /passkeys/registration-options': PasskeyOptionsSchema,
  'POST /passkeys': PasskeySchema,
  'GET /passkeys': PasskeyListSchema,
  'PATCH /passkeys/:id': PasskeySchema,
  'DELETE /passkeys/:id': NO_CONTENT,
  'POST /auth/passkey-options': PasskeyOptionsSchema,
  'POST /auth/passkey-sign-in': AuthResponseSchema,

  'POST /notifications/email/test': SendTestEmailResultSchema,
  'GET /notifications/email/test/history': TestEmailHistorySchema,
  'POST /notifications/email/test-connection': SmtpConnectionResultSchema,
  'GET /admin/email-outbox': EmailOutboxListSchema,
  'POST /admin/email-outbox/:id/retry': EmailOutboxMailSchema,

  'GET /camping-options': z.array(CampingOptionSchema),
  'POST /camping-options': CampingOptionSchema,
  'GET /camping-options/:id': CampingOptionSchema,
  'PATCH /camping-options/:id': CampingOptionSchema,
  'DELETE /camping-options/:id': NO_CONTENT,
  'GET /camping-options/:id/fields': z.array(CampingOptionFieldSchema),
  'POST /camping-options/:id/fields': CampingOptionFieldSchema,
  'PATCH /camping-options/:id/fields/:fieldId': CampingOptionFieldSchema,
  'DELETE /camping-options/:id/fields/:fieldId': NO_CONTENT,
  'PATCH /camping-option-fields/reorder/:optionId': z.array(CampingOptionFieldSchema),

  'GET /job-categories': z.array(JobCategorySchema),
  'POST /job-categories': JobCategorySchema,
  'GET /job-categories/:id': JobCategorySchema,
  'PATCH /job-categories/:id': JobCategorySchema,
  'DELETE /job-categories/:id': NO_CONTENT,
  'GET /jobs': z.array(JobSchema),
  'POST /jobs': JobSchema,
  'GET /jobs/:id': JobSchema,
  'PATCH /jobs/:id': JobSchema,
  'DELETE /jobs/:id': NO_CONTENT,
  'GET /shifts': z.array(ShiftSchema),
  'GET /shifts/with-jobs-and-registrations': z.array(WorkScheduleShiftSchema),

  'GET /payments': PaymentListSchema,
  'POST /payments/stripe': StripeCheckoutResponseSchema,
  'GET /payments/stripe/session/:sessionId/verify': PaymentConfirmationSchema,
  'POST /admin/payments/:id/refunds': RefundPaymentResponseSchema,
  'POST /admin/payments': PaymentSchema,
  'GET /admin/payments/dues': OwedRegistrationListSchema,
  'GET /admin/payments/overdue': OverdueRegistrationListSchema,
  'POST /admin/registrations/:id/release': ReleasePlaceResponseSchema,
  'POST /shifts': ShiftSchema,
  'GET /shifts/:id': ShiftSchema,
  'GET /shifts/:id/registrations': z.array(ShiftRegistrationSchema),
  'PATCH /shifts/:id': ShiftSchema,
  'DELETE /shifts/:id': NO_CONTENT,

  'POST /registrations/camp': SubmitCampResponseSchema,
  'GET /draw-entries/me': MyDrawEntrySchema,
  'POST /draw-entries/:id/withdraw': DrawEntrySchema,
  'GET /admin/draw': AdminDrawSchema,
  'GET /applications/me': MyApplicationStateSchema,
  'PUT /applications/me': MyApplicationSchema,
  'GET /applications': AdminApplicationListSchema,
  'POST /applications/decisions': ApplicationDecisionResultSchema,
  'GET /applications/settings': ApplicationSettingsSchema,
  'PUT /applications/settings': ApplicationSettingsSchema,
  'POST /admin/draw/run': AdminDrawSchema,
  'GET /registrations/me': z.array(RegistrationSchema),
  'GET /registrations/camp/me': CampRegistrationSchema,
  'GET /registrations': z.array(RegistrationSchema),
  'POST /registrations/:id/leave-waitlist': RegistrationSchema,
  'POST /registrations/me/shift-changes': RegistrationSchema,
  'POST /waitlist-offers/:id/accept': RegistrationSchema,
  'POST /waitlist-offers/:id/decline': RegistrationSchema,
  'GET /shift-waits/me': MyShiftWaitsSchema,
  'POST /shift-waits': ShiftWaitResponseSchema,
  'POST /shift-waits/:id/accept': ShiftWaitResponseSchema,
  'POST /shift-waits/:id/decline': ShiftWaitResponseSchema,
  'POST /shift-waits/:id/leave': ShiftWaitResponseSchema,

  'GET /admin/registrations': AdminRegistrationListSchema,
  'GET /admin/registrations/:id/camping-options': AdminRegistrationCampingOptionsSchema,
  'GET /admin/registrations/:id/audit-trail': AuditTrailSchema,
  'PUT /admin/registrations/:id': RegistrationSchema,
  'DELETE /admin/registrations/:id': CancelRegistrationResponseSchema,
  'GET /admin/waitlist': AdminWaitlistSchema,
  'GET /admin/shift-overlaps': ShiftOverlapsSchema,
  'POST /admin/waitlist/:registrationId/offer': AdminWaitlistSchema,
  'POST /admin/waitlist/:registrationId/skip': AdminWaitlistSchema,
  'POST /admin/waitlist/:registrationId/remove': AdminWaitlistSchema,
  'POST /admin/waitlist/:registrationId/move': AdminWaitlistSchema,
  'POST /admin/waitlist/shift-waits/:shiftWaitId/offer': AdminWaitlistSchema,
  'POST /admin/waitlist/shift-waits/:shiftWaitId/skip': AdminWaitlistSchema,
  'POST /admin/waitlist/shift-waits/:shiftWaitId/remove': AdminWaitlistSchema,
  'POST /admin/waitlist/shift-waits/:shiftWaitId/move': AdminWaitlistSchema,

  'GET /calendar/me': CalendarLinksSchema,
  'POST /calendar/me/reset': CalendarLinksSchema,
  'GET /calendar/jobs/:jobId.ics': ICALENDAR,
  'GET /check-in/shifts': CheckInShiftListSchema,
  'GET /check-in/shifts/:id': CheckInShiftDetailSchema,
  'PUT /check-in/people/:id': CheckInPersonSchema,

  'GET /reports/registrations': RegistrationReportSchema,
  'GET /reports/users': UserReportSchema,
};

const routes = Object.entries(API_RESPONSE_SCHEMAS).map(([key, schema]) => {
  const [method = '', path = ''] = key.split(' ');
  // Literal segments win over parameters ('/shifts/with-jobs-…' before '/shifts/:id'), as in Fastify.
  const pattern = new RegExp(`^${path.replace(/:[^/]+/g, '[^/]+')}$`);
  return { key, method, pattern, schema, params: (path.match(/:/g) ?? []).length };
});
routes.sort((a, b) => a.params - b.params);

/** The table entry of a request, e.g. 'GET /users/abc' → 'GET /users/:id'; undefined for an unknown endpoint. */
export function contractOf(method: string, path: string) {
  return routes.find((route) => route.method === method && route.pattern.test(path));
}

/** Paths of keys in `body` that `parsed` (the schema's output) dropped: what the server would never send. */
function extraKeys(body: unknown, parsed: unknown, at = ''): string[] {
  if (Array.isArray(body) && Array.isArray(parsed)) {
    return body.flatMap((item, index) => extraKeys(item, parsed[index], `${at}[${index}]`));
  }
  if (body && typeof body === 'object' && parsed && typeof parsed === 'object') {
    return Object.entries(body).flatMap(([key, value]) =>
      key in parsed
        ? extraKeys(value, (parsed as Record<string, unknown>)[key], `${at}.${key}`)
        : [`${at}.${key}`],
    );
  }
  return [];
}

/**
 * What is wrong with an answer of the fake API, or null when the real API could have sent it: a success body
 * must match the endpoint's response schema (no key more, none missing), an error body `ErrorBodySchema`.
 */
export async function contractViolation(
  method: string,
  path: string,
  response: Response,
): Promise<string | null> {
  const request = `${method} ${path}`;
  const contract = contractOf(method, path);
  const failed = response.status >= 400;
  if (!failed && !contract) return `${request}: no such endpoint in the API (add it to API_RESPONSE_SCHEMAS)`;
  const schema = failed ? ErrorBodySchema : contract?.schema;
  const text = await response.clone().text();
  if (schema === ICALENDAR) {
    const type = response.headers.get('Content-Type') ?? '';
    return type.startsWith('text/calendar') && text.startsWith('BEGIN:VCALENDAR\r\n')
      ? null
      : `${request} answers an iCalendar text (text/calendar), the fake sent ${type}: ${text.slice(0, 200)}`;
  }
  if (schema === NO_CONTENT || schema === undefined) {
    return text === '' ? null : `${request} answers no body, the fake sent: ${text.slice(0, 200)}`;
  }
  let body: unknown;
  try {
    body = JSON.parse(text) as unknown;
  } catch {
    return `${request} (${response.status}) answers JSON, the fake sent: ${text.slice(0, 200)}`;
  }
  const result = schema.safeParse(body);
  const what = failed
    ? `the error body of ${request} (${response.status})`
    : `the answer of ${contract?.key}`;
  if (!result.success) return `${what} does not match the API's schema:\n${z.prettifyError(result.error)}`;
  const extra = extraKeys(body, result.data);
  return extra.length > 0 ? `${what} has keys the API never sends: ${extra.join(', ')}` : null;
}
