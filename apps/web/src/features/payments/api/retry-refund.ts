import type { RefundPaymentResponse } from '@camp/shared/payments';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { useInvalidateAdminPayments } from './admin-query-keys';

export interface RetryRefundVariables {
  paymentId: string;
  refundId: string;
}

/**
 * POST /admin/payments/{id}/refunds/{refundId}/retry: asks Stripe again for a refund that failed or is still
 * pending. Pressed twice (or by two admins) it still refunds once.
 */
export function retryRefund({ paymentId, refundId }: RetryRefundVariables): Promise<RefundPaymentResponse> {
  return apiClient.post<RefundPaymentResponse>(
    `/admin/payments/${encodeURIComponent(paymentId)}/refunds/${encodeURIComponent(refundId)}/retry`,
  );
}

export function useRetryRefund() {
  const invalidate = useInvalidateAdminPayments();
  // Reloaded whatever the answer: a refusal, too, changes the refund (one more attempt, its reason).
  return useMutation({ mutationFn: retryRefund, onSettled: invalidate });
}
