import { z } from 'zod';
import {
  PaymentProviderSchema,
  PaymentStatusSchema,
  RefundStatusSchema,
  RegistrationStatusSchema,
} from './enums.schema';
import {
  DUES_MAX_DOLLARS,
  isWholeCents,
  MANUAL_PAYMENT_METHODS,
  MANUAL_REFERENCE_MAX,
  PAYMENT_CURRENCY,
  PAYMENT_DESCRIPTION_MAX,
  PAYMENT_MESSAGES,
  PAYMENT_SEARCH_MAX,
  PAYMENTS_TAKE_DEFAULT,
  PAYMENTS_TAKE_MAX,
  REFUND_REASON_MAX,
  REFUND_REASON_MIN,
} from './rules';
import { textCharacters } from './schema-kit';

const returnUrl = z
  .url({ error: PAYMENT_MESSAGES.url, protocol: /^https?$/ })
  .max(2000, PAYMENT_MESSAGES.url);

/** POST /payments/stripe (docs/product.md §7): the amount in integer cents, the one exception to dollars in JSON. */
export const CreateStripeCheckoutInputSchema = z.strictObject({
  amount: z
    .number({ error: PAYMENT_MESSAGES.amountInteger })
    .int(PAYMENT_MESSAGES.amountInteger)
    .positive(PAYMENT_MESSAGES.amountPositive),
  currency: z.literal(PAYMENT_CURRENCY, { error: PAYMENT_MESSAGES.currency }),
  userId: z.uuid(PAYMENT_MESSAGES.userId),
  registrationId: z.uuid(PAYMENT_MESSAGES.registrationId),
  description: z
    .string({ error: 'Description must be text' })
    .max(PAYMENT_DESCRIPTION_MAX, `Description must be at most ${PAYMENT_DESCRIPTION_MAX} characters`)
    .superRefine(textCharacters('Description', 'single-line'))
    .optional(),
  successUrl: returnUrl,
  cancelUrl: returnUrl,
});
export type CreateStripeCheckoutInput = z.input<typeof CreateStripeCheckoutInputSchema>;

/** The Checkout page the browser is sent to. */
export const StripeCheckoutResponseSchema = z.object({ url: z.string() });
export type StripeCheckoutResponse = z.infer<typeof StripeCheckoutResponseSchema>;

const personSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
});

export const ManualPaymentMethodSchema = z.enum(MANUAL_PAYMENT_METHODS, {
  error: PAYMENT_MESSAGES.manualMethod,
});

