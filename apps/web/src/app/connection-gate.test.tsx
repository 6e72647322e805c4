import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { hangingResponse, jsonResponse, mockFetch, renderWithProviders } from '../test/test-utils';
import {
  CONNECTION_CHECK_INTERVAL_MS,
  CONNECTION_CHECK_TIMEOUT_MS,
  CONNECTION_MAX_AGE_MS,
  ConnectionGate,
} from './connection-gate';
import { vi } from 'vitest';
import { setAccessToken } from '../lib/auth-token';

const unauthorized = () =>
  jsonResponse({ statusCode: 401, error: 'Unauthorized', message: 'Unauthorized' }, { status: 401 });

function renderGate() {
  return renderWithProviders(
    <ConnectionGate>
      <p>App content</p>
    </ConnectionGate>,
  );
}

describe('ConnectionGate', () => {
  it("shows 'Connecting to API...' until GET /api/auth/test answers, for a browser holding a session", async () => {
    setAccessToken('token-1');
    let answer: (response: Response) => void = () => {};
    const fetchMock = mockFetch(() => new Promise<Response>((resolve) => (answer = resolve)));
    renderGate();
    expect(screen.getByText('Connecting to API...')).toBeInTheDocument();
    expect(screen.queryByText('App content')).not.toBeInTheDocument();
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/auth/test');
    act(() => answer(jsonResponse({ message: 'Authentication is working' })));
    expect(await screen.findByText('App content')).toBeInTheDocument();
  });

  it('asks GET /api/health when signed out, so no 401 is logged in the console', async () => {
    const fetchMock = mockFetch(() => jsonResponse({ status: 'ok', database: 'pglite', uptimeSeconds: 3 }));
    renderGate();
    expect(await screen.findByText('App content')).toBeInTheDocument();
    expect(fetchMock.mock.calls.map((call) => call[0])).toEqual(['/api/health']);
  });

  it('counts a 401 as connected', async () => {
    mockFetch(unauthorized);
    renderGate();
    expect(await screen.findByText('App content')).toBeInTheDocument();
    expect(screen.queryByText('Unable to connect to API')).not.toBeInTheDocument();
  });

  it('explains a network error and offers Retry, which recovers', async () => {
    let down = true;
    mockFetch(() => {
      if (down) throw new TypeError('Failed to fetch');
      return unauthorized();
    });
    renderGate();
    expect(await screen.findByText('Unable to connect to API')).toBeInTheDocument();
    expect(screen.getByText('Network error - please check your connection')).toBeInTheDocument();
    expect(screen.queryByText('App content')).not.toBeInTheDocument();

    down = false;
    act(() => screen.getByRole('button', { name: 'Retry' }).click());
    expect(await screen.findByText('App content')).toBeInTheDocument();
  });

  it('explains a refused connection when the runtime tells it apart', async () => {
    mockFetch(() => {
      throw new TypeError('fetch failed', {
        cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }),
      });
    });
    renderGate();
    expect(await screen.findByText('Connection refused - API server may be down')).toBeInTheDocument();
  });

  it('explains a server error answer', async () => {
    mockFetch(() =>
      jsonResponse({ statusCode: 503, error: 'Service Unavailable', message: 'down' }, { status: 503 }),
    );
    renderGate();
    expect(await screen.findByText('Unable to connect to API server')).toBeInTheDocument();
  });

  it('gives up after 5 s with the time-out text', async () => {
    vi.useFakeTimers();
    mockFetch((_url, init) => hangingResponse(init));
    renderGate();
    expect(screen.getByText('Connecting to API...')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(CONNECTION_CHECK_TIMEOUT_MS));
    expect(screen.getByText('Unable to connect to API')).toBeInTheDocument();
    expect(
      screen.getByText('Connection timeout - API server may be slow or unreachable'),
    ).toBeInTheDocument();
  });

  it('checks again every 5 s while disconnected and recovers by itself', async () => {
    vi.useFakeTimers();
    let down = true;
    const fetchMock = mockFetch(() => {
      if (down) throw new TypeError('Failed to fetch');
      return unauthorized();
    });
    renderGate();
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByText('Network error - please check your connection')).toBeInTheDocument();
    const callsWhenDown = fetchMock.mock.calls.length;

    await act(() => vi.advanceTimersByTimeAsync(CONNECTION_CHECK_INTERVAL_MS));
    expect(fetchMock.mock.calls.length).toBe(callsWhenDown + 1);

    down = false;
    await act(() => vi.advanceTimersByTimeAsync(CONNECTION_CHECK_INTERVAL_MS));
    expect(screen.getByText('App content')).toBeInTheDocument();
    expect(screen.queryByText('Unable to connect to API')).not.toBeInTheDocument();
  });

  it('re-checks a connection older than 5 minutes and keeps the screen with a notice if it dropped', async () => {
    vi.useFakeTimers();
    let down = false;
    const fetchMock = mockFetch(() => {
      if (down) throw new TypeError('Failed to fetch');
      return unauthorized();
    });
    renderGate();
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByText('App content')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);

    // Connected and fresh: the 5 s ticks do not call the API.
    await act(() => vi.advanceTimersByTimeAsync(CONNECTION_CHECK_INTERVAL_MS * 3));
    expect(fetchMock).toHaveBeenCalledTimes(1);

    down = true;
    await act(() => vi.advanceTimersByTimeAsync(CONNECTION_MAX_AGE_MS));
    expect(fetchMock.mock.calls.length).toBeGreaterThan(1);
    expect(screen.getByRole('alert').textContent).toContain('Unable to connect to API');
    expect(screen.getByText('Network error - please check your connection')).toBeInTheDocument();
    // The screen stays, so nobody loses what they were typing.
    expect(screen.getByText('App content')).toBeInTheDocument();
  });
});
