import type { UserReport } from '@camp/shared/reports';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { reportKeys, type UserReportFilters } from './query-keys';

/** GET /reports/users?year&status&role&hasNoShows (staff, admin; decision 019). */
export function getUserReport(
  filters: UserReportFilters,
  { signal }: { signal?: AbortSignal } = {},
): Promise<UserReport> {
  return apiClient.get<UserReport>('/reports/users', {
    signal,
    query: {
      year: filters.year,
      status: filters.status,
      role: filters.role,
      hasNoShows: filters.hasNoShows,
    },
  });
}

export function userReportQueryOptions(filters: UserReportFilters) {
  return queryOptions({
    queryKey: reportKeys.users(filters),
    queryFn: ({ signal }) => getUserReport(filters, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useUserReport(filters: UserReportFilters) {
  return useQuery(userReportQueryOptions(filters));
}
