import { defaultPublicConfig, type PublicConfig } from '@camp/shared';
import { QueryClient } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { vi } from 'vitest';
import { AppProviders } from '../app/providers';
import { QUERY_STALE_TIME_MS } from '../lib/query-client';

/** A client like the app's, but without the retry, so a failing query settles at once in tests. */
export function createTestQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: QUERY_STALE_TIME_MS, retry: false },
      mutations: { retry: false },
    },
  });
}

export function renderWithProviders(ui: ReactElement, queryClient = createTestQueryClient()): RenderResult {
  return render(<AppProviders queryClient={queryClient}>{ui}</AppProviders>);
}

export function jsonResponse(body: unknown, init: ResponseInit = {}): Response {
  return new Response(JSON.stringify(body), {
    status: 200,
    ...init,
    headers: { 'Content-Type': 'application/json; charset=utf-8', ...init.headers },
  });
}

export type FetchHandler = (url: string, init: RequestInit) => Response | Promise<Response>;

/** Replaces global fetch; the handler sees the URL as a string. Returns the mock for call assertions. */
export function mockFetch(handler: FetchHandler) {
  const mock = vi.fn((input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    return Promise.resolve().then(() => handler(url, init));
  });
  vi.stubGlobal('fetch', mock);
  return mock;
}

/** A fetch that never answers until the request is aborted (time-out tests). */
export function hangingResponse(init: RequestInit): Promise<Response> {
  return new Promise((_resolve, reject) => {
    const abort = () => reject(new DOMException('The operation was aborted.', 'AbortError'));
    if (init.signal?.aborted) abort();
    else init.signal?.addEventListener('abort', abort);
  });
}

export function testConfig(overrides: Partial<PublicConfig> = {}): PublicConfig {
  return {
    ...defaultPublicConfig(new Date('2026-03-01T00:00:00Z')),
    id: 'cfg-1',
    campName: 'Camp Dusty Gulch',
    campDescription: '<p>A <strong>shady</strong> camp on the 9 o’clock side.</p>',
    homePageBlurb: '<h2>Welcome home, dusty people</h2><p>Registration opens soon.</p>',
    registrationYear: 2026,
    ...overrides,
  };
}

/** The standard API of these tests: /auth/test answers 401 (signed out), /public/config the given config. */
export function mockApi(config: PublicConfig | (() => Response) = testConfig()) {
  return mockFetch((url) => {
    if (url.endsWith('/auth/test')) {
      return jsonResponse(
        { statusCode: 401, error: 'Unauthorized', message: 'Unauthorized' },
        { status: 401 },
      );
    }
    if (url.endsWith('/public/config')) return typeof config === 'function' ? config() : jsonResponse(config);
    return jsonResponse({ statusCode: 404, error: 'Not Found', message: 'Not Found' }, { status: 404 });
  });
}
