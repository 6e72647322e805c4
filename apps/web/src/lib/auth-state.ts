import { AUTH_STATE_MAX_AGE_SECONDS } from '@camp/shared/rules';
import { useSyncExternalStore } from 'react';

/**
 * The session marker cookie of docs/product.md §4/§9: the server sets `auth_state=authenticated` while signed in and
 * deletes it on logout. Only that exact value counts as signed in.
 */
export const AUTH_STATE_COOKIE = 'auth_state';
export const AUTH_STATE_AUTHENTICATED = 'authenticated';

/** Event fired on window when sign-in or sign-out changes the cookie from inside this tab. */
export const AUTH_STATE_CHANGE_EVENT = 'camp:auth-state-change';

export function readCookie(name: string, cookieString: string = document.cookie): string | undefined {
  for (const part of cookieString.split(';')) {
    const separator = part.indexOf('=');
    if (separator === -1) continue;
    if (part.slice(0, separator).trim() !== name) continue;
    const value = part.slice(separator + 1).trim();
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return undefined;
}

export function isAuthenticated(cookieString: string = document.cookie): boolean {
  return readCookie(AUTH_STATE_COOKIE, cookieString) === AUTH_STATE_AUTHENTICATED;
}

/**
 * Sets the marker as the server does on sign-in (docs/product.md §9): 30 days, path /, SameSite=Lax, no Domain (so only
 * the current host gets it), and Secure when the page itself came over https. Over plain http a Secure cookie
 * would be dropped by the browser, so it is left off there (the server decides the same way; decision 005).
 */
export function setAuthStateCookie(): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie =
    `${AUTH_STATE_COOKIE}=${AUTH_STATE_AUTHENTICATED}; Max-Age=${AUTH_STATE_MAX_AGE_SECONDS}; Path=/; ` +
    `SameSite=Lax${secure}`;
}

/** Deletes the marker (sign-out, failed refresh). */
export function clearAuthStateCookie(): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${AUTH_STATE_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax${secure}`;
}

/** Call after anything in this tab signs in or out, so every `useIsAuthenticated` re-reads the cookie. */
export function notifyAuthStateChanged(): void {
  window.dispatchEvent(new Event(AUTH_STATE_CHANGE_EVENT));
}

// Cookies have no change event everywhere, so re-read when this tab is told, and when the user comes back to
// the tab (another tab may have signed in or out meanwhile).
function subscribe(onChange: () => void): () => void {
  window.addEventListener(AUTH_STATE_CHANGE_EVENT, onChange);
  window.addEventListener('focus', onChange);
  document.addEventListener('visibilitychange', onChange);
  return () => {
    window.removeEventListener(AUTH_STATE_CHANGE_EVENT, onChange);
    window.removeEventListener('focus', onChange);
    document.removeEventListener('visibilitychange', onChange);
  };
}

/** Whether the auth_state cookie says the user is signed in; re-renders when that changes. */
export function useIsAuthenticated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => isAuthenticated(),
    () => false,
  );
}
