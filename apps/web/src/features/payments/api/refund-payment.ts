import type { RefundPaymentInput, RefundPaymentResponse } from '@camp/shared/payments';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { useInvalidateAdminPayments } from './admin-query-keys';

export interface RefundPaymentVariables {
  paymentId: string;
  input: RefundPaymentInput;
}

/** POST /admin/payments/{id}/refunds: refunds part or all of what is left of a completed payment. */
export function refundPayment({ paymentId, input }: RefundPaymentVariables): Promise<RefundPaymentResponse> {
  return apiClient.post<RefundPaymentResponse>(`/admin/payments/${encodeURIComponent(paymentId)}/refunds`, {
    body: input,
  });
}

export function useRefundPayment() {
  const invalidate = useInvalidateAdminPayments();
  return useMutation({ mutationFn: refundPayment, onSuccess: invalidate });
}
