import type { ManualPaymentInput, Payment } from '@camp/shared/payments';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { useInvalidateAdminPayments } from './admin-query-keys';

/** POST /admin/payments (201): a payment made by cash, check or bank transfer, recorded by an admin. */
export function recordManualPayment(input: ManualPaymentInput): Promise<Payment> {
  return apiClient.post<Payment>('/admin/payments', { body: input });
}

export function useRecordManualPayment() {
  const invalidate = useInvalidateAdminPayments();
  return useMutation({ mutationFn: recordManualPayment, onSuccess: invalidate });
}
