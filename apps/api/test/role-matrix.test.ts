import { eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  drawEntries,
  emailOutbox,
  payments,
  refunds,
  registrationJobs,
  registrations,
  shiftWaits,
  userNotes,
  waitlistOffers,
} from '../src/db/schema/index';
import { adminPost, gateAndTent, insertSignedInPerson, type Person } from './camp-registrations';
import { type Camp, insertRegistration, startCamp } from './camp';

// The role × route matrix (docs/security.md): every route the app registers has a row saying who may
// call it, and each row is tried as anonymous, a participant (on their own records), another participant (on
// the first one's records), staff and an admin, with real ids. A route added without a row fails the test.

/**
 * Who may call a route:
 * - public: anyone (never 403);
 * - signedIn: any signed-in person (anonymous 401);
 * - own: the record's owner and admins (anonymous 401, another participant and staff 403 or 404);
 * - self: the owner only, not even an admin (paying someone's dues is theirs to do);
 * - refreshCookie: only the refresh cookie opens it (no caller here has one: 401 for all);
 * - staff: staff and admins (participants 403); admin: admins only (staff and participants 403);
 * - webhook: no session; only Stripe's signature opens it (anything unsigned is refused with 400);
 * - scraper: no session; only METRICS_TOKEN opens it, and the matrix app has none: 404 for everyone;
 * - feedToken: no session; only the calendar link's token in the path opens it (decision 054), and the matrix
 *   sends one that opens nothing: 404 for everyone, whoever is signed in.
 */
type Access =
  | 'public'
  | 'signedIn'
  | 'own'
  | 'self'
  | 'refreshCookie'
  | 'staff'
  | 'admin'
  | 'webhook'
  | 'scraper'
  | 'feedToken';
type Caller = 'anonymous' | 'owner' | 'other' | 'staff' | 'admin';

interface Ids {
  owner: string;
  registration: string;
  payment: string;
  session: string;
  option: string;
  field: string;
  category: string;
  job: string;
  shift: string;
  mail: string;
  /** The owner's open waitlist offer. */
  offer: string;
  /** The owner's draw entry (decision 049). */
  drawEntry: string;
  /** The owner's place in a shift's line (decision 052). */
  shiftWait: string;
  /** An admin's internal note about the owner (docs/product.md §12). */
  note: string;
  /** The owner's job on their registration: the check-in row (docs/product.md §11 Check-in). */
  registrationJob: string;
}

interface Row {
  access: Access;
  /** The URL with real ids of the owner's records (path parameters and, where it matters, the query). */
  url: (ids: Ids) => string;
  /** A body that passes validation where the guard runs after it (so the answer is about the caller). */
  body?: (ids: Ids, callerEmail: string) => unknown;
  /** Changes or deletes the record it names: allowed callers get a random id, so nothing real is lost. */
  destructive?: boolean;
  /** Ends all of the caller's sessions (sign out everywhere): an allowed caller gets a new session after it. */
  endsSessions?: boolean;
}

const profileBody = (_ids: Ids, email: string) => ({
  email,
  firstName: 'Matrix',
  lastName: 'Tester',
  phone: '555-0100',
  emergencyContact: 'Someone, 555-0101',
});

