import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { paths } from '../../app/paths';
import { PageLoader } from '../../components/page-loader';
import { AUTH_LOADING_TEXT, useAuth } from '../auth';
import { usePublicConfig } from '../config';
import { isRegistrationOpenFor } from './registration-access';

/**
 * Spec §2: /registration also needs registration to be open for the user; otherwise the dashboard.
 * Sits inside the signed-in guard, so the user is signed in here.
 */
export function RegistrationGate({ children }: { children: ReactNode }) {
  const { config, isLoading } = usePublicConfig();
  const { user } = useAuth();
  if (isLoading) return <PageLoader label={AUTH_LOADING_TEXT} />;
  if (isRegistrationOpenFor(config, user)) return children;
  // Early registration depends on the user's own flag: wait for the profile before deciding.
  if (config.earlyRegistrationOpen && !user) return <PageLoader label={AUTH_LOADING_TEXT} />;
  return <Navigate to={paths.dashboard()} replace />;
}
