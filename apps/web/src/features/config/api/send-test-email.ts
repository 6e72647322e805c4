import type { SendTestEmailResult } from '@camp/shared/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { configKeys } from './query-keys';

/** POST /notifications/email/test: one test message to each address (docs/product.md §7), comma-joined. */
export function sendTestEmail(emails: readonly string[]): Promise<SendTestEmailResult> {
  return apiClient.post<SendTestEmailResult>('/notifications/email/test', {
    body: { email: emails.join(', '), format: 'html', includeSmtpDetails: true },
  });
}

/** Sends test e-mails; every attempt, delivered or not, is a line of the history, so it is fetched again. */
export function useSendTestEmail({
  onSuccess,
  onError,
}: {
  onSuccess?: (result: SendTestEmailResult, emails: readonly string[]) => void;
  onError?: (error: unknown) => void;
} = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendTestEmail,
    onSuccess: (result, emails) => onSuccess?.(result, emails),
    onError: (error) => onError?.(error),
    onSettled: () => queryClient.invalidateQueries({ queryKey: configKeys.testEmailHistory() }),
  });
}
