import {
  AdminRegistrationParamsSchema,
  CreateStripeCheckoutInputSchema,
  OverdueRegistrationListSchema,
  ReleasePlaceResponseSchema,
  ManualPaymentInputSchema,
  OwedRegistrationListSchema,
  PaymentIdParamsSchema,
  PaymentSchema,
  RefundIdParamsSchema,
  RefundPaymentInputSchema,
  RefundPaymentResponseSchema,
  PaymentConfirmationSchema,
  PaymentListSchema,
  PaymentsQuerySchema,
  StripeCheckoutResponseSchema,
  StripeSessionParamsSchema,
} from '@camp/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf } from '../../plugins/auth';
import { errors, routeKit } from '../../plugins/route-kit';
import { refundRequestOf } from './refunds.service';

export const paymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = routeKit(app, { tags: ['payments'], errors: [400, 401, 403, 404] });

  app.get(
    '/payments',
    route.signedIn({
      summary: 'Payments: admins see all (with filters), anyone else only their own',
      description: 'A non-admin filtering on another userId gets 403. Newest first, at most `take` rows.',
      querystring: PaymentsQuerySchema,
      response: { 200: PaymentListSchema },
    }),
    async (request) => ({ payments: await app.services.payments.list(callerOf(request), request.query) }),
  );

  app.post(
    '/payments/stripe',
    route.signedIn({
      summary: 'Starts a Stripe Checkout for what the caller owes on their registration',
      description:
        'amount is in cents and must equal what the server computes as owed. Return URLs must be on this ' +
        "site. 400 'Stripe payments are not configured' when Stripe is off; 503 when Stripe is unreachable.",
      body: CreateStripeCheckoutInputSchema,
      response: { 200: StripeCheckoutResponseSchema, ...errors(409, 503) },
    }),
    async (request) => app.services.payments.createCheckout(callerOf(request), request.body),
  );

  app.get(
    '/payments/stripe/session/:sessionId/verify',
    route.signedIn({
      summary: "The payment confirmation of the caller's Checkout Session, fulfilled when Stripe says paid",
      params: StripeSessionParamsSchema,
      response: { 200: PaymentConfirmationSchema, ...errors(503) },
    }),
    async (request) => app.services.payments.verify(callerOf(request), request.params.sessionId),
  );

  app.post(
    '/admin/payments/:id/refunds',
    route.adminOnly({
      summary: 'Refunds all or part of a completed payment (admin)',
      description:
        'amount in dollars (absent: all that is left). A reason of at least 10 characters. idempotencyKey ' +
        '(UUID, made once per form): a repeated request answers the same refund and refunds nothing more. ' +
        'Stripe payments are refunded through Stripe (503 when unreachable: the refund stays pending and the ' +
        'same request finishes it; 502 when Stripe refuses). Manual payments are recorded as refunded by hand.',
      params: PaymentIdParamsSchema,
      body: RefundPaymentInputSchema,
      response: { 200: RefundPaymentResponseSchema, ...errors(502, 503) },
    }),
    async (request) =>
      app.services.refunds.refund(request.params.id, refundRequestOf(callerOf(request).id, request.body)),
  );

  app.post(
    '/admin/payments/:id/refunds/:refundId/retry',
    route.adminOnly({
      summary: 'Asks Stripe again for a refund that failed or is still pending (admin)',
      description:
        'A FAILED refund is asked for again under a new Stripe idempotency key; a PENDING one under its own. ' +
        'Safe to press twice or by two admins at once: one refund is made. A refund already made is answered ' +
        'as it is. 400 when Stripe is off or the payment has nothing left to refund; 502 when Stripe refuses ' +
        'again (the refund stays FAILED); 503 when Stripe is unreachable (it stays PENDING).',
      params: RefundIdParamsSchema,
      response: { 200: RefundPaymentResponseSchema, ...errors(502, 503) },
    }),
    async (request) =>
      app.services.refunds.retry(request.params.id, request.params.refundId, callerOf(request).id),
  );

  app.post(
    '/admin/payments',
    route.adminOnly({
      summary: 'Records a payment made by cash, check or bank transfer (admin)',
      description: 'amount in dollars, at most what the registration owes; audited as PAYMENT_MANUAL.',
      body: ManualPaymentInputSchema,
      response: { 201: PaymentSchema, ...errors(503) },
    }),
    async (request, reply) => {
      const payment = await app.services.adminPayments.recordManual(callerOf(request), request.body);
      return reply.status(201).send(payment);
    },
  );

  app.get(
    '/admin/payments/dues',
    route.adminOnly({
      summary: 'Registrations (not cancelled) that still owe dues, with what they owe (admin)',
      response: { 200: OwedRegistrationListSchema },
    }),
    async () => ({ registrations: await app.services.adminPayments.owed() }),
  );

  app.get(
    '/admin/payments/overdue',
    route.adminOnly({
      summary: 'PENDING registrations past their payment deadline that still owe dues (admin)',
      description:
        'docs/product.md §10: oldest deadline first, with the camping options by name, what is owed (dollars), ' +
        'payBy (ISO time) and the whole days since.',
      response: { 200: OverdueRegistrationListSchema },
    }),
    async () => ({ registrations: await app.services.paymentDeadlines.overdue() }),
  );

  app.post(
    '/admin/registrations/:id/release',
    route.adminOnly({
      summary: 'Releases an unpaid place whose payment deadline has passed (admin)',
      description:
        'The registration is cancelled with the reason "Payment deadline passed", its places go back and the ' +
        'waitlist is filled, audited as PLACE_RELEASE, and the person is mailed. 409 when it is not PENDING, ' +
        'its deadline has not passed or nothing is owed; 503 when Stripe cannot settle an open Checkout.',
      params: AdminRegistrationParamsSchema,
      response: { 200: ReleasePlaceResponseSchema, ...errors(409, 503) },
    }),
    async (request) => app.services.paymentDeadlines.release(callerOf(request).id, request.params.id),
  );
};

/**
 * POST /payments/stripe/webhook. It reads its body raw (the signature covers the exact bytes), so it is a plugin
 * of its own: its content-type parser applies to this route only.
 */
export const stripeWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  app.post(
    '/payments/stripe/webhook',
    {
      schema: {
        tags: ['payments'],
        summary: 'Stripe webhook (signature checked with the stored webhook secret, 300 s tolerance)',
        response: { 200: z.object({ received: z.literal(true) }), ...errors(400) },
      },
    },
    async (request) => {
      const signature = request.headers['stripe-signature'];
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      await app.services.payments.handleWebhook(body, typeof signature === 'string' ? signature : undefined);
      return { received: true as const };
    },
  );
};
