import { afterEach, describe, expect, it } from 'vitest';
import { getRuntimeConfig } from './runtime-config';

afterEach(() => {
  delete window.__APP_CONFIG__;
});

describe('runtime configuration', () => {
  it("defaults to '/api'", () => {
    expect(getRuntimeConfig()).toEqual({ apiBaseUrl: '/api' });
  });

  it('reads window.__APP_CONFIG__ and drops a trailing slash', () => {
    window.__APP_CONFIG__ = { apiBaseUrl: 'https://api.example.org/api/' };
    expect(getRuntimeConfig().apiBaseUrl).toBe('https://api.example.org/api');
  });

  it('ignores a blank or non-text base URL', () => {
    window.__APP_CONFIG__ = { apiBaseUrl: '  ' };
    expect(getRuntimeConfig().apiBaseUrl).toBe('/api');
  });
});
