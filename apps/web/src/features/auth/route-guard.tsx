import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { paths, type RouteAccess } from '../../lib/paths';
import { PageLoader } from '../../components/page-loader';
import { roleMeetsAccess } from './access';
import { useAuth } from './auth-context';

/** docs/product.md §2: shown while authentication is loading. */
export const AUTH_LOADING_TEXT = 'Loading...';

export interface RouteGuardProps {
  access: RouteAccess;
  children: ReactNode;
}

/**
 * The guards of docs/product.md §2 for one route (the router passes `routeAccess[name]`):
 * - while authentication is loading: 'Loading...';
 * - not signed in on a protected route: /login?returnTo={path and query};
 * - signed in without the role: the dashboard.
 */
export function RouteGuard({ access, children }: RouteGuardProps) {
  const { status, role, signingOut } = useAuth();
  const location = useLocation();

  if (access === 'public') return children;
  if (status === 'loading') return <PageLoader label={AUTH_LOADING_TEXT} />;
  if (status === 'anonymous') {
    if (signingOut) return null;
    return <Navigate to={paths.login({ returnTo: `${location.pathname}${location.search}` })} replace />;
  }
  if (!roleMeetsAccess(role, access)) return <Navigate to={paths.dashboard()} replace />;
  return children;
}
