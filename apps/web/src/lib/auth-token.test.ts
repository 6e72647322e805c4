import { describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_STORAGE_KEY, clearAccessToken, getAccessToken, setAccessToken } from './auth-token';

describe('access token storage', () => {
  it('keeps the token in local storage under the product key', () => {
    expect(ACCESS_TOKEN_STORAGE_KEY).toBe('campRegistration.accessToken');
    expect(getAccessToken()).toBeNull();
    setAccessToken('abc');
    expect(window.localStorage.getItem('campRegistration.accessToken')).toBe('abc');
    expect(getAccessToken()).toBe('abc');
    clearAccessToken();
    expect(getAccessToken()).toBeNull();
  });
});
