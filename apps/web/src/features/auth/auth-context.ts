import type { Role } from '@camp/shared/rules';
import type { AuthResponse } from '@camp/shared/auth';
import type { User } from '@camp/shared/users';
import { createContext, useContext } from 'react';

/**
 * - `loading`: the auth_state cookie says signed in, but who it is (the profile) has not arrived yet.
 * - `authenticated`: signed in; `user` holds the profile once it has loaded, `role` is known.
 * - `anonymous`: not signed in.
 */
export type AuthStatus = 'loading' | 'authenticated' | 'anonymous';

export interface AuthContextValue {
  status: AuthStatus;
  /** The signed-in user's own record (GET /auth/profile); null while it loads, when signed out, or on failure. */
  user: User | null;
  /** Upper case as the API sends it; known from the sign-in answer even before the profile arrives. */
  role: Role | null;
  /** True from Sign Out until the home page shows: guards then wait instead of sending the user to login. */
  signingOut: boolean;
  /**
   * Starts the session of a sign-in answer: stores the token, sets the auth_state cookie, and loads the
   * profile 500 ms later (docs/product.md §9). Resolves with the profile, or null if it could not be loaded.
   */
  signIn: (auth: AuthResponse) => Promise<User | null>;
  /** POST /auth/logout, forgets the token, cookie and the user's cached data, and goes home. */
  signOut: () => Promise<void>;
  /**
   * POST /auth/logout-all: ends every session of the user (all devices), then signs out here as signOut does.
   * Rejects, changing nothing here, when the server did not end them.
   */
  signOutEverywhere: () => Promise<void>;
  /** Loads the profile again (after it changed); resolves with it, or null on failure. */
  refreshProfile: () => Promise<User | null>;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}