const MATRIX: Record<string, Row> = {
  'GET /api/docs': { access: 'public', url: () => '/api/docs' },
  'GET /api/docs/json': { access: 'public', url: () => '/api/docs/json' },
  'GET /api/docs/yaml': { access: 'public', url: () => '/api/docs/yaml' },
  'GET /api/docs/static/index.html': { access: 'public', url: () => '/api/docs/static/index.html' },
  'GET /api/docs/static/swagger-initializer.js': {
    access: 'public',
    url: () => '/api/docs/static/swagger-initializer.js',
  },
  'GET /api/docs/static/*': { access: 'public', url: () => '/api/docs/static/swagger-ui.css' },
  'GET /api/health': { access: 'public', url: () => '/api/health' },
  'GET /api/public/config': { access: 'public', url: () => '/api/public/config' },

  'GET /api/core-config/current': { access: 'admin', url: () => '/api/core-config/current' },
  'PATCH /api/core-config/current': {
    access: 'admin',
    url: () => '/api/core-config/current',
    body: () => ({}),
  },
  'POST /api/core-config': { access: 'admin', url: () => '/api/core-config', body: () => ({}) },

  'POST /api/auth/request-login-code': { access: 'public', url: () => '/api/auth/request-login-code' },
  'POST /api/auth/login-with-code': { access: 'public', url: () => '/api/auth/login-with-code' },
  'POST /api/auth/login-with-link': { access: 'public', url: () => '/api/auth/login-with-link' },
  'POST /api/auth/refresh': { access: 'refreshCookie', url: () => '/api/auth/refresh' },
  'POST /api/auth/logout': { access: 'public', url: () => '/api/auth/logout' },
  'POST /api/auth/logout-all': { access: 'signedIn', url: () => '/api/auth/logout-all', endsSessions: true },
  'GET /api/auth/profile': { access: 'signedIn', url: () => '/api/auth/profile' },
  'POST /api/auth/register': { access: 'signedIn', url: () => '/api/auth/register', body: profileBody },
  'GET /api/auth/test': { access: 'signedIn', url: () => '/api/auth/test' },
  // Passkeys (docs/product.md §12 Passkeys): one's own only (another's id is 404, as an unknown one); signing in
  // with one is open to anyone, as the code is.
  'POST /api/auth/passkey-options': { access: 'public', url: () => '/api/auth/passkey-options' },
  'POST /api/auth/passkey-sign-in': { access: 'public', url: () => '/api/auth/passkey-sign-in' },
  'POST /api/passkeys/registration-options': {
    access: 'signedIn',
    url: () => '/api/passkeys/registration-options',
  },
  'POST /api/passkeys': { access: 'signedIn', url: () => '/api/passkeys', body: () => ({ name: 'Matrix' }) },
  'GET /api/passkeys': { access: 'signedIn', url: () => '/api/passkeys' },
  'PATCH /api/passkeys/:id': {
    access: 'signedIn',
    url: (ids) => `/api/passkeys/${ids.owner}`,
    body: () => ({ name: 'Matrix' }),
    destructive: true,
  },
  'DELETE /api/passkeys/:id': {
    access: 'signedIn',
    url: (ids) => `/api/passkeys/${ids.owner}`,
    destructive: true,
  },
  'GET /api/admin/security-events': { access: 'admin', url: () => '/api/admin/security-events?limit=5' },

  'GET /api/users': { access: 'admin', url: () => '/api/users' },
  'POST /api/users': { access: 'admin', url: () => '/api/users', body: () => ({}) },
  'GET /api/users/:id': { access: 'own', url: (ids) => `/api/users/${ids.owner}` },
  'PUT /api/users/:id': { access: 'own', url: (ids) => `/api/users/${ids.owner}`, body: profileBody },
  'DELETE /api/users/:id': { access: 'admin', url: (ids) => `/api/users/${ids.owner}`, destructive: true },
  'POST /api/users/:id/end-sessions': {
    access: 'admin',
    url: (ids) => `/api/users/${ids.owner}/end-sessions`,
    destructive: true,
  },
  // My data (docs/product.md §12 My data): one's own export and deletion; an admin's for anyone. The deletion's
  // body names another address, so an allowed caller gets 400 and keeps their account.
  'GET /api/users/me/data': { access: 'signedIn', url: () => '/api/users/me/data' },
  'DELETE /api/users/me': {
    access: 'signedIn',
    url: () => '/api/users/me',
    body: (_ids, email) => ({ confirmEmail: `not-${email}` }),
  },
  'GET /api/users/:id/data': { access: 'admin', url: (ids) => `/api/users/${ids.owner}/data` },
  'POST /api/users/:id/erase': {
    access: 'admin',
    url: (ids) => `/api/users/${ids.owner}/erase`,
    body: () => ({ confirmEmail: 'participant@example.org' }),
    destructive: true,
  },
  // Application approval (docs/product.md §12 Application approval): one's own application (the matrix's year
  // requires none, so an allowed caller's PUT is 409); the list, the decisions and the settings are admins' only.
  'GET /api/applications/me': { access: 'signedIn', url: () => '/api/applications/me' },
  'PUT /api/applications/me': {
    access: 'signedIn',
    url: () => '/api/applications/me',
    body: () => ({ about: 'Matrix applicant' }),
  },
  'GET /api/applications': { access: 'admin', url: () => '/api/applications?status=ALL' },
  'POST /api/applications/decisions': {
    access: 'admin',
    url: () => '/api/applications/decisions',
    body: () => ({ ids: [randomUUID()], decision: 'APPROVED' }),
    destructive: true,
  },
  'GET /api/applications/settings': { access: 'admin', url: () => '/api/applications/settings' },
  'PUT /api/applications/settings': {
    access: 'admin',
    url: () => '/api/applications/settings',
    body: () => ({ required: false, returningMembersExempt: true, questions: [] }),
  },
  // Internal notes (docs/product.md §12): admins only; no participant or staff member reads a note, not even their own.
  'GET /api/users/:id/notes': { access: 'admin', url: (ids) => `/api/users/${ids.owner}/notes` },
  'POST /api/users/:id/notes': {
    access: 'admin',
    url: (ids) => `/api/users/${ids.owner}/notes`,
    body: () => ({ body: 'Matrix note' }),
  },
  'PATCH /api/users/:id/notes/:noteId': {
    access: 'admin',
    url: (ids) => `/api/users/${ids.owner}/notes/${ids.note}`,
    body: () => ({ body: 'Matrix note, edited' }),
    destructive: true,
  },
  'DELETE /api/users/:id/notes/:noteId': {
    access: 'admin',
    url: (ids) => `/api/users/${ids.owner}/notes/${ids.note}`,
    destructive: true,
  },

  'POST /api/notifications/email/test': { access: 'admin', url: () => '/api/notifications/email/test' },
  'GET /api/notifications/email/test/history': {
    access: 'admin',
    url: () => '/api/notifications/email/test/history',
  },
  'POST /api/notifications/email/test-connection': {
    access: 'admin',
    url: () => '/api/notifications/email/test-connection',
  },

  'GET /api/camping-options': { access: 'signedIn', url: () => '/api/camping-options' },
  'POST /api/camping-options': { access: 'admin', url: () => '/api/camping-options', body: () => ({}) },
  'GET /api/camping-options/:id': { access: 'signedIn', url: (ids) => `/api/camping-options/${ids.option}` },
  'PATCH /api/camping-options/:id': {
    access: 'admin',
    url: (ids) => `/api/camping-options/${ids.option}`,
    body: () => ({}),
  },
  'DELETE /api/camping-options/:id': {
    access: 'admin',
    url: (ids) => `/api/camping-options/${ids.option}`,
    destructive: true,
  },
  'GET /api/camping-options/:id/fields': {
    access: 'signedIn',
    url: (ids) => `/api/camping-options/${ids.option}/fields`,
  },
  'POST /api/camping-options/:id/fields': {
    access: 'admin',
    url: (ids) => `/api/camping-options/${ids.option}/fields`,
    body: () => ({}),
  },
  'PATCH /api/camping-options/:id/fields/:fieldId': {
    access: 'admin',
    url: (ids) => `/api/camping-options/${ids.option}/fields/${ids.field}`,
    body: () => ({}),
  },
  'DELETE /api/camping-options/:id/fields/:fieldId': {
    access: 'admin',
    url: (ids) => `/api/camping-options/${ids.option}/fields/${ids.field}`,
    destructive: true,
  },
  'PATCH /api/camping-option-fields/reorder/:optionId': {
    access: 'admin',
    url: (ids) => `/api/camping-option-fields/reorder/${ids.option}`,
    body: () => ({}),
  },

  'GET /api/job-categories': { access: 'signedIn', url: () => '/api/job-categories' },
  'POST /api/job-categories': { access: 'admin', url: () => '/api/job-categories', body: () => ({}) },
  'GET /api/job-categories/:id': { access: 'signedIn', url: (ids) => `/api/job-categories/${ids.category}` },
  'PATCH /api/job-categories/:id': {
    access: 'admin',
    url: (ids) => `/api/job-categories/${ids.category}`,
    body: () => ({}),
  },
  'DELETE /api/job-categories/:id': {
    access: 'admin',
    url: (ids) => `/api/job-categories/${ids.category}`,
    destructive: true,
  },
  'GET /api/jobs': { access: 'signedIn', url: () => '/api/jobs' },
  'POST /api/jobs': { access: 'admin', url: () => '/api/jobs', body: () => ({}) },
  'GET /api/jobs/:id': { access: 'signedIn', url: (ids) => `/api/jobs/${ids.job}` },
  'PATCH /api/jobs/:id': { access: 'admin', url: (ids) => `/api/jobs/${ids.job}`, body: () => ({}) },
  'DELETE /api/jobs/:id': { access: 'admin', url: (ids) => `/api/jobs/${ids.job}`, destructive: true },
  'GET /api/shifts': { access: 'signedIn', url: () => '/api/shifts' },
  'GET /api/shifts/with-jobs-and-registrations': {
    access: 'staff',
    url: () => '/api/shifts/with-jobs-and-registrations',
  },
  'POST /api/shifts': { access: 'admin', url: () => '/api/shifts', body: () => ({}) },
  'GET /api/shifts/:id': { access: 'signedIn', url: (ids) => `/api/shifts/${ids.shift}` },
  'GET /api/shifts/:id/registrations': {
    access: 'staff',
    url: (ids) => `/api/shifts/${ids.shift}/registrations`,
  },
  'PATCH /api/shifts/:id': { access: 'admin', url: (ids) => `/api/shifts/${ids.shift}`, body: () => ({}) },
  'DELETE /api/shifts/:id': { access: 'admin', url: (ids) => `/api/shifts/${ids.shift}`, destructive: true },

  'POST /api/registrations/camp': {
    access: 'signedIn',
    url: () => '/api/registrations/camp',
    body: () => ({}),
  },
  'POST /api/registrations/:id/leave-waitlist': {
    access: 'self',
    url: (ids) => `/api/registrations/${ids.registration}/leave-waitlist`,
  },
  // The caller's own shifts only (decision 057): there is no id to name someone else's registration.
  'POST /api/registrations/me/shift-changes': {
    access: 'signedIn',
    url: () => '/api/registrations/me/shift-changes',
    body: () => ({}),
  },
  'GET /api/registrations/me': { access: 'signedIn', url: () => '/api/registrations/me' },
  'GET /api/registrations/camp/me': { access: 'signedIn', url: () => '/api/registrations/camp/me' },
  'GET /api/registrations': { access: 'staff', url: () => '/api/registrations' },

  // The person's answer to their own offer; not even an admin answers it for them.
  'POST /api/waitlist-offers/:id/accept': {
    access: 'self',
    url: (ids) => `/api/waitlist-offers/${ids.offer}/accept`,
    destructive: true,
  },
  'POST /api/waitlist-offers/:id/decline': {
    access: 'self',
    url: (ids) => `/api/waitlist-offers/${ids.offer}/decline`,
    destructive: true,
  },

  // The shift waitlist (decision 052): a person's own lines; not even an admin answers for them.
  'GET /api/shift-waits/me': { access: 'signedIn', url: () => '/api/shift-waits/me' },
  'POST /api/shift-waits': { access: 'signedIn', url: () => '/api/shift-waits', body: () => ({}) },
  'POST /api/shift-waits/:id/accept': {
    access: 'self',
    url: (ids) => `/api/shift-waits/${ids.shiftWait}/accept`,
    destructive: true,
  },
  'POST /api/shift-waits/:id/decline': {
    access: 'self',
    url: (ids) => `/api/shift-waits/${ids.shiftWait}/decline`,
    destructive: true,
  },
  'POST /api/shift-waits/:id/leave': {
    access: 'self',
    url: (ids) => `/api/shift-waits/${ids.shiftWait}/leave`,
    destructive: true,
  },

  // The fair start's draw (decision 049): a person's own entry; the draw itself is the admins'.
  'GET /api/draw-entries/me': { access: 'signedIn', url: () => '/api/draw-entries/me' },
  'POST /api/draw-entries/:id/withdraw': {
    access: 'self',
    url: (ids) => `/api/draw-entries/${ids.drawEntry}/withdraw`,
    destructive: true,
  },
  'GET /api/admin/draw': { access: 'admin', url: () => '/api/admin/draw' },
  'POST /api/admin/draw/run': { access: 'admin', url: () => '/api/admin/draw/run' },

  'GET /api/payments': { access: 'own', url: (ids) => `/api/payments?userId=${ids.owner}` },
  'POST /api/payments/stripe': {
    access: 'self',
    url: () => '/api/payments/stripe',
    body: (ids) => ({
      amount: 10000,
      currency: 'USD',
      userId: ids.owner,
      registrationId: ids.registration,
      successUrl: 'http://localhost:3000/#/payment/success?session_id={CHECKOUT_SESSION_ID}',
      cancelUrl: 'http://localhost:3000/#/payment/cancel',
    }),
  },
  'GET /api/payments/stripe/session/:sessionId/verify': {
    access: 'own',
    url: (ids) => `/api/payments/stripe/session/${ids.session}/verify`,
  },
  'POST /api/payments/stripe/webhook': { access: 'webhook', url: () => '/api/payments/stripe/webhook' },
  'GET /api/metrics': { access: 'scraper', url: () => '/api/metrics' },
  'POST /api/admin/payments/:id/refunds': {
    access: 'admin',
    url: (ids) => `/api/admin/payments/${ids.payment}/refunds`,
    body: () => ({}),
  },
  'POST /api/admin/payments': { access: 'admin', url: () => '/api/admin/payments', body: () => ({}) },
  'POST /api/admin/payments/:id/refunds/:refundId/retry': {
    access: 'admin',
    url: (ids) => `/api/admin/payments/${ids.payment}/refunds/${randomUUID()}/retry`,
  },
  'GET /api/admin/payments/dues': { access: 'admin', url: () => '/api/admin/payments/dues' },
  'GET /api/admin/payments/overdue': { access: 'admin', url: () => '/api/admin/payments/overdue' },
  'POST /api/admin/registrations/:id/release': {
    access: 'admin',
    url: (ids) => `/api/admin/registrations/${ids.registration}/release`,
    destructive: true,
  },

  'GET /api/admin/registrations': { access: 'admin', url: () => '/api/admin/registrations' },
  'GET /api/admin/registrations/:id/camping-options': {
    access: 'admin',
    url: (ids) => `/api/admin/registrations/${ids.registration}/camping-options`,
  },
  'GET /api/admin/registrations/:id/audit-trail': {
    access: 'admin',
    url: (ids) => `/api/admin/registrations/${ids.registration}/audit-trail`,
  },
  'PUT /api/admin/registrations/:id': {
    access: 'admin',
    url: (ids) => `/api/admin/registrations/${ids.registration}`,
    body: () => ({ status: 'WAITLISTED' }),
    destructive: true,
  },
  'DELETE /api/admin/registrations/:id': {
    access: 'admin',
    url: (ids) => `/api/admin/registrations/${ids.registration}`,
    body: () => ({ reason: 'Matrix test cancellation' }),
    destructive: true,
  },

  'GET /api/admin/waitlist': { access: 'admin', url: () => '/api/admin/waitlist' },
  'GET /api/admin/shift-overlaps': { access: 'admin', url: () => '/api/admin/shift-overlaps' },
  'POST /api/admin/waitlist/:registrationId/offer': {
    access: 'admin',
    url: (ids) => `/api/admin/waitlist/${ids.registration}/offer`,
    destructive: true,
  },
  'POST /api/admin/waitlist/:registrationId/skip': {
    access: 'admin',
    url: (ids) => `/api/admin/waitlist/${ids.registration}/skip`,
    destructive: true,
  },
  'POST /api/admin/waitlist/:registrationId/remove': {
    access: 'admin',
    url: (ids) => `/api/admin/waitlist/${ids.registration}/remove`,
    body: () => ({ reason: 'Matrix test removal' }),
    destructive: true,
  },
  'POST /api/admin/waitlist/:registrationId/move': {
    access: 'admin',
    url: (ids) => `/api/admin/waitlist/${ids.registration}/move`,
    body: (ids) => ({ campingOptionId: ids.option, direction: 'up' }),
    destructive: true,
  },
  'POST /api/admin/waitlist/shift-waits/:shiftWaitId/offer': {
    access: 'admin',
    url: (ids) => `/api/admin/waitlist/shift-waits/${ids.shiftWait}/offer`,
    destructive: true,
  },
  'POST /api/admin/waitlist/shift-waits/:shiftWaitId/skip': {
    access: 'admin',
    url: (ids) => `/api/admin/waitlist/shift-waits/${ids.shiftWait}/skip`,
    destructive: true,
  },
  'POST /api/admin/waitlist/shift-waits/:shiftWaitId/remove': {
    access: 'admin',
    url: (ids) => `/api/admin/waitlist/shift-waits/${ids.shiftWait}/remove`,
    body: () => ({ reason: 'Matrix test removal' }),
    destructive: true,
  },
  'POST /api/admin/waitlist/shift-waits/:shiftWaitId/move': {
    access: 'admin',
    url: (ids) => `/api/admin/waitlist/shift-waits/${ids.shiftWait}/move`,
    body: () => ({ direction: 'up' }),
    destructive: true,
  },

  'GET /api/reports/registrations': { access: 'staff', url: () => '/api/reports/registrations' },
  'GET /api/reports/users': { access: 'staff', url: () => '/api/reports/users' },

  // The calendar feed (decision 054): one's own links; the feed opens with its token alone.
  'GET /api/calendar/me': { access: 'signedIn', url: () => '/api/calendar/me' },
  'POST /api/calendar/me/reset': { access: 'signedIn', url: () => '/api/calendar/me/reset' },
  'GET /api/calendar/feed/:token.ics': {
    access: 'feedToken',
    url: (ids) => `/api/calendar/feed/${ids.owner}.ics`,
  },
  'GET /api/calendar/jobs/:jobId.ics': {
    access: 'signedIn',
    url: (ids) => `/api/calendar/jobs/${ids.job}.ics`,
  },

  // Check-in at shifts (docs/product.md §11 Check-in, decision 058): staff and admins.
  'GET /api/check-in/shifts': { access: 'staff', url: () => '/api/check-in/shifts' },
  'GET /api/check-in/shifts/:id': { access: 'staff', url: (ids) => `/api/check-in/shifts/${ids.shift}` },
  'PUT /api/check-in/people/:id': {
    access: 'staff',
    url: (ids) => `/api/check-in/people/${ids.registrationJob}`,
    body: () => ({ attendance: 'SHOWED' }),
  },

  'GET /api/admin/email-outbox': { access: 'admin', url: () => '/api/admin/email-outbox' },
  'POST /api/admin/email-outbox/:id/retry': {
    access: 'admin',
    url: (ids) => `/api/admin/email-outbox/${ids.mail}/retry`,
    destructive: true,
  },
};

