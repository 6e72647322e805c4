import type { SmtpConnectionResult, TestSmtpConnectionInput } from '@camp/shared/notifications';
import { apiClient } from '../../../lib/api-client';

/**
 * POST /notifications/email/test-connection with the settings as they stand in the form (saved or not).
 * A refused connection is an answer (success false), not an error. The server allows 10 s for the attempt,
 * so the call itself gets a little longer than the usual time-out.
 */
export function testSmtpConnection(input: TestSmtpConnectionInput): Promise<SmtpConnectionResult> {
  return apiClient.post<SmtpConnectionResult>('/notifications/email/test-connection', {
    body: input,
    timeoutMs: 15_000,
  });
}