/** One refund of a payment (decision 016): by an admin here, or made in Stripe's dashboard (PROVIDER). */
export const RefundSchema = z.object({
  id: z.string(),
  paymentId: z.string(),
  amount: z.number(),
  status: RefundStatusSchema,
  reason: z.string().nullable(),
  source: z.enum(['ADMIN', 'PROVIDER']),
  providerRefId: z.string().nullable(),
  admin: personSchema.nullable(),
  /** Why the last attempt did not give the money back; null once it did, or before any attempt. */
  failureReason: z.string().nullable(),
  /** How many times Stripe was asked, and when last (null: never, as for a manual payment's refund). */
  attempts: z.number().int(),
  lastAttemptAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Refund = z.infer<typeof RefundSchema>;

/** Path parameters of POST /admin/payments/{id}/refunds/{refundId}/retry. */
export const RefundIdParamsSchema = z.object({
  id: z.uuid(PAYMENT_MESSAGES.paymentId),
  refundId: z.uuid(PAYMENT_MESSAGES.refundId),
});

/**
 * docs/product.md §3 Payment; amount in decimal dollars (docs/architecture.md §5). Ours as well: what has been refunded of
 * it, its refunds, the registration's year, and a manual payment's method and reference.
 */
export const PaymentSchema = z.object({
  id: z.string(),
  userId: z.string(),
  user: personSchema,
  registrationId: z.string().nullable(),
  registrationYear: z.number().int().nullable(),
  amount: z.number(),
  refundedAmount: z.number(),
  currency: z.string(),
  status: PaymentStatusSchema,
  provider: PaymentProviderSchema,
  providerRefId: z.string().nullable(),
  method: ManualPaymentMethodSchema.nullable(),
  reference: z.string().nullable(),
  refunds: z.array(RefundSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Payment = z.infer<typeof PaymentSchema>;

/** GET /payments answers `{ payments }` (decision 015). */
export const PaymentListSchema = z.object({ payments: z.array(PaymentSchema) });
export type PaymentList = z.infer<typeof PaymentListSchema>;

/** docs/product.md §3 Payment confirmation: what GET /payments/stripe/session/{sessionId}/verify answers. */
export const PaymentConfirmationSchema = z.object({
  paymentStatus: PaymentStatusSchema,
  registrationId: z.string().nullable(),
  registrationStatus: RegistrationStatusSchema.nullable(),
  paymentId: z.string(),
  /** What was paid (or is being paid), in dollars, and its currency. */
  amount: z.number(),
  currency: z.string(),
  /** When the payment was completed (ISO timestamp); null until it is. */
  paidAt: z.string().nullable(),
  /** The reference a person quotes to the camp: the Checkout Session's id, as on the receipt e-mail. */
  reference: z.string().nullable(),
});
export type PaymentConfirmation = z.infer<typeof PaymentConfirmationSchema>;

/** GET /payments filters (docs/product.md §7). */
export const PaymentsQuerySchema = z.strictObject({
  userId: z.uuid(PAYMENT_MESSAGES.userId).optional(),
  registrationId: z.uuid(PAYMENT_MESSAGES.registrationId).optional(),
  status: PaymentStatusSchema.optional(),
  provider: PaymentProviderSchema.optional(),
  /** Admin only: the registration's year. */
  year: z.coerce
    .number({ error: PAYMENT_MESSAGES.year })
    .int(PAYMENT_MESSAGES.year)
    .min(2000, PAYMENT_MESSAGES.year)
    .max(2200, PAYMENT_MESSAGES.year)
    .optional(),
  /** Admin only: part of the person's name or e-mail. */
  search: z
    .string()
    .trim()
    .max(PAYMENT_SEARCH_MAX, PAYMENT_MESSAGES.search)
    .superRefine(textCharacters('Search', 'single-line'))
    .optional(),
  take: z.coerce
    .number({ error: PAYMENT_MESSAGES.take })
    .int(PAYMENT_MESSAGES.take)
    .min(1, PAYMENT_MESSAGES.take)
    .max(PAYMENTS_TAKE_MAX, PAYMENT_MESSAGES.take)
    .default(PAYMENTS_TAKE_DEFAULT),
});
export type PaymentsQuery = z.input<typeof PaymentsQuerySchema>;

/** Path parameter of the verify route. */
export const StripeSessionParamsSchema = z.object({
  sessionId: z
    .string()
    .min(1)
    .max(255)
    .regex(/^[A-Za-z0-9_]+$/, 'Invalid session id'),
});

/** Path parameter of the admin payment routes. */
export const PaymentIdParamsSchema = z.object({ id: z.uuid(PAYMENT_MESSAGES.paymentId) });

const dollars = (messages: { type: string; positive: string; cents: string }) =>
  z
    .number({ error: messages.type })
    .positive(messages.positive)
    .max(DUES_MAX_DOLLARS, `Amount must be at most ${DUES_MAX_DOLLARS}`)
    .refine(isWholeCents, messages.cents);

/**
 * POST /admin/payments/{id}/refunds: amount in decimal dollars (absent: all that is left), a reason, and an
 * idempotency key the form makes once, so a double submit or a retried request refunds once.
 */
export const RefundPaymentInputSchema = z.strictObject({
  amount: dollars({
    type: PAYMENT_MESSAGES.refundAmount,
    positive: PAYMENT_MESSAGES.refundAmountPositive,
    cents: PAYMENT_MESSAGES.refundAmountCents,
  }).optional(),
  reason: z
    .string({ error: PAYMENT_MESSAGES.refundReasonRequired })
    .trim()
    .min(1, { error: PAYMENT_MESSAGES.refundReasonRequired, abort: true })
    .min(REFUND_REASON_MIN, PAYMENT_MESSAGES.refundReasonShort)
    .max(REFUND_REASON_MAX, PAYMENT_MESSAGES.refundReasonLong)
    .superRefine(textCharacters('Reason', 'multi-line')),
  idempotencyKey: z.uuid(PAYMENT_MESSAGES.idempotencyKey).optional(),
});
export type RefundPaymentInput = z.input<typeof RefundPaymentInputSchema>;

export const RefundPaymentResponseSchema = z.object({ payment: PaymentSchema, refund: RefundSchema });
export type RefundPaymentResponse = z.infer<typeof RefundPaymentResponseSchema>;

/** POST /admin/payments: a payment made by cash, check or bank transfer, recorded by an admin. */
export const ManualPaymentInputSchema = z.strictObject({
  registrationId: z.uuid(PAYMENT_MESSAGES.registrationId),
  amount: dollars({
    type: PAYMENT_MESSAGES.manualAmount,
    positive: PAYMENT_MESSAGES.manualAmountPositive,
    cents: PAYMENT_MESSAGES.manualAmountCents,
  }),
  method: ManualPaymentMethodSchema,
  reference: z
    .string({ error: PAYMENT_MESSAGES.manualReferenceRequired })
    .trim()
    .min(1, { error: PAYMENT_MESSAGES.manualReferenceRequired, abort: true })
    .max(MANUAL_REFERENCE_MAX, PAYMENT_MESSAGES.manualReferenceLong)
    .superRefine(textCharacters('Reference', 'single-line')),
});
export type ManualPaymentInput = z.input<typeof ManualPaymentInputSchema>;

/** A registration with dues still owed (GET /admin/payments/dues), for recording a manual payment. */
export const OwedRegistrationSchema = z.object({
  registrationId: z.string(),
  year: z.number().int(),
  status: RegistrationStatusSchema,
  user: personSchema,
  dues: z.number(),
  paid: z.number(),
  owed: z.number(),
});
export type OwedRegistration = z.infer<typeof OwedRegistrationSchema>;

export const OwedRegistrationListSchema = z.object({ registrations: z.array(OwedRegistrationSchema) });
export type OwedRegistrationList = z.infer<typeof OwedRegistrationListSchema>;

/**
 * A registration past its payment deadline with dues still owed (GET /admin/payments/overdue;
 * docs/product.md §10): its person, its camping options by name, what it owes (dollars), when it was due and how
 * many whole days have passed since.
 */
export const OverdueRegistrationSchema = z.object({
  registrationId: z.string(),
  year: z.number().int(),
  user: personSchema,
  campingOptions: z.array(z.string()),
  owed: z.number(),
  payBy: z.string(),
  overdueDays: z.number().int(),
});
export type OverdueRegistration = z.infer<typeof OverdueRegistrationSchema>;

export const OverdueRegistrationListSchema = z.object({ registrations: z.array(OverdueRegistrationSchema) });
export type OverdueRegistrationList = z.infer<typeof OverdueRegistrationListSchema>;

/** POST /admin/registrations/:id/release answers the registration, now CANCELLED. */
export const ReleasePlaceResponseSchema = z.object({
  registration: z.object({ id: z.string(), status: z.literal('CANCELLED') }),
});
export type ReleasePlaceResponse = z.infer<typeof ReleasePlaceResponseSchema>;
