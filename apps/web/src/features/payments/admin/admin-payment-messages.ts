import { errorMessageText, LIST_TEXTS } from '@camp/shared/rules';
import { isApiError } from '../../../lib/api-client';

/** The admin payments screen's texts: spec §8's for the list, this screen's own for its actions. */
export const ADMIN_PAYMENT_MESSAGES = {
  fetchPayments: LIST_TEXTS.fetchPaymentsData,
  noPayments: LIST_TEXTS.noPayments,
  fetchOwed: 'Failed to fetch the registrations that owe dues',
  nobodyOwes: 'Nobody owes dues right now.',
  refundFailed: 'Failed to refund payment',
  refundDone: 'Refund recorded',
  manualFailed: 'Failed to record payment',
  manualDone: 'Payment recorded',
  chooseRegistration: 'Please choose the registration this payment is for',
} as const;

/** The server's message of a failed call (a list joined), or what kind of failure it was. */
export function failureDetail(error: unknown): string | undefined {
  if (!isApiError(error)) return undefined;
  if (error.serverMessage !== undefined) {
    const text = errorMessageText(error.serverMessage).trim();
    if (text !== '') return text;
  }
  return error.message;
}
