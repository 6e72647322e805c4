import type { JobCategory } from '@camp/shared/work';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { workKeys } from './query-keys';

/** GET /job-categories: every category the caller may see, by name. */
export function getJobCategories(signal?: AbortSignal): Promise<JobCategory[]> {
  return apiClient.get<JobCategory[]>('/job-categories', { signal });
}

export const jobCategoriesQueryOptions = () =>
  queryOptions({ queryKey: workKeys.jobCategories(), queryFn: ({ signal }) => getJobCategories(signal) });

export function useJobCategories() {
  return useQuery(jobCategoriesQueryOptions());
}
