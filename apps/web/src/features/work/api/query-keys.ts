import { useQueryClient } from '@tanstack/react-query';

/** Query keys of the work area; everything starts with 'work'. */
export const workKeys = {
  all: () => ['work'] as const,
  jobCategories: () => ['work', 'job-categories'] as const,
  jobs: () => ['work', 'jobs'] as const,
  shifts: () => ['work', 'shifts'] as const,
  /** Admin → Shifts' "Overlapping assignments" (docs/product.md §11). */
  shiftOverlaps: () => ['work', 'shift-overlaps'] as const,
};

/**
 * Reloads every work list after any change: a job embeds its category and shift, and a shift lists its jobs,
 * so a change to one shows in the others.
 */
export function useInvalidateWork() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: workKeys.all() });
}
