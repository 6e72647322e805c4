import type { EmailOutboxMail } from '@camp/shared/outbox';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { emailOutboxKeys } from './get-email-outbox';

/** POST /admin/email-outbox/{id}/retry: a FAILED mail goes back in the queue, due now. */
export function retryOutboxMail(id: string): Promise<EmailOutboxMail> {
  return apiClient.post<EmailOutboxMail>(`/admin/email-outbox/${encodeURIComponent(id)}/retry`);
}

/** Retries a mail; every list and count of the outbox is fetched again whatever the outcome. */
export function useRetryOutboxMail({
  onSuccess,
  onError,
}: {
  onSuccess?: (mail: EmailOutboxMail) => void;
  onError?: (error: unknown) => void;
} = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryOutboxMail,
    onSuccess: (mail) => onSuccess?.(mail),
    onError: (error) => onError?.(error),
    onSettled: () => queryClient.invalidateQueries({ queryKey: emailOutboxKeys.all() }),
  });
}
