import {
  applicationGate,
  type ApplicationGate,
  type MyApplicationState,
  roleNeedsApplication,
} from '@camp/shared/rules';
import { queryOptions, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useAuth } from '../../auth';
import { apiClient } from '../../../lib/api-client';
import { applicationKeys } from './query-keys';

// The applicant's side of application approval (docs/product.md §12 Application approval, decision 065).

/*
 * The header's Registration link reads this state on the first page, whose download holds no zod (decision 014):
 * the schema module comes with the first answer instead, as its own file, and checks it as every feature does.
 */
export const applicationSchemas = () => import('@camp/shared/applications');

/** GET /applications/me: the registration year, whether it requires applications, and the caller's application. */
export async function getMyApplicationState({
  signal,
}: { signal?: AbortSignal } = {}): Promise<MyApplicationState> {
  const [body, { MyApplicationStateSchema }] = await Promise.all([
    apiClient.get('/applications/me', { signal }),
    applicationSchemas(),
  ]);
  return MyApplicationStateSchema.parse(body);
}

export function myApplicationQueryOptions() {
  return queryOptions({
    queryKey: applicationKeys.mine(),
    queryFn: ({ signal }) => getMyApplicationState({ signal }),
    // A failed read is fetched again on request (Try again), not by every part that mounts: the dashboard waits
    // for it with a loader, and a new reader would put it back to pending, in a loop, while the server fails.
    retryOnMount: false,
  });
}

export function useMyApplication() {
  return useQuery(myApplicationQueryOptions());
}

export interface ApplicationGateState {
  /** 'clear' while unknown (loading, failed, signed out): the other rules decide and the server checks again. */
  gate: ApplicationGate;
  /** The state is still on its way for someone who may need to apply. */
  isLoading: boolean;
  state: MyApplicationState | undefined;
  /** Whether the person may need to apply at all (a participant, signed in): otherwise nothing is read. */
  enabled: boolean;
  /** The read itself, for its loading and failed states. */
  query: UseQueryResult<MyApplicationState>;
}

/**
 * The signed-in person's application gate for the availability rule. Staff and admins never apply, so their
 * state is not read at all.
 */
export function useApplicationGate(): ApplicationGateState {
  const { status, role } = useAuth();
  const enabled = status === 'authenticated' && role !== null && roleNeedsApplication(role);
  const query = useQuery({ ...myApplicationQueryOptions(), enabled });
  return {
    gate: enabled ? applicationGate(query.data) : 'clear',
    isLoading: status === 'loading' || (enabled && query.isPending),
    state: enabled ? query.data : undefined,
    enabled,
    query,
  };
}
