import type { CampingOption } from '@camp/shared/camping-options';
import type {
  CampRegistration,
  Registration,
  RegistrationSubmission,
  SubmitRegistrationResponse,
} from '@camp/shared/registrations';
import type { Job, JobCategory } from '@camp/shared/work';
import { queryOptions } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/**
 * The calls of the registration wizard, the dashboard and /shifts (spec §7). Keys live under 'auth' where
 * the answer belongs to the signed-in person, so signing out forgets them with the session.
 */
export const registrationKeys = {
  mine: ['auth', 'registrations', 'me'] as const,
  camp: ['auth', 'registrations', 'camp', 'me'] as const,
  // What a person may choose depends on their role (staff-only work): also per session.
  options: ['auth', 'registration-catalog', 'camping-options'] as const,
  categories: ['auth', 'registration-catalog', 'job-categories'] as const,
  jobs: ['auth', 'registration-catalog', 'jobs'] as const,
  catalog: ['auth', 'registration-catalog'] as const,
};

/** GET /registrations/me: the caller's registrations, newest year first. */
export const myRegistrationsQueryOptions = () =>
  queryOptions({
    queryKey: registrationKeys.mine,
    queryFn: ({ signal }) => apiClient.get<Registration[]>('/registrations/me', { signal }),
  });

/** GET /registrations/camp/me: options and custom field answers of the current registration. */
export const campRegistrationQueryOptions = () =>
  queryOptions({
    queryKey: registrationKeys.camp,
    queryFn: ({ signal }) => apiClient.get<CampRegistration>('/registrations/camp/me', { signal }),
  });

/** GET /camping-options: the enabled options with their fields and availability. */
export const campingOptionsQueryOptions = () =>
  queryOptions({
    queryKey: registrationKeys.options,
    queryFn: ({ signal }) => apiClient.get<CampingOption[]>('/camping-options', { signal }),
    staleTime: 0,
  });

/** GET /job-categories (staff-only ones for staff and admins). */
export const jobCategoriesQueryOptions = () =>
  queryOptions({
    queryKey: registrationKeys.categories,
    queryFn: ({ signal }) => apiClient.get<JobCategory[]>('/job-categories', { signal }),
  });

/** GET /jobs: every job the caller may see, with its shift and category. */
export const jobsQueryOptions = () =>
  queryOptions({
    queryKey: registrationKeys.jobs,
    queryFn: ({ signal }) => apiClient.get<Job[]>('/jobs', { signal }),
    staleTime: 0,
  });

/** POST /registrations/camp: creates the registration; the server computes the dues. */
export function submitRegistration(payload: RegistrationSubmission): Promise<SubmitRegistrationResponse> {
  return apiClient.post<SubmitRegistrationResponse>('/registrations/camp', { body: payload });
}
