import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { isAuthenticated, notifyAuthStateChanged, readCookie, useIsAuthenticated } from './auth-state';

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
