import type { RegistrationReport } from '@camp/shared/reports';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { reportKeys, type RegistrationReportFilters } from './query-keys';

/** GET /reports/registrations?year&status&campingOptionId (staff, admin; decision 019). */
export function getRegistrationReport(
  filters: RegistrationReportFilters,
  { signal }: { signal?: AbortSignal } = {},
): Promise<RegistrationReport> {
  return apiClient.get<RegistrationReport>('/reports/registrations', {
    signal,
    query: { year: filters.year, status: filters.status, campingOptionId: filters.campingOptionId },
  });
}

export function registrationReportQueryOptions(filters: RegistrationReportFilters) {
  return queryOptions({
    queryKey: reportKeys.registrations(filters),
    queryFn: ({ signal }) => getRegistrationReport(filters, { signal }),
    // The last report stays on screen while the next filter's loads.
    placeholderData: keepPreviousData,
    // A report is read to see what is true now: every visit asks again.
    staleTime: 0,
  });
}

export function useRegistrationReport(filters: RegistrationReportFilters) {
  return useQuery(registrationReportQueryOptions(filters));
}
