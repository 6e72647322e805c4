import { useQueryClient } from '@tanstack/react-query';

/** Query keys of the camping-options area; everything starts with 'camping-options'. */
export const campingOptionKeys = {
  all: () => ['camping-options'] as const,
  list: ({ includeDisabled }: { includeDisabled: boolean }) =>
    ['camping-options', 'list', { includeDisabled }] as const,
  detail: (id: string) => ['camping-options', 'detail', id] as const,
  fields: (optionId: string) => ['camping-options', 'fields', optionId] as const,
};

/** Reloads every camping-option query: an option embeds its fields, and lists show both. */
export function useInvalidateCampingOptions() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: campingOptionKeys.all() });
}