/** Routes outside /api that serve the web app: no data, nobody signed in. */
const WEB_ROUTES = new Set(['GET /runtime-config.js', 'GET /', 'GET /*', 'GET /assets/*']);

const allowed = (caller: Caller, access: Access): boolean => {
  switch (access) {
    case 'public':
      return true;
    case 'webhook':
    case 'scraper':
    case 'feedToken':
      return false;
    case 'signedIn':
      return caller !== 'anonymous';
    case 'own':
      return caller === 'owner' || caller === 'admin';
    case 'self':
      return caller === 'owner';
    case 'refreshCookie':
      return false;
    case 'staff':
      return caller === 'staff' || caller === 'admin';
    case 'admin':
      return caller === 'admin';
  }
};

describe('role × route matrix', () => {
  let camp: Camp;
  let other: Person;
  let ids: Ids;
  let headersOf: Record<Caller, Record<string, string>>;
  let emailOf: Record<Caller, string>;
  /** Ids and references of the payments and refunds: none may appear in a staff answer, whatever its key. */
  let moneyValues: Set<string>;
  /** The payments' ids and Checkout Session ids: what the registrations list holds for an admin. */
  let paymentValues: string[];

  beforeAll(async () => {
    camp = await startCamp();
    const db = camp.t.database.db;
    other = await insertSignedInPerson(camp);
    const { category, shift, job, option, field } = await gateAndTent(camp);
    const owner = camp.participant.userId;
    const registration = await insertRegistration(db, {
      userId: owner,
      status: 'PENDING',
      campingOptionIds: [option],
      jobIds: [job],
    });
    const session = `cs_test_${randomUUID().replaceAll('-', '')}`;
    const [payment] = await db
      .insert(payments)
      .values({ userId: owner, registrationId: registration, amountCents: 10000, providerRefId: session })
      .returning({ id: payments.id });
    // Money that staff must never see: the owner's paid (and partly refunded) card payment beside the pending
    // one, and another person's registration paid by hand.
    const paidSession = `cs_test_${randomUUID().replaceAll('-', '')}`;
    const [paid] = await db
      .insert(payments)
      .values({
        userId: owner,
        registrationId: registration,
        amountCents: 7300,
        status: 'COMPLETED',
        providerRefId: paidSession,
        paymentIntentId: `pi_test_${randomUUID().replaceAll('-', '')}`,
      })
      .returning({ id: payments.id });
    const [refund] = await db
      .insert(refunds)
      .values({
        paymentId: paid!.id,
        amountCents: 1100,
        status: 'SUCCEEDED',
        source: 'ADMIN',
        reason: 'Matrix partial refund',
        providerRefId: `re_test_${randomUUID().replaceAll('-', '')}`,
      })
      .returning({ id: refunds.id });
    const otherRegistration = await insertRegistration(db, {
      userId: other.id,
      status: 'CONFIRMED',
      campingOptionIds: [option],
      jobIds: [job],
    });
    const [manual] = await db
      .insert(payments)
      .values({
        userId: other.id,
        registrationId: otherRegistration,
        amountCents: 4200,
        status: 'COMPLETED',
        provider: 'MANUAL',
        method: 'CASH',
        reference: 'Receipt 0042',
      })
      .returning({ id: payments.id });
    paymentValues = [session, paidSession, payment!.id, paid!.id, manual!.id];
    moneyValues = new Set([
      session,
      paidSession,
      payment!.id,
      paid!.id,
      refund!.id,
      manual!.id,
      'Receipt 0042',
    ]);
    const [mail] = await db
      .insert(emailOutbox)
      .values({ toAddress: 'x@example.org', subject: 'Hi', html: '<p>Hi</p>', text: 'Hi', status: 'FAILED' })
      .returning({ id: emailOutbox.id });
    const [entry] = await db
      .insert(drawEntries)
      .values({ year: 2099, userId: owner, campingOptionIds: [option], acceptedTermsAt: new Date() })
      .returning({ id: drawEntries.id });
    // The owner waits in the line of a second job (its waitlist on).
    const waitedJob = await adminPost(camp, '/api/jobs', {
      name: 'Runner',
      location: 'Gate',
      categoryId: category,
      shiftId: shift,
      maxRegistrations: 1,
      waitlistEnabled: true,
    });
    const [wait] = await db
      .insert(shiftWaits)
      .values({ registrationId: registration, jobId: waitedJob, year: new Date().getUTCFullYear() })
      .returning({ id: shiftWaits.id });
    // An internal note about the owner: no answer to anyone but an admin may hold its text.
    const [note] = await db
      .insert(userNotes)
      .values({ userId: owner, authorId: camp.admin.userId, body: NOTE_TEXT })
      .returning({ id: userNotes.id });
    const [registrationJob] = await db
      .select({ id: registrationJobs.id })
      .from(registrationJobs)
      .where(eq(registrationJobs.registrationId, registration));
    ids = {
      owner,
      note: note!.id,
      registration,
      offer: '',
      drawEntry: entry!.id,
      shiftWait: wait!.id,
      payment: payment!.id,
      session,
      option,
      field,
      category,
      job,
      shift,
      mail: mail!.id,
      registrationJob: registrationJob!.id,
    };
    emailOf = {
      anonymous: 'nobody@example.org',
      owner: 'participant@example.org',
      other: other.email,
      staff: 'staff@example.org',
      admin: 'admin@example.org',
    };
    headersOf = {
      anonymous: {},
      owner: camp.participant.headers,
      other: other.headers,
      staff: camp.staff.headers,
      admin: camp.admin.headers,
    };
  });
  afterAll(async () => {
    await camp?.close();
  });

  /** A new session of a caller whose sessions a route ended. */
  const newSession = async (caller: Caller): Promise<Record<string, string>> => {
    const idOf = {
      owner: camp.participant.userId,
      other: other.id,
      staff: camp.staff.userId,
      admin: camp.admin.userId,
    };
    if (caller === 'anonymous') return {};
    const user = await camp.t.app.services.users.findById(idOf[caller]);
    if (!user) throw new Error(`no user for ${caller}`);
    return { authorization: `Bearer ${await camp.t.app.services.auth.openSessionFor(user)}` };
  };

  it('has a row for every route the app registers (a new route needs one)', async () => {
    await camp.t.app.ready();
    const registered = camp.t.app.routeTable.filter((route) => !WEB_ROUTES.has(route));
    expect([...registered].sort()).toEqual(Object.keys(MATRIX).sort());
  });

  it('has money for the staff scan to find: an admin reads it, and the scan flags it', async () => {
    const read = async (url: string) => {
      const response = await camp.t.app.inject({ method: 'GET', url, headers: headersOf.admin });
      expect(response.statusCode, response.body).toBe(200);
      return response;
    };
    const report = await read('/api/reports/registrations');
    const rows = report.json<{
      registrations: { id: string; paidAmount: number; outstandingAmount: number }[];
    }>();
    expect(
      rows.registrations.map(({ id, paidAmount, outstandingAmount }) => ({
        id,
        paidAmount,
        outstandingAmount,
      })),
    ).toEqual(
      expect.arrayContaining([
        // 73.00 paid less 11.00 refunded; 100.00 pending.
        { id: ids.registration, paidAmount: 62, outstandingAmount: 100 },
        { id: expect.any(String), paidAmount: 42, outstandingAmount: 0 },
      ]),
    );
    expect(moneyIn('GET /api/reports/registrations', report, moneyValues)).toEqual([
      'has the money field registrations[].paidAmount',
      'has the money field registrations[].outstandingAmount',
      'has the money field registrations[].paidAmount',
      'has the money field registrations[].outstandingAmount',
    ]);
    const list = await read('/api/registrations');
    const leaks = moneyIn('GET /api/registrations', list, moneyValues);
    // Every payment's id and Checkout Session id is there (the refund's id and the receipt are not on this list).
    for (const value of paymentValues) expect(leaks).toContain(`holds the payment value ${value}`);
    expect(paymentValues).toHaveLength(5);
    expect(leaks).toContain('has the money field [].payments[].providerRefId');
  });

  /**
   * The owner waits for a place of a later year and has an open offer of it: made once the money scan above has
   * read the report of every registration (which lists this one too).
   */
  const withOffer = async () => {
    if (ids.offer) return;
    const db = camp.t.database.db;
    const [waiting] = await db
      .insert(registrations)
      .values({ userId: ids.owner, year: 2099, status: 'WAITLISTED', lineKey: 1, waitlistedAt: new Date() })
      .returning({ id: registrations.id });
    const [offer] = await db
      .insert(waitlistOffers)
      .values({ registrationId: waiting!.id, year: 2099, expiresAt: new Date(Date.now() + 3_600_000) })
      .returning({ id: waitlistOffers.id });
    ids.offer = offer!.id;
    const [wait] = await db
      .insert(shiftWaits)
      .values({ registrationId: waiting!.id, jobId: ids.job, year: 2099 })
      .returning({ id: shiftWaits.id });
    ids.shiftWait = wait!.id;
  };

  const callers: Caller[] = ['anonymous', 'other', 'staff', 'owner', 'admin'];
  for (const caller of callers) {
    it(`answers ${caller} as each route's row says`, async () => {
      await withOffer();
      const wrong: string[] = [];
      let tried = 0;
      for (const [route, row] of Object.entries(MATRIX)) {
        const method = route.split(' ')[0] as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
        const may = allowed(caller, row.access);
        // Allowed callers of a destructive route name a record that does not exist (404), so the rest of
        // the matrix keeps its records; refused callers name the real one, proving it is protected.
        // Anonymous callers send bad input everywhere (ids that are not ids, a query value that is not one, a
        // body that is not an object): a route that needs a sign-in answers 401 before it looks at input.
        const url =
          caller === 'anonymous'
            ? withBadQuery(row.url(badIds(ids)))
            : may && row.destructive
              ? row.url({ ...ids, ...randomIds() })
              : row.url(ids);
        const body =
          caller === 'anonymous' && method !== 'GET'
            ? BAD_BODY
            : (row.body?.(ids, emailOf[caller]) ??
              (method === 'GET' || method === 'DELETE' ? undefined : {}));
        const response: LightMyRequestResponse = await camp.t.app.inject({
          method,
          url,
          headers: headersOf[caller],
          ...(body === undefined ? {} : { payload: body as object }),
        });
        tried += 1;
        if (row.endsSessions && may) headersOf[caller] = await newSession(caller);
        const status = response.statusCode;
        const problem = judge(caller, row.access, may, status);
        if (problem)
          wrong.push(`${route} as ${caller}: ${status} (${problem}) ${response.body.slice(0, 120)}`);
        if (caller === 'staff') {
          for (const leak of moneyIn(route, response, moneyValues)) wrong.push(`${route} as staff: ${leak}`);
        }
        if (caller !== 'admin' && response.body.includes(NOTE_TEXT))
          wrong.push(`${route} as ${caller}: holds an internal note`);
      }
      expect(wrong).toEqual([]);
      expect(tried).toBe(Object.keys(MATRIX).length);
    });
  }
});

