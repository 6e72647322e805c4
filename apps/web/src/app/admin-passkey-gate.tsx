import { adminPasskeyRequired, dateInZone, formatPasskeyDay, PASSKEY_TEXTS } from '@camp/shared/rules';
import { Alert, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useAuth } from '../features/auth';
import { usePublicConfig } from '../features/config';
import { apiClient } from '../lib/api-client';
import { paths } from '../lib/paths';

/**
 * The query of the caller's passkey count: under the users feature's key of their passkeys ('users', 'passkeys',
 * 'mine'), so adding or removing one there refreshes it too.
 */
const PASSKEY_COUNT_KEY = ['users', 'passkeys', 'mine', 'count'] as const;

/** How many passkeys the signed-in person has (a light read of GET /passkeys: the admin screens wait for it). */
function usePasskeyCount(enabled: boolean) {
  return useQuery({
    queryKey: PASSKEY_COUNT_KEY,
    queryFn: async ({ signal }) => {
      const body = await apiClient.get('/passkeys', { signal });
      return Array.isArray(body) ? body.length : 0;
    },
    enabled,
  });
}

/**
 * The admin passkey requirement on admin screens (docs/product.md §12 Passkeys). When Site Configuration sets a day,
 * an admin without a passkey sees a notice before it, and from it on is sent to their profile to add one (the
 * server refuses the admin routes then anyway). Other people, and admins with a passkey, see the screen as it is.
 */
export function AdminPasskeyGate({ children }: { children: ReactNode }) {
  const { role } = useAuth();
  const { config } = usePublicConfig();
  const requiredFrom = config.adminPasskeysRequiredFrom;
  const applies = role === 'ADMIN' && requiredFrom !== null;
  const count = usePasskeyCount(applies);
  if (!applies || count.data === undefined || count.data > 0) return children;
  if (adminPasskeyRequired(requiredFrom, dateInZone(new Date(), config.timeZone))) {
    return <Navigate to={paths.profile()} replace />;
  }
  return (
    <Stack gap="md">
      <Alert color="yellow" variant="light" role="status">
        {PASSKEY_TEXTS.adminNotice(formatPasskeyDay(requiredFrom))}
      </Alert>
      {children}
    </Stack>
  );
}
