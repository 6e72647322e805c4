import { TEST_EMAIL_HISTORY_DEFAULT_LIMIT } from '@camp/shared/rules';
import type { TestEmailHistory, TestEmailRecord } from '@camp/shared/notifications';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { configKeys } from './query-keys';

/** GET /notifications/email/test/history?limit=10: the newest test e-mails first. */
export async function getTestEmailHistory({ signal }: { signal?: AbortSignal } = {}): Promise<
  TestEmailRecord[]
> {
  const body = await apiClient.get<TestEmailHistory>('/notifications/email/test/history', {
    signal,
    query: { limit: TEST_EMAIL_HISTORY_DEFAULT_LIMIT },
  });
  return body.testEmails;
}

export function testEmailHistoryQueryOptions() {
  return queryOptions({
    queryKey: configKeys.testEmailHistory(),
    queryFn: ({ signal }) => getTestEmailHistory({ signal }),
    staleTime: 0,
  });
}

export function useTestEmailHistory() {
  return useQuery(testEmailHistoryQueryOptions());
}