/** The text of the owner's internal note (docs/product.md §12): only admins' answers may hold it. */
const NOTE_TEXT = 'Matrix internal note: admins only';

/** Every id of the matrix as something that is not an id. */
function badIds(ids: Ids): Ids {
  return Object.fromEntries(Object.keys(ids).map((key) => [key, 'not-an-id'])) as unknown as Ids;
}

/** The URL with a query value no route accepts (a year that is not a number; strict queries refuse any). */
function withBadQuery(url: string): string {
  return `${url}${url.includes('?') ? '&' : '?'}year=not-a-year`;
}

/** A JSON body no route's schema accepts: every body schema is an object. */
const BAD_BODY = ['not', 'an', 'object'];

/**
 * Key names that carry money, a payment or its provider's traces, anywhere in an answer (case-insensitive):
 * amounts paid, outstanding, owed or refunded, payments and refunds, providers, Stripe sessions, intents and
 * charges, currencies, cents, receipts, dues. A new key that holds money will almost always match one of them.
 */
const MONEY_KEY =
  /amount|paid|outstanding|owed|owing|balance|payment|refund|provider|stripe|checkout|session_?id|intent|charge|currency|cents|receipt|invoice|dues|price/i;

/** Stripe's object ids (Checkout Sessions, PaymentIntents, charges, refunds, customers) in any value. */
const STRIPE_ID = /\b(cs|pi|ch|re|cus|py)_(test|live)_/;

