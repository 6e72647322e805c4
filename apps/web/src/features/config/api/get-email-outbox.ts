import type { EmailOutboxList, EmailOutboxStatus } from '@camp/shared/outbox';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** What GET /admin/email-outbox is asked for: a status (else all), the page from 1, the page size. */
export interface EmailOutboxQuery {
  status?: EmailOutboxStatus;
  page?: number;
  limit?: number;
}

/** Query keys of the outgoing e-mail (the outbox): under the config area's 'config'. */
export const emailOutboxKeys = {
  all: () => ['config', 'email-outbox'] as const,
  list: (query: EmailOutboxQuery) => ['config', 'email-outbox', query] as const,
};

/** GET /admin/email-outbox: one page of outgoing mail, newest first, with the counts of each status. */
export function getEmailOutbox(
  query: EmailOutboxQuery = {},
  { signal }: { signal?: AbortSignal } = {},
): Promise<EmailOutboxList> {
  return apiClient.get<EmailOutboxList>('/admin/email-outbox', {
    signal,
    query: { status: query.status, page: query.page, limit: query.limit },
  });
}

export function emailOutboxQueryOptions(query: EmailOutboxQuery = {}) {
  return queryOptions({
    queryKey: emailOutboxKeys.list(query),
    queryFn: ({ signal }) => getEmailOutbox(query, { signal }),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

export function useEmailOutbox(query: EmailOutboxQuery = {}, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...emailOutboxQueryOptions(query), enabled });
}
