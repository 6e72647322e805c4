import type { Registration } from '@camp/shared/registrations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { registrationKeys } from './query-keys';

/** GET /registrations/me: the caller's registrations, newest year first. */
export function getMyRegistrations(signal?: AbortSignal): Promise<Registration[]> {
  return apiClient.get<Registration[]>('/registrations/me', { signal });
}

export const myRegistrationsQueryOptions = () =>
  queryOptions({ queryKey: registrationKeys.mine(), queryFn: ({ signal }) => getMyRegistrations(signal) });

export function useMyRegistrations() {
  return useQuery(myRegistrationsQueryOptions());
}
