import type { PaymentConfirmation } from '@camp/shared/payments';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, isApiError } from '../../../lib/api-client';
import { paymentKeys } from './query-keys';

/** While the payment is PENDING the page asks again this often (the webhook may arrive late)… */
export const VERIFY_POLL_INTERVAL_MS = 3_000;
/** …for at most this long after the first answer. */
export const VERIFY_POLL_LIMIT_MS = 60_000;

/**
 * GET /payments/stripe/session/{sessionId}/verify: the payment confirmation of the person's own Checkout
 * Session; the server fulfils the payment when Stripe says it is paid. 401 signed out, 404 unknown or
 * someone else's session.
 */
export function verifyPaymentSession(
  sessionId: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<PaymentConfirmation> {
  return apiClient.get<PaymentConfirmation>(
    `/payments/stripe/session/${encodeURIComponent(sessionId)}/verify`,
    { signal },
  );
}

/** A refused request (4xx) gives the same answer again: only a failed connection or a 5xx is retried, once. */
const retryUnlessRefused = (failures: number, error: unknown) =>
  failures < 1 && !(isApiError(error) && error.status >= 400 && error.status < 500);

export function verifyPaymentSessionQueryOptions(sessionId: string) {
  return queryOptions({
    queryKey: paymentKeys.session(sessionId),
    queryFn: ({ signal }) => verifyPaymentSession(sessionId, { signal }),
    // A payment's state changes at Stripe, not here: every visit asks again.
    staleTime: 0,
    retry: retryUnlessRefused,
  });
}

/** Whether a confirmation that arrived at `updatedAt` is asked for again (PENDING, before `pollUntil`). */
const pollsAgain = (data: PaymentConfirmation | undefined, updatedAt: number, pollUntil: number) =>
  data?.paymentStatus === 'PENDING' && updatedAt < pollUntil;

/**
 * The confirmation of a Checkout Session, asked again every 3 s while the payment is PENDING and the last
 * answer came before `pollUntil` (a time in ms: the page passes its arrival plus 60 s). `polling` says
 * whether another answer is still to come. Disabled without a session id.
 */
export function useVerifyPaymentSession(sessionId: string | null, { pollUntil }: { pollUntil: number }) {
  const query = useQuery({
    ...verifyPaymentSessionQueryOptions(sessionId ?? ''),
    enabled: Boolean(sessionId),
    refetchInterval: ({ state }) =>
      pollsAgain(state.data, state.dataUpdatedAt, pollUntil) ? VERIFY_POLL_INTERVAL_MS : false,
  });
  return { ...query, polling: pollsAgain(query.data, query.dataUpdatedAt, pollUntil) };
}
