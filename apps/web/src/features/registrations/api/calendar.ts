import type { CalendarLinks } from '@camp/shared/rules';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { registrationKeys } from './query-keys';

// The person's calendar feed (docs/product.md §11 Calendar feed, decision 054): their links, the reset, and one
// shift's .ics file.

/** GET /calendar/me. */
export function myCalendarLinksQueryOptions() {
  return queryOptions({
    queryKey: registrationKeys.calendarMine(),
    queryFn: ({ signal }) => apiClient.get<CalendarLinks>('/calendar/me', { signal }),
  });
}

/** POST /calendar/me/reset: the new links replace the old ones in the cache at once. */
export function useResetCalendarLinks() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiClient.post<CalendarLinks>('/calendar/me/reset'),
    onSuccess: (links) => queryClient.setQueryData(registrationKeys.calendarMine(), links),
  });
}

/** GET /calendar/jobs/{id}.ics: the iCalendar text of one job's shift (signed in, so fetched, not linked). */
export function fetchShiftIcs(jobId: string): Promise<string> {
  return apiClient.get<string>(`/calendar/jobs/${encodeURIComponent(jobId)}.ics`, {
    headers: { Accept: 'text/calendar' },
  });
}
