import { errorMessageText } from '@camp/shared/rules';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hangingResponse, jsonResponse, mockFetch } from '../test/test-utils';
import {
  ApiError,
  apiClient,
  apiRequest,
  buildApiUrl,
  DEFAULT_TIMEOUT_MS,
  failureDetail,
  setAuthRefreshHandler,
} from './api-client';
import { ACCESS_TOKEN_STORAGE_KEY, setAccessToken } from './auth-token';

afterEach(() => {
  delete window.__APP_CONFIG__;
  setAuthRefreshHandler(null);
});

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

describe('requests', () => {
  it('sends to the runtime base URL with credentials, JSON and the stored bearer token', async () => {
    window.__APP_CONFIG__ = { apiBaseUrl: 'https://api.example.org/api/' };
    window.localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, 'token-123');
    const fetchMock = mockFetch(() => jsonResponse({ id: 'job-1' }));

    const result = await apiClient.patch<{ id: string }>('/jobs/job-1', {
      body: { name: 'Greeter' },
      query: { notify: true, skip: undefined, ids: ['a', 'b'] },
    });

    expect(result).toEqual({ id: 'job-1' });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('https://api.example.org/api/jobs/job-1?notify=true&ids=a&ids=b');
    expect(init?.method).toBe('PATCH');
    expect(init?.credentials).toBe('include');
    expect(init?.body).toBe('{"name":"Greeter"}');
    const headers = new Headers(init?.headers);
    expect(headers.get('Authorization')).toBe('Bearer token-123');
    expect(headers.get('Content-Type')).toBe('application/json');
  });

  it("uses '/api' when no runtime configuration is present and sends no token when none is stored", async () => {
    const fetchMock = mockFetch(() => jsonResponse({ ok: true }));
    await apiClient.get('/public/config');
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/public/config');
    expect(new Headers(init?.headers).has('Authorization')).toBe(false);
  });

  it('resolves undefined for an empty 204 answer', async () => {
    mockFetch(() => new Response(null, { status: 204 }));
    await expect(apiClient.delete('/jobs/1')).resolves.toBeUndefined();
  });

  it('builds URLs with the base and the query', () => {
    window.__APP_CONFIG__ = { apiBaseUrl: '/backend' };
    expect(buildApiUrl('shifts', { dayOfWeek: 'MONDAY', empty: null })).toBe(
      '/backend/shifts?dayOfWeek=MONDAY',
    );
  });
});

