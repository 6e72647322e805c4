import {
  ManualPaymentInputSchema,
  RefundPaymentInputSchema,
  type ManualPaymentInput,
  type OwedRegistration,
  type Payment,
  type RefundPaymentInput,
} from '@camp/shared/payments';
import {
  centsToDollars,
  dollarsToCents,
  manualTooLargeMessage,
  refundTooLargeMessage,
  type ManualPaymentMethod,
} from '@camp/shared/rules';
import type { FormSchema, Schema } from '../../../lib/schema-form';
import { refundableCents } from './payment-money';

// The two admin payment forms: their values, the request body of those values, and the shared schema that
// checks that body (the server's own rules and messages). The one rule the schema cannot know, that an
// amount is no more than what is left (refund) or owed (manual payment), is checked here too, with the
// server's own message for it, so the form says it before sending.

/** A number input's value: a number, or '' when empty. */
type NumberValue = number | string;

/** An empty amount is no number (the schema says so), not 0 and not "everything". */
const amountOf = (value: NumberValue): number | null => (value === '' ? null : Number(value));

/** A limit on the amount: at most `cents`, else `message`. */
interface AmountLimit {
  cents: number;
  message: string;
}

/** The schema's check, then the amount's limit for that body (when it is otherwise valid and has one). */
function withLimit<T extends { amount?: number }>(
  schema: { safeParse: Schema<T>['safeParse'] },
  limitOf: (body: T) => AmountLimit | undefined,
): Schema<unknown> {
  return {
    safeParse(input) {
      const result = schema.safeParse(input);
      if (!result.success) return result;
      const limit = limitOf(result.data);
      const { amount } = result.data;
      if (!limit || amount === undefined || dollarsToCents(amount) <= limit.cents) return result;
      return { success: false, error: { issues: [{ path: ['amount'], message: limit.message }] } };
    },
  };
}

// ---- Refund ----------------------------------------------------------------------------------------------

export interface RefundFormValues {
  amount: NumberValue;
  reason: string;
}

/** What is left of the payment to start with: a full refund unless the admin types less. */
export function refundFormValues(payment: Payment): RefundFormValues {
  return { amount: centsToDollars(refundableCents(payment)), reason: '' };
}

/** The body of the values; the idempotency key is the form's, made once per opening. */
export function toRefundInput(values: RefundFormValues, idempotencyKey: string): RefundPaymentInput {
  return { amount: amountOf(values.amount) as number, reason: values.reason.trim(), idempotencyKey };
}

export function refundForm(payment: Payment, idempotencyKey: string): FormSchema<RefundFormValues> {
  const left = refundableCents(payment);
  return {
    schema: withLimit(RefundPaymentInputSchema, () => ({
      cents: left,
      message: refundTooLargeMessage(left),
    })),
    toInput: (values) => toRefundInput(values, idempotencyKey),
  };
}

// ---- Manual payment --------------------------------------------------------------------------------------

export interface ManualPaymentFormValues {
  registrationId: string;
  amount: NumberValue;
  method: ManualPaymentMethod | '';
  reference: string;
}

export const EMPTY_MANUAL_PAYMENT: ManualPaymentFormValues = {
  registrationId: '',
  amount: '',
  method: '',
  reference: '',
};

export function toManualPaymentInput(values: ManualPaymentFormValues): ManualPaymentInput {
  return {
    registrationId: values.registrationId,
    amount: amountOf(values.amount) as number,
    method: values.method as ManualPaymentMethod,
    reference: values.reference.trim(),
  };
}

/** Checked against what the registration named in the body owes. */
export function manualPaymentForm(
  registrations: readonly OwedRegistration[],
): FormSchema<ManualPaymentFormValues> {
  return {
    schema: withLimit(ManualPaymentInputSchema, (body) => {
      const chosen = registrations.find(
        (registration) => registration.registrationId === body.registrationId,
      );
      if (!chosen) return undefined;
      const owed = dollarsToCents(chosen.owed);
      return { cents: owed, message: manualTooLargeMessage(owed) };
    }),
    toInput: toManualPaymentInput,
  };
}
