import type { Role } from '@camp/shared/rules';
import type { AuthResponse } from '@camp/shared/auth';
import type { User } from '@camp/shared/users';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths, routePatterns } from '../../lib/paths';
import { isApiError, setAuthRefreshHandler } from '../../lib/api-client';
import {
  clearAuthStateCookie,
  notifyAuthStateChanged,
  setAuthStateCookie,
  useIsAuthenticated,
} from '../../lib/auth-state';
import { clearAccessToken, setAccessToken } from '../../lib/auth-token';
import { profileQueryOptions } from './api/get-profile';
import { logout } from './api/logout';
import { logoutAll } from './api/logout-all';
import { refreshSession } from './api/refresh-session';
import { AuthContext, type AuthContextValue, type AuthStatus } from './auth-context';
import { currentAppPath, isSessionQuery, PROFILE_FETCH_DELAY_MS } from './session';

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The session of docs/product.md §4: the access token in local storage, the auth_state cookie as the "signed in" marker,
 * and the user's profile from GET /auth/profile. It also answers the API client's 401s with one refresh
 * (the client makes concurrent 401s share it); when the refresh fails the user is signed out locally and
 * sent to /login with a returnTo of where they were. Must sit inside the router and the QueryClientProvider.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const signedIn = useIsAuthenticated();

  // Who just signed in, from the sign-in answer: lets guards decide at once, before the profile arrives.
  const [signInRole, setSignInRole] = useState<Role | null>(null);
  // docs/product.md §9 waits 500 ms after sign-in before fetching the profile; the query is held meanwhile.
  const [profileHeld, setProfileHeld] = useState(false);

  // Signed out (here or in another tab): forget who signed in. Adjusting state while rendering, as React
  // recommends for state derived from a changed value.
  const [wasSignedIn, setWasSignedIn] = useState(signedIn);
  if (wasSignedIn !== signedIn) {
    setWasSignedIn(signedIn);
    if (!signedIn) setSignInRole(null);
  }

  // Between Sign Out and arriving home. Navigation runs as a transition while the cookie change renders at
  // once, so without this the guard of the page being left would briefly see "signed out" and send the user
  // to /login?returnTo=… instead of home.
  const [signingOut, setSigningOut] = useState(false);
  const { pathname } = useLocation();
  if (signingOut && pathname === routePatterns.home) setSigningOut(false);

  const profile = useQuery({ ...profileQueryOptions(), enabled: signedIn && !profileHeld });

  useEffect(() => {
    // Another tab signed out: this tab's cached copies of the user's data go too.
    if (!signedIn) queryClient.removeQueries({ predicate: isSessionQuery });
  }, [signedIn, queryClient]);

  const clearSession = useCallback(() => {
    clearAccessToken();
    clearAuthStateCookie();
    setSignInRole(null);
    setProfileHeld(false);
    queryClient.removeQueries({ predicate: isSessionQuery });
    notifyAuthStateChanged();
  }, [queryClient]);

  const navigateRef = useRef(navigate);
  useEffect(() => {
    navigateRef.current = navigate;
  }, [navigate]);

  useEffect(
    () =>
      setAuthRefreshHandler(async () => {
        try {
          const auth = await refreshSession();
          setAccessToken(auth.accessToken);
          setAuthStateCookie();
          return true;
        } catch (error) {
          // Only the server saying no ends the session. Without an answer at all (offline, time-out) the
          // session may well be fine: the call fails as it is and the next one tries again.
          if (isApiError(error) && error.kind === 'http') {
            const returnTo = currentAppPath();
            clearSession();
            if (returnTo.split('?')[0] !== routePatterns.login) {
              navigateRef.current(paths.login({ returnTo }), { replace: true });
            }
          }
          return false;
        }
      }),
    [clearSession],
  );

  const signIn = useCallback(
    async (auth: AuthResponse): Promise<User | null> => {
      queryClient.removeQueries({ predicate: isSessionQuery });
      setAccessToken(auth.accessToken);
      setAuthStateCookie();
      setSignInRole(auth.role);
      setProfileHeld(true);
      setSigningOut(false);
      notifyAuthStateChanged();
      await delay(PROFILE_FETCH_DELAY_MS);
      try {
        return await queryClient.fetchQuery(profileQueryOptions());
      } catch {
        return null;
      } finally {
        setProfileHeld(false);
      }
    },
    [queryClient],
  );

  const signOut = useCallback(async () => {
    setSigningOut(true);
    try {
      await logout();
    } catch {
      // The server may be unreachable; this browser forgets the session all the same.
    }
    navigate(paths.home());
    clearSession();
  }, [navigate, clearSession]);

  const signOutEverywhere = useCallback(async () => {
    await logoutAll();
    setSigningOut(true);
    navigate(paths.home());
    clearSession();
  }, [navigate, clearSession]);

  const refreshProfile = useCallback(async (): Promise<User | null> => {
    try {
      return await queryClient.fetchQuery({ ...profileQueryOptions(), staleTime: 0 });
    } catch {
      return null;
    }
  }, [queryClient]);

  const user = signedIn ? (profile.data ?? null) : null;
  let status: AuthStatus;
  if (!signedIn) status = 'anonymous';
  // A profile that failed to load (server unreachable, say) still leaves the user signed in; screens that
  // need it say it could not be loaded.
  else if (user || signInRole || profile.isError) status = 'authenticated';
  else status = 'loading';
  const role = user?.role ?? (signedIn ? signInRole : null);

  const value = useMemo<AuthContextValue>(
    () => ({ status, user, role, signingOut, signIn, signOut, signOutEverywhere, refreshProfile }),
    [status, user, role, signingOut, signIn, signOut, signOutEverywhere, refreshProfile],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