/**
 * Keys matching MONEY_KEY that are not anyone's money, by route and exact path ([] stands for any item): what a
 * camping option costs is the catalog every signed-in person reads, and the caller's own flag is their own.
 */
const NOT_MONEY: Record<string, readonly string[]> = {
  // The camp's settings every visitor reads: whether card payment is on, its publishable key, deferral allowed.
  'GET /api/public/config': ['stripeEnabled', 'stripePublicKey', 'allowDeferredDuesPayment'],
  // The caller's own flag: may they defer their own dues.
  'GET /api/auth/profile': ['allowDeferredDuesPayment'],
  // The caller's own payments in their own export (docs/product.md §12 My data).
  'GET /api/users/me/data': [
    'payments',
    'payments[].amountCents',
    'payments[].currency',
    'payments[].provider',
    'payments[].refundedAt',
    'payments[].refunds',
    'payments[].refunds[].amountCents',
  ],
  'GET /api/camping-options': ['[].participantDues', '[].staffDues'],
  'GET /api/camping-options/:id': ['participantDues', 'staffDues'],
  'GET /api/registrations': [
    '[].campingOptions[].campingOption.participantDues',
    '[].campingOptions[].campingOption.staffDues',
  ],
};

/** The API's own description (OpenAPI): it names every route's fields, admin-only ones too, and holds no data. */
const describesShapes = (route: string) => route.startsWith('GET /api/docs');

