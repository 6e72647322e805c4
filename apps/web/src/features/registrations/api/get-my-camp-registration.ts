import type { CampRegistration } from '@camp/shared/registrations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { registrationKeys } from './query-keys';

/** GET /registrations/camp/me: options and custom field answers of the current registration. */
export function getMyCampRegistration(signal?: AbortSignal): Promise<CampRegistration> {
  return apiClient.get<CampRegistration>('/registrations/camp/me', { signal });
}

export const myCampRegistrationQueryOptions = () =>
  queryOptions({
    queryKey: registrationKeys.campMine(),
    queryFn: ({ signal }) => getMyCampRegistration(signal),
  });

export function useMyCampRegistration({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...myCampRegistrationQueryOptions(), enabled });
}
