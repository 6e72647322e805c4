import type { SendTestEmailResult } from '@camp/shared/notifications';
import { apiClient } from '../../../lib/api-client';

/** POST /notifications/email/test: one test message to each address (spec §7), comma-joined. */
export function sendTestEmail(emails: readonly string[]): Promise<SendTestEmailResult> {
  return apiClient.post<SendTestEmailResult>('/notifications/email/test', {
    body: { email: emails.join(', '), format: 'html', includeSmtpDetails: true },
  });
}
