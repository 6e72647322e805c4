import { renderHook, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { createTestQueryClient, jsonResponse, mockFetch, testConfig } from '../../../test/test-utils';
import {
  CONFIG_FALLBACK_ERROR,
  CONFIG_NETWORK_ERROR,
  InvalidPublicConfigError,
  publicConfigErrorMessage,
  usePublicConfig,
} from './get-public-config';

function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={createTestQueryClient()}>{children}</QueryClientProvider>;
}

describe('publicConfigErrorMessage (docs/product.md §8 Configuration)', () => {
  it('names a network failure or time-out', () => {
    expect(publicConfigErrorMessage(new ApiError({ kind: 'network', status: 0 }))).toBe(
      'Cannot connect to API server - please check network connection or server status',
    );
    expect(publicConfigErrorMessage(new ApiError({ kind: 'timeout', status: 0 }))).toBe(CONFIG_NETWORK_ERROR);
  });

  it("uses the server's message, a list joined", () => {
    expect(
      publicConfigErrorMessage(
        new ApiError({ kind: 'http', status: 503, serverMessage: 'Database unavailable' }),
      ),
    ).toBe('Database unavailable');
    expect(
      publicConfigErrorMessage(new ApiError({ kind: 'http', status: 400, serverMessage: ['a', 'b'] })),
    ).toBe('a, b');
  });

  it("says 'API Error ({status}): {text}' without a server message", () => {
    expect(
      publicConfigErrorMessage(new ApiError({ kind: 'http', status: 502, statusText: 'Bad Gateway' })),
    ).toBe('API Error (502): Bad Gateway');
    expect(
      publicConfigErrorMessage(new ApiError({ kind: 'http', status: 500, body: 'upstream failed' })),
    ).toBe('API Error (500): upstream failed');
  });

  it("falls back to 'Failed to fetch configuration'", () => {
    expect(publicConfigErrorMessage(new InvalidPublicConfigError('bad shape'))).toBe(
      'Failed to fetch configuration',
    );
    expect(publicConfigErrorMessage(new ApiError({ kind: 'invalid-response', status: 200 }))).toBe(
      CONFIG_FALLBACK_ERROR,
    );
  });
});

describe('usePublicConfig', () => {
  it('loads GET {apiBaseUrl}/public/config', async () => {
    const config = testConfig();
    const fetchMock = mockFetch(() => jsonResponse(config));
    const { result } = renderHook(() => usePublicConfig(), { wrapper });
    expect(result.current.isLoading).toBe(true);
    await waitFor(() => expect(result.current.isLoading).toBe(false));
    expect(result.current.config).toEqual(config);
    expect(result.current.error).toBeNull();
    expect(result.current.isFallback).toBe(false);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/public/config');
  });

  it('uses the default configuration and keeps the error when the fetch fails', async () => {
    mockFetch(() =>
      jsonResponse(
        { statusCode: 500, error: 'Internal Server Error', message: 'Internal Server Error' },
        { status: 500 },
      ),
    );
    const { result } = renderHook(() => usePublicConfig(), { wrapper });
    await waitFor(() => expect(result.current.isLoading).toBe(false));
    expect(result.current.isFallback).toBe(true);
    expect(result.current.config.campName).toBe('Camp Registration');
    expect(result.current.config.homePageBlurb).toContain('Welcome');
    expect(result.current.error).toBe('Internal Server Error');
  });

  it("reports an answer of the wrong shape as 'Failed to fetch configuration'", async () => {
    mockFetch(() => jsonResponse({ campName: 'Half a config' }));
    const { result } = renderHook(() => usePublicConfig(), { wrapper });
    await waitFor(() => expect(result.current.error).toBe('Failed to fetch configuration'));
    expect(result.current.isFallback).toBe(true);
  });
});
