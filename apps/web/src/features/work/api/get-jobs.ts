import { jobIsActive } from '@camp/shared/rules';
import type { Job } from '@camp/shared/work';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { workKeys } from './query-keys';

/** GET /jobs: every job with its category and shift, in shift order. */
export function getJobs(signal?: AbortSignal): Promise<Job[]> {
  return apiClient.get<Job[]>('/jobs', { signal });
}

// Places left change as others register: every screen that opens asks again.
export const jobsQueryOptions = () =>
  queryOptions({ queryKey: workKeys.jobs(), queryFn: ({ signal }) => getJobs(signal), staleTime: 0 });

/**
 * The jobs that take new people (docs/product.md §11 "Retired jobs and shifts"): what the wizard and /shifts offer.
 * The server already leaves retired work out for everyone but admins; this keeps an admin's own sign-up the same.
 */
export const openJobsQueryOptions = () =>
  queryOptions({ ...jobsQueryOptions(), select: (jobs: Job[]) => jobs.filter(jobIsActive) });

export function useJobs() {
  return useQuery(jobsQueryOptions());
}
