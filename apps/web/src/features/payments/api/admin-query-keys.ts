import type { PaymentProvider, PaymentStatus } from '@camp/shared/rules';
import { useQueryClient } from '@tanstack/react-query';

/** The admin payments list's filters as GET /payments takes them; absent means all. */
export interface PaymentFilters {
  status?: PaymentStatus;
  provider?: PaymentProvider;
  /** The registration's year. */
  year?: number;
  /** Part of the person's name or e-mail. */
  search?: string;
}

/** Query keys of the admin payments screen; all start with 'payments', 'admin'. */
export const adminPaymentKeys = {
  all: () => ['payments', 'admin'] as const,
  list: (filters: PaymentFilters) => ['payments', 'admin', 'list', filters] as const,
  owed: () => ['payments', 'admin', 'owed'] as const,
  overdue: () => ['payments', 'admin', 'overdue'] as const,
};

/**
 * Reloads the admin payments lists and what is owed after a refund or a manual payment: either changes a
 * payment's amounts, the totals and the dues still owed.
 */
export function useInvalidateAdminPayments() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: adminPaymentKeys.all() });
}
