import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { startTransition, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { PageLoader } from '../components/page-loader';
import { apiClient, ApiError } from '../lib/api-client';
import { getAccessToken } from '../lib/auth-token';

/** docs/product.md §9: the connectivity check gives up after 5 s, runs every 5 s, and re-checks results older than 5 min. */
export const CONNECTION_CHECK_TIMEOUT_MS = 5_000;
export const CONNECTION_CHECK_INTERVAL_MS = 5_000;
export const CONNECTION_MAX_AGE_MS = 5 * 60 * 1000;

/** docs/product.md §2/§8 texts. */
export const CONNECTING_TEXT = 'Connecting to API...';
export const DISCONNECTED_TITLE = 'Unable to connect to API';
export const CONNECTION_REASONS = {
  timeout: 'Connection timeout - API server may be slow or unreachable',
  network: 'Network error - please check your connection',
  refused: 'Connection refused - API server may be down',
  other: 'Unable to connect to API server',
} as const;

export type ConnectionCheckResult = { connected: true } | { connected: false; reason: string };

/**
 * The route a connectivity check asks: GET /auth/test while this browser holds a session (docs/product.md §7), and
 * GET /health when it holds none. Signed out, /auth/test can only answer 401, which the browser logs as an
 * error in the console of every visitor's first page (and Lighthouse counts against the page); /health
 * answers 200 (decision 027).
 */
export function connectionCheckPath(): '/auth/test' | '/health' {
  return getAccessToken() ? '/auth/test' : '/health';
}

/**
 * One connectivity check (see connectionCheckPath). Any 2xx, and also 401 (the server is there, we are just
 * not signed in), counts as connected (docs/product.md §4).
 */
export async function checkApiConnection(): Promise<ConnectionCheckResult> {
  try {
    await apiClient.get(connectionCheckPath(), {
      timeoutMs: CONNECTION_CHECK_TIMEOUT_MS,
      skipAuthRefresh: true,
    });
    return { connected: true };
  } catch (error) {
    if (error instanceof ApiError && error.kind === 'http' && error.status === 401)
      return { connected: true };
    return { connected: false, reason: connectionFailureReason(error) };
  }
}

export function connectionFailureReason(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.kind === 'timeout') return CONNECTION_REASONS.timeout;
    if (error.kind === 'network') {
      return isConnectionRefused(error.cause) ? CONNECTION_REASONS.refused : CONNECTION_REASONS.network;
    }
  }
  return CONNECTION_REASONS.other;
}

// Browsers report every failed fetch as a bare TypeError, so "refused" can only be told apart where the
// runtime says so (Node's fetch puts ECONNREFUSED in the error's cause chain).
function isConnectionRefused(error: unknown, depth = 0): boolean {
  if (depth > 4 || typeof error !== 'object' || error === null) return false;
  if ('code' in error && error.code === 'ECONNREFUSED') return true;
  if (error instanceof Error && /ECONNREFUSED|connection refused/i.test(error.message)) return true;
  return 'cause' in error && isConnectionRefused(error.cause, depth + 1);
}

export type ConnectionState =
  | { status: 'connecting' }
  | { status: 'connected'; lastSuccessAt: number }
  | { status: 'disconnected'; reason: string; wasConnected: boolean };

export interface UseApiConnectionOptions {
  check?: () => Promise<ConnectionCheckResult>;
  intervalMs?: number;
  maxAgeMs?: number;
}

/** Tracks the connection to the API: checks at once, then every 5 s while disconnected or stale. */
export function useApiConnection({
  check = checkApiConnection,
  intervalMs = CONNECTION_CHECK_INTERVAL_MS,
  maxAgeMs = CONNECTION_MAX_AGE_MS,
}: UseApiConnectionOptions = {}) {
  const [state, setState] = useState<ConnectionState>({ status: 'connecting' });
  const [checking, setChecking] = useState(false);
  const stateRef = useRef(state);
  const inFlight = useRef(false);
  const mounted = useRef(true);
  const queryClient = useQueryClient();

  const runCheck = useCallback(async () => {
    if (inFlight.current) return;
    inFlight.current = true;
    setChecking(true);
    try {
      const result = await check();
      if (!mounted.current) return;
      const previous = stateRef.current;
      const next: ConnectionState = result.connected
        ? { status: 'connected', lastSuccessAt: Date.now() }
        : {
            status: 'disconnected',
            reason: result.reason,
            wasConnected:
              previous.status === 'connected' ||
              (previous.status === 'disconnected' && previous.wasConnected),
          };
      stateRef.current = next;
      // A transition: the screen behind the gate renders in slices, not in one long task (decision 045).
      startTransition(() => setState(next));
      if (next.status === 'connected' && previous.status === 'disconnected') {
        // The API is back: queries that failed meanwhile (the camp configuration, say) try again now.
        void queryClient.refetchQueries({ predicate: (query) => query.state.status === 'error' });
      }
    } finally {
      inFlight.current = false;
      if (mounted.current) setChecking(false);
    }
  }, [check, queryClient]);

  useEffect(() => {
    mounted.current = true;
    void runCheck();
    const timer = setInterval(() => {
      const current = stateRef.current;
      const stale = current.status === 'connected' && Date.now() - current.lastSuccessAt > maxAgeMs;
      if (current.status !== 'connected' || stale) void runCheck();
    }, intervalMs);
    // Coming back online is worth an immediate check rather than waiting for the next tick.
    const onOnline = () => void runCheck();
    window.addEventListener('online', onOnline);
    return () => {
      mounted.current = false;
      clearInterval(timer);
      window.removeEventListener('online', onOnline);
    };
  }, [runCheck, intervalMs, maxAgeMs]);

  return { state, checking, retry: runCheck };
}

export interface ConnectionGateProps extends UseApiConnectionOptions {
  children: ReactNode;
}

/**
 * Shows the app only once the API answers. Before the first answer it shows 'Connecting to API...'; if the API
 * cannot be reached it shows 'Unable to connect to API' with the reason and a Retry button, and recovers by
 * itself when a later check succeeds. If the connection drops after the app was shown, the screen stays (so
 * nobody loses a half-filled form) and a notice above it says what is wrong.
 */
export function ConnectionGate({ children, ...options }: ConnectionGateProps) {
  const { state, checking, retry } = useApiConnection(options);

  if (state.status === 'connecting') return <PageLoader label={CONNECTING_TEXT} />;

  if (state.status === 'disconnected' && !state.wasConnected) {
    return (
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} maw={560} mx="auto" my="xl" role="alert">
        <Stack gap="sm" align="flex-start">
          <Title order={2} size="h3">
            {DISCONNECTED_TITLE}
          </Title>
          <Text>{state.reason}</Text>
          <Text size="sm" c="dimmed">
            We keep trying every few seconds; this page recovers by itself once the server answers.
          </Text>
          <Button onClick={() => void retry()} loading={checking}>
            Retry
          </Button>
        </Stack>
      </Paper>
    );
  }

  return (
    <>
      {state.status === 'disconnected' && (
        <Alert color="red" variant="light" title={DISCONNECTED_TITLE} role="alert" mb="lg">
          <Group justify="space-between" gap="sm">
            <Text size="sm">{state.reason}</Text>
            <Button size="xs" color="red" onClick={() => void retry()} loading={checking}>
              Retry
            </Button>
          </Group>
        </Alert>
      )}
      {children}
    </>
  );
}
