import type { AdminRegistrationList } from '@camp/shared/admin-registrations';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { adminRegistrationKeys, type AdminRegistrationFilters } from './query-keys';

/**
 * GET /admin/registrations?year&status&email&name&q&sort&order&page&limit: one page of everyone's
 * registrations in the order asked for (newest first by default), with the status counts. Blank texts are left
 * out.
 */
export function getAdminRegistrations(
  filters: AdminRegistrationFilters,
  { signal }: { signal?: AbortSignal } = {},
): Promise<AdminRegistrationList> {
  const text = (value: string | undefined) => (value?.trim() ? value.trim() : undefined);
  return apiClient.get<AdminRegistrationList>('/admin/registrations', {
    signal,
    query: {
      year: filters.year,
      status: filters.status,
      email: text(filters.email),
      name: text(filters.name),
      q: text(filters.q),
      sort: filters.sort,
      order: filters.order,
      page: filters.page,
      limit: filters.limit,
    },
  });
}

export function adminRegistrationsQueryOptions(filters: AdminRegistrationFilters) {
  return queryOptions({
    queryKey: adminRegistrationKeys.list(filters),
    queryFn: ({ signal }) => getAdminRegistrations(filters, { signal }),
    // Keep the last page on screen while the next filter's or page's runs, instead of flashing a loader.
    placeholderData: keepPreviousData,
    // People register and pay at any time: every visit asks again.
    staleTime: 0,
  });
}

export function useAdminRegistrations(filters: AdminRegistrationFilters) {
  return useQuery(adminRegistrationsQueryOptions(filters));
}
