import { LIST_TEXTS } from '@camp/shared/rules';

/** The admin payments screen's texts: docs/product.md §8's for the list, this screen's own for its actions. */
export const ADMIN_PAYMENT_MESSAGES = {
  fetchPayments: LIST_TEXTS.fetchPaymentsData,
  noPayments: LIST_TEXTS.noPayments,
  fetchOwed: 'Failed to fetch the registrations that owe dues',
  nobodyOwes: 'Nobody owes dues right now.',
  refundFailed: 'Failed to refund payment',
  refundDone: 'Refund recorded',
  retryFailed: 'The refund was not made',
  retryDone: 'Refund made',
  manualFailed: 'Failed to record payment',
  manualDone: 'Payment recorded',
  chooseRegistration: 'Please choose the registration this payment is for',
} as const;
