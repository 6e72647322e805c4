import { z } from 'zod';
import { PaymentProviderSchema, PaymentStatusSchema, RegistrationStatusSchema } from './enums';
import {
  PAYMENT_CURRENCY,
  PAYMENT_DESCRIPTION_MAX,
  PAYMENT_MESSAGES,
  PAYMENTS_TAKE_DEFAULT,
  PAYMENTS_TAKE_MAX,
} from './rules';
import { NO_NUL, notAllowed } from './schema-kit';

const returnUrl = z
  .url({ error: PAYMENT_MESSAGES.url, protocol: /^https?$/ })
  .max(2000, PAYMENT_MESSAGES.url);

/** POST /payments/stripe (spec §7): the amount in integer cents, the one exception to dollars in JSON. */
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
    .regex(NO_NUL, notAllowed('Description'))
    .optional(),
  successUrl: returnUrl,
  cancelUrl: returnUrl,
});
export type CreateStripeCheckoutInput = z.input<typeof CreateStripeCheckoutInputSchema>;

/** The Checkout page the browser is sent to. */
export const StripeCheckoutResponseSchema = z.object({ url: z.string() });
export type StripeCheckoutResponse = z.infer<typeof StripeCheckoutResponseSchema>;

/** Spec §3 Payment; amount in decimal dollars (architecture §5). */
export const PaymentSchema = z.object({
  id: z.string(),
  userId: z.string(),
  user: z.object({ id: z.string(), email: z.string(), firstName: z.string(), lastName: z.string() }),
  registrationId: z.string().nullable(),
  amount: z.number(),
  currency: z.string(),
  status: PaymentStatusSchema,
  provider: PaymentProviderSchema,
  providerRefId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Payment = z.infer<typeof PaymentSchema>;

/** GET /payments answers `{ payments }` (decision 015). */
export const PaymentListSchema = z.object({ payments: z.array(PaymentSchema) });
export type PaymentList = z.infer<typeof PaymentListSchema>;

/** Spec §3 Payment confirmation: what GET /payments/stripe/session/{sessionId}/verify answers. */
export const PaymentConfirmationSchema = z.object({
  paymentStatus: PaymentStatusSchema,
  registrationId: z.string().nullable(),
  registrationStatus: RegistrationStatusSchema.nullable(),
  paymentId: z.string(),
});
export type PaymentConfirmation = z.infer<typeof PaymentConfirmationSchema>;

/** GET /payments filters (spec §7). */
export const PaymentsQuerySchema = z.strictObject({
  userId: z.uuid(PAYMENT_MESSAGES.userId).optional(),
  registrationId: z.uuid(PAYMENT_MESSAGES.registrationId).optional(),
  status: PaymentStatusSchema.optional(),
  provider: PaymentProviderSchema.optional(),
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