/** The payment fields, payment ids or Stripe ids in an answer a staff member got (an empty list is right). */
function moneyIn(route: string, response: LightMyRequestResponse, values: ReadonlySet<string>): string[] {
  const found: string[] = [];
  const text = response.body;
  for (const value of values) if (text.includes(value)) found.push(`holds the payment value ${value}`);
  if (STRIPE_ID.test(text)) found.push(`holds a Stripe id (${STRIPE_ID.exec(text)?.[0]}…)`);
  if (!String(response.headers['content-type'] ?? '').includes('json') || describesShapes(route))
    return found;
  const allowedPaths = new Set(NOT_MONEY[route] ?? []);
  const walk = (value: unknown, path: string) => {
    if (Array.isArray(value)) {
      for (const item of value) walk(item, `${path}[]`);
    } else if (value !== null && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) {
        const at = path === '' ? key : `${path}.${key}`;
        if (MONEY_KEY.test(key) && !allowedPaths.has(at)) found.push(`has the money field ${at}`);
        walk(inner, at);
      }
    }
  };
  walk(JSON.parse(text) as unknown, '');
  return found;
}

function randomIds(): Partial<Ids> {
  return {
    owner: randomUUID(),
    registration: randomUUID(),
    option: randomUUID(),
    field: randomUUID(),
    category: randomUUID(),
    job: randomUUID(),
    shift: randomUUID(),
    mail: randomUUID(),
    offer: randomUUID(),
    drawEntry: randomUUID(),
    shiftWait: randomUUID(),
    note: randomUUID(),
  };
}

/** What is wrong with an answer, or undefined. A 500 is always wrong. */
function judge(caller: Caller, access: Access, may: boolean, status: number): string | undefined {
  if (status >= 500 && status !== 503) return 'server error';
  if (access === 'webhook') return status === 400 ? undefined : 'an unsigned webhook must get 400';
  if (access === 'scraper') return status === 404 ? undefined : 'metrics are off without METRICS_TOKEN: 404';
  if (access === 'feedToken') return status === 404 ? undefined : 'a token that opens no feed: 404';
  if (may) return status === 401 || status === 403 ? 'should be allowed' : undefined;
  if (caller === 'anonymous' || access === 'refreshCookie')
    return status === 401 ? undefined : 'must get 401';
  if (access === 'own' || access === 'self')
    return status === 403 || status === 404 ? undefined : "someone else's record: 403 or 404";
  return status === 403 ? undefined : 'must get 403';
}
