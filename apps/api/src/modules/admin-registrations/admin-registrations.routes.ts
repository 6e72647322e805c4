import {
  AdminRegistrationCampingOptionsSchema,
  AdminRegistrationListSchema,
  AdminRegistrationParamsSchema,
  AdminRegistrationsQuerySchema,
  AuditTrailSchema,
  CancelRegistrationInputSchema,
  CancelRegistrationResponseSchema,
  RegistrationSchema,
  UpdateRegistrationInputSchema,
} from '@camp/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../plugins/auth';
import { errors, routeKit } from '../../plugins/route-kit';

/** The admin's registration desk (docs/product.md §2 Manage Registrations, §5 Admin cancel, §7 `/admin/registrations`). */
export const adminRegistrationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.adminRegistrations;
  const route = routeKit(app, { tags: ['admin-registrations'], errors: [400, 401, 403, 404] });

  app.get(
    '/admin/registrations',
    route.adminOnly({
      summary: 'Registrations of everyone, one page at a time, sorted as asked, with the status counts',
      description:
        'Filters: year; status; email (part of it); name (part of the first, last or playa name, or of ' +
        '"first last"); q (part of the name or of the e-mail); text filters ignore case. Pages: page from 1, ' +
        'limit 10, 25 (default), 50 or 100. Sort: sort = name, email, year, status or registered (default), ' +
        'order = asc or desc (default); then newest registered first, then id. `total` is the number of ' +
        'registrations matching every filter (what the pages hold). `counts` (total, confirmed, pending, ' +
        'waitlisted, cancelled) count the same registrations by status: they follow every filter and add up ' +
        'to the total.',
      querystring: AdminRegistrationsQuerySchema,
      response: { 200: AdminRegistrationListSchema },
    }),
    async (request) => service.list(request.query),
  );

  app.get(
    '/admin/registrations/:id/camping-options',
    route.adminOnly({
      summary: "A registration's camping options, by name (404 when there is no such registration)",
      params: AdminRegistrationParamsSchema,
      response: { 200: AdminRegistrationCampingOptionsSchema },
    }),
    async (request) => service.campingOptions(request.params.id),
  );

  app.get(
    '/admin/registrations/:id/audit-trail',
    route.adminOnly({
      summary:
        "A registration's audit records, newest first; adminUser is null when the admin was deleted (404 when there is no such registration)",
      params: AdminRegistrationParamsSchema,
      response: { 200: AuditTrailSchema },
    }),
    async (request) => service.auditTrail(request.params.id),
  );

  app.put(
    '/admin/registrations/:id',
    route.adminOnly({
      summary: "Edits a registration's status, work shifts and camping options: capacity-safe, audited",
      description:
        'Body: status (PENDING, CONFIRMED or WAITLISTED; CANCELLED is refused: use DELETE), jobIds and ' +
        'campingOptionIds (the complete lists the registration is to hold; repeats ignored; an omitted field ' +
        "stays as it is; at least one camping option), notes (optional, kept as the audit records' reason; " +
        'never mailed) and sendNotification (default false). 400 "No changes have been made to the ' +
        'registration." when status, jobs and options all stay the same (notes alone are no change), and for ' +
        'a cancelled registration. In one transaction under the registration row lock: link rows written, ' +
        'places moved through the wizard capacity code (every row involved locked in one order, so edits ' +
        'never deadlock), 409 naming each job or option that is full (nothing changed), the dues row ' +
        'reconciled with the new options (an open Checkout is expired first), REGISTRATION_EDIT plus one ' +
        'WORK_SHIFT_ADD/REMOVE or CAMPING_OPTION_ADD/REMOVE record per item under one transactionId, and ' +
        'with sendNotification a mail in the outbox. Admins may place people on staff-only jobs and disabled ' +
        'options (the wizard rules on shift counts are not applied); capacity always is. Answers the ' +
        'registration as GET /registrations shows it.',
      params: AdminRegistrationParamsSchema,
      body: UpdateRegistrationInputSchema,
      response: { 200: RegistrationSchema, ...errors(409) },
    }),
    async (request) =>
      app.services.adminRegistrationsEdit.update(callerOf(request).id, request.params.id, request.body),
  );

  app.delete(
    '/admin/registrations/:id',
    route.adminOnly({
      summary: 'Cancels a registration: places freed, dues dropped, audited; optionally mails and refunds',
      description:
        'Body: reason (trimmed, at least 10 characters), sendNotification and processRefund (both default ' +
        'false). In one transaction under the registration row lock: status CANCELLED, every work shift and ' +
        'camping option removed and its place given back (the wizard capacity code), the unpaid dues row ' +
        'dropped, REGISTRATION_CANCEL plus one WORK_SHIFT_REMOVE / CAMPING_OPTION_REMOVE record per removed ' +
        'item under one transactionId, and with sendNotification a cancellation e-mail in the outbox. Custom ' +
        'field values are kept. The person may register again for the year. With processRefund, AFTER the ' +
        'commit, each COMPLETED payment is refunded in full (PAYMENT_REFUND records share the transactionId). ' +
        'A refund that fails does not undo the cancel: the answer is still 200 and `refunds` lists each ' +
        'payment with SUCCEEDED, PENDING (Stripe unreachable; the next refund request of that payment finishes ' +
        'it with the same idempotency key) or FAILED (Stripe refused), and the message. 400 when the ' +
        'registration is already cancelled, 404 when there is no such registration.',
      params: AdminRegistrationParamsSchema,
      body: CancelRegistrationInputSchema,
      response: { 200: CancelRegistrationResponseSchema },
    }),
    async (request) =>
      app.services.adminRegistrationsCancel.cancel(callerOf(request).id, request.params.id, request.body),
  );
};
