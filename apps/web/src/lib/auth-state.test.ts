import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  clearAuthStateCookie,
  isAuthenticated,
  notifyAuthStateChanged,
  readCookie,
  setAuthStateCookie,
  useIsAuthenticated,
} from './auth-state';

describe('auth_state cookie', () => {
  it('counts as signed in only for the exact value "authenticated"', () => {
    expect(isAuthenticated('auth_state=authenticated')).toBe(true);
    expect(isAuthenticated('theme=dark; auth_state=authenticated; other=1')).toBe(true);
    expect(isAuthenticated('')).toBe(false);
    expect(isAuthenticated('auth_state=')).toBe(false);
    expect(isAuthenticated('auth_state=Authenticated')).toBe(false);
    expect(isAuthenticated('auth_state=authenticated-not')).toBe(false);
    expect(isAuthenticated('x_auth_state=authenticated')).toBe(false);
  });

  it('reads cookie values, decoding them', () => {
    expect(readCookie('a', 'a=1%202; b=3')).toBe('1 2');
    expect(readCookie('b', 'a=1%202; b=3')).toBe('3');
    expect(readCookie('c', 'a=1')).toBeUndefined();
  });

  it('re-reads the cookie when told that the state changed', () => {
    const { result } = renderHook(() => useIsAuthenticated());
    expect(result.current).toBe(false);
    document.cookie = 'auth_state=authenticated; path=/';
    act(() => notifyAuthStateChanged());
    expect(result.current).toBe(true);
  });
});

describe('setting and clearing the marker (docs/product.md §9)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('marks this browser signed in, and signed out again', () => {
    setAuthStateCookie();
    expect(readCookie('auth_state')).toBe('authenticated');
    expect(isAuthenticated()).toBe(true);
    clearAuthStateCookie();
    expect(isAuthenticated()).toBe(false);
  });

  function cookieWrites() {
    const writes: string[] = [];
    vi.spyOn(document, 'cookie', 'set').mockImplementation((value: string) => {
      writes.push(value);
    });
    return writes;
  }

  it('sets it for 30 days, path /, SameSite=Lax and host-only; clears it with the same attributes', () => {
    const writes = cookieWrites();
    setAuthStateCookie();
    clearAuthStateCookie();
    expect(writes).toEqual([
      'auth_state=authenticated; Max-Age=2592000; Path=/; SameSite=Lax',
      'auth_state=; Max-Age=0; Path=/; SameSite=Lax',
    ]);
  });

  it('adds Secure when the page came over https', () => {
    const writes = cookieWrites();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, protocol: 'https:' });
    setAuthStateCookie();
    clearAuthStateCookie();
    expect(writes).toEqual([
      'auth_state=authenticated; Max-Age=2592000; Path=/; SameSite=Lax; Secure',
      'auth_state=; Max-Age=0; Path=/; SameSite=Lax; Secure',
    ]);
  });
});
