import { useQueryClient } from '@tanstack/react-query';

/** Query keys of the work area. */
export const workKeys = {
  jobCategories: ['job-categories'] as const,
  jobs: ['jobs'] as const,
  shifts: ['shifts'] as const,
};

/**
 * Reloads the lists a change touches. Every work list is reloaded after any change: a job embeds its category
 * and shift, and a shift lists its jobs, so a change to one shows in the others.
 */
export function useInvalidateWork() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ predicate: (query) => isWorkKey(query.queryKey[0]) });
}

function isWorkKey(key: unknown): boolean {
  return key === workKeys.jobCategories[0] || key === workKeys.jobs[0] || key === workKeys.shifts[0];
}