describe('errors', () => {
  it('turns an error body with a message text into an ApiError carrying it', async () => {
    mockFetch(() =>
      jsonResponse({ statusCode: 409, error: 'Conflict', message: 'Greeter is full' }, { status: 409 }),
    );
    const error = await rejection(apiClient.post('/registrations/camp', { body: {} }));
    expect(error.kind).toBe('http');
    expect(error.status).toBe(409);
    expect(error.serverMessage).toBe('Greeter is full');
    expect(error.message).toBe('Greeter is full');
    expect(error.body).toEqual({ statusCode: 409, error: 'Conflict', message: 'Greeter is full' });
  });

  it('keeps a list of messages as a list and joins it for the text', async () => {
    const body = {
      statusCode: 400,
      error: 'Bad Request',
      message: ['Name is required', 'Staff dues cannot be negative'],
    };
    mockFetch(() => jsonResponse(body, { status: 400 }));
    const error = await rejection(apiClient.post('/camping-options', { body: {} }));
    expect(error.serverMessage).toEqual(['Name is required', 'Staff dues cannot be negative']);
    expect(error.serverMessages).toEqual(['Name is required', 'Staff dues cannot be negative']);
    expect(error.message).toBe('Name is required, Staff dues cannot be negative');
  });

  it('describes an answer without a JSON body by its status', async () => {
    mockFetch(() => new Response('<html>Bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }));
    const error = await rejection(apiClient.get('/public/config'));
    expect(error.kind).toBe('http');
    expect(error.status).toBe(502);
    expect(error.serverMessage).toBeUndefined();
    expect(error.body).toBe('<html>Bad gateway</html>');
    expect(error.message).toBe('API Error (502): Bad Gateway');
  });

  it('reports a 2xx answer with broken JSON as an invalid response', async () => {
    mockFetch(
      () => new Response('{"half":', { status: 200, headers: { 'Content-Type': 'application/json' } }),
    );
    const error = await rejection(apiClient.get('/public/config'));
    expect(error.kind).toBe('invalid-response');
    expect(error.status).toBe(200);
  });

  it('turns a failed fetch into a network ApiError with status 0', async () => {
    const cause = new TypeError('Failed to fetch');
    mockFetch(() => {
      throw cause;
    });
    const error = await rejection(apiClient.get('/public/config'));
    expect(error.kind).toBe('network');
    expect(error.status).toBe(0);
    expect(error.cause).toBe(cause);
  });

  it('gives up after 10 s with a timeout ApiError', async () => {
    vi.useFakeTimers();
    mockFetch((_url, init) => hangingResponse(init));
    const pending = rejection(apiClient.get('/public/config'));
    await vi.advanceTimersByTimeAsync(DEFAULT_TIMEOUT_MS - 1);
    let settled = false;
    void pending.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await pending;
    expect(error.kind).toBe('timeout');
    expect(error.status).toBe(0);
  });

  it('honours a shorter time-out per call', async () => {
    vi.useFakeTimers();
    mockFetch((_url, init) => hangingResponse(init));
    const pending = rejection(apiClient.get('/auth/test', { timeoutMs: 5_000 }));
    await vi.advanceTimersByTimeAsync(5_000);
    expect((await pending).kind).toBe('timeout');
  });

  it("passes a caller's cancellation through instead of calling it a network failure", async () => {
    mockFetch((_url, init) => hangingResponse(init));
    const controller = new AbortController();
    const pending = apiRequest('/public/config', { signal: controller.signal });
    controller.abort(new DOMException('cancelled', 'AbortError'));
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('401 refresh hook', () => {
  const unauthorized = () =>
    jsonResponse({ statusCode: 401, error: 'Unauthorized', message: 'Unauthorized' }, { status: 401 });

  it('without a handler, a 401 is simply an ApiError', async () => {
    mockFetch(unauthorized);
    const error = await rejection(apiClient.get('/auth/profile'));
    expect(error.status).toBe(401);
  });

  it('runs one refresh for concurrent 401s and retries each call with the new token', async () => {
    setAccessToken('old');
    const fetchMock = mockFetch((_url, init) =>
      new Headers(init.headers).get('Authorization') === 'Bearer new'
        ? jsonResponse({ ok: true })
        : unauthorized(),
    );
    let release: (value: boolean) => void = () => {};
    const refresh = vi.fn(
      () =>
        new Promise<boolean>((resolve) => {
          release = (value) => {
            setAccessToken('new');
            resolve(value);
          };
        }),
    );
    setAuthRefreshHandler(refresh);

    const calls = [
      apiClient.get('/auth/profile'),
      apiClient.get('/registrations/me'),
      apiClient.get('/users'),
    ];
    await vi.waitFor(() => expect(refresh).toHaveBeenCalled());
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(3));
    release(true);

    await expect(Promise.all(calls)).resolves.toEqual([{ ok: true }, { ok: true }, { ok: true }]);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledTimes(6);
  });

  it('gives the 401 back when the refresh fails, without retrying', async () => {
    const fetchMock = mockFetch(unauthorized);
    setAuthRefreshHandler(() => Promise.resolve(false));
    const error = await rejection(apiClient.get('/auth/profile'));
    expect(error.status).toBe(401);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('leaves calls marked skipAuthRefresh alone', async () => {
    mockFetch(unauthorized);
    const refresh = vi.fn(() => Promise.resolve(true));
    setAuthRefreshHandler(refresh);
    await rejection(apiClient.post('/auth/login-with-code', { body: {}, skipAuthRefresh: true }));
    expect(refresh).not.toHaveBeenCalled();
  });

  it('retries without a new refresh when the token changed while the call was under way', async () => {
    setAccessToken('old');
    const fetchMock = mockFetch((_url, init) => {
      if (new Headers(init.headers).get('Authorization') === 'Bearer new') return jsonResponse({ ok: true });
      setAccessToken('new'); // another call's refresh finished meanwhile
      return unauthorized();
    });
    const refresh = vi.fn(() => Promise.resolve(true));
    setAuthRefreshHandler(refresh);
    await expect(apiClient.get('/auth/profile')).resolves.toEqual({ ok: true });
    expect(refresh).not.toHaveBeenCalled();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});

describe('failureDetail', () => {
  it("gives the server's message (a list joined), else the kind of failure, and nothing for other errors", () => {
    expect(failureDetail(new ApiError({ kind: 'http', status: 409, serverMessage: 'Dishes is full.' }))).toBe(
      'Dishes is full.',
    );
    expect(
      failureDetail(
        new ApiError({ kind: 'http', status: 400, serverMessage: ['Name is required', 'Too long'] }),
      ),
    ).toBe(errorMessageText(['Name is required', 'Too long']));
    expect(failureDetail(new ApiError({ kind: 'network', status: 0 }))).toBe('Network error');
    expect(failureDetail(new Error('boom'))).toBeUndefined();
  });
});
