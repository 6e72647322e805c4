import type { Attendance } from '@camp/shared/rules';
import type {
  CheckInCounts,
  CheckInPerson,
  CheckInShiftDetail,
  CheckInShiftList,
} from '@camp/shared/check-in';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

// Check-in (docs/product.md §11 Check-in, decision 058): the shifts, one shift's people, and a mark.

export const checkInKeys = {
  all: () => ['check-in'] as const,
  shifts: () => ['check-in', 'shifts'] as const,
  shift: (id: string) => ['check-in', 'shift', id] as const,
};

/** GET /check-in/shifts (staff, admin). */
export function checkInShiftsQueryOptions() {
  return queryOptions({
    queryKey: checkInKeys.shifts(),
    queryFn: ({ signal }) => apiClient.get<CheckInShiftList>('/check-in/shifts', { signal }),
  });
}

export const useCheckInShifts = () => useQuery(checkInShiftsQueryOptions());

/** GET /check-in/shifts/{id} (staff, admin). */
export function useCheckInShift(id: string | null) {
  return useQuery({
    queryKey: checkInKeys.shift(id ?? ''),
    queryFn: ({ signal }) =>
      apiClient.get<CheckInShiftDetail>(`/check-in/shifts/${encodeURIComponent(id ?? '')}`, { signal }),
    enabled: id !== null,
  });
}

/** PUT /check-in/people/{id}: SHOWED, NO_SHOW or null (clears). */
export function markAttendance(id: string, attendance: Attendance | null): Promise<CheckInPerson> {
  return apiClient.put<CheckInPerson>(`/check-in/people/${encodeURIComponent(id)}`, {
    body: { attendance },
  });
}

function countsOf(people: readonly Pick<CheckInPerson, 'attendance'>[]): CheckInCounts {
  const shows = people.filter((person) => person.attendance === 'SHOWED').length;
  const noShows = people.filter((person) => person.attendance === 'NO_SHOW').length;
  return { people: people.length, shows, noShows, unmarked: people.length - shows - noShows };
}

/** The shift's answer with one person's mark changed and every count made again from the people. */
export function withMark(
  detail: CheckInShiftDetail,
  personId: string,
  attendance: Attendance | null,
): CheckInShiftDetail {
  const people = detail.people.map((person) => (person.id === personId ? { ...person, attendance } : person));
  return {
    shift: { ...detail.shift, counts: countsOf(people) },
    jobs: detail.jobs.map((job) => ({
      ...job,
      counts: countsOf(people.filter((person) => person.job.id === job.id)),
    })),
    people,
  };
}

/**
 * A mark, shown at once (optimistic) and rolled back when the server refuses it; `onFailed` then tells the
 * person. The shift and the list of shifts are read again afterwards.
 */
export function useMarkAttendance(shiftId: string, onFailed: (error: unknown) => void) {
  const queryClient = useQueryClient();
  const key = checkInKeys.shift(shiftId);
  return useMutation({
    mutationFn: ({ personId, attendance }: { personId: string; attendance: Attendance | null }) =>
      markAttendance(personId, attendance),
    onMutate: async ({ personId, attendance }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<CheckInShiftDetail>(key);
      const previous = before?.people.find((person) => person.id === personId);
      if (before) queryClient.setQueryData(key, withMark(before, personId, attendance));
      return { previous };
    },
    onError: (error, { personId }, context) => {
      // Only this person's mark goes back: another mark made meanwhile stays.
      const current = queryClient.getQueryData<CheckInShiftDetail>(key);
      if (current && context?.previous)
        queryClient.setQueryData(key, {
          ...withMark(current, personId, context.previous.attendance),
          people: current.people.map((row) => (row.id === personId ? context.previous! : row)),
        });
      onFailed(error);
    },
    onSuccess: (person) => {
      const current = queryClient.getQueryData<CheckInShiftDetail>(key);
      if (current)
        queryClient.setQueryData(key, {
          ...withMark(current, person.id, person.attendance),
          people: current.people.map((row) => (row.id === person.id ? person : row)),
        });
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: checkInKeys.shifts() });
    },
  });
}
