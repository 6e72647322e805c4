import { errorMessageText } from '@camp/shared/rules';
import { getAccessToken } from './auth-token';
import { getRuntimeConfig } from './runtime-config';

/** docs/product.md §7/§9: every call gives up after 10 s. */
export const DEFAULT_TIMEOUT_MS = 10_000;

/**
 * - `http`: the server answered with a non-2xx status (`status` holds it).
 * - `timeout`: no answer within the time-out (`status` 0).
 * - `network`: the request never got an answer: offline, DNS, refused, CORS (`status` 0).
 * - `invalid-response`: a 2xx answer whose JSON could not be read.
 */
export type ApiErrorKind = 'http' | 'timeout' | 'network' | 'invalid-response';

export interface ApiErrorInit {
  kind: ApiErrorKind;
  status: number;
  statusText?: string;
  /** `message` of the server's error body `{ statusCode, error, message }`: a text or a list of texts. */
  serverMessage?: string | string[];
  /** The parsed JSON body, or the raw text when the body was not JSON. */
  body?: unknown;
  cause?: unknown;
}

/**
 * Every failed call rejects with this. `message` is one line of text (the server's message, lists joined);
 * screens map it to the texts of docs/product.md §8 and can read `serverMessage` when they need the list itself.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly kind: ApiErrorKind;
  readonly status: number;
  readonly statusText: string;
  readonly serverMessage: string | string[] | undefined;
  readonly body: unknown;

  constructor(init: ApiErrorInit) {
    super(defaultMessage(init), init.cause === undefined ? undefined : { cause: init.cause });
    this.kind = init.kind;
    this.status = init.status;
    this.statusText = init.statusText ?? '';
    this.serverMessage = init.serverMessage;
    this.body = init.body;
  }

  /** The server's message(s) as a list, empty when it sent none. */
  get serverMessages(): string[] {
    if (this.serverMessage === undefined) return [];
    return Array.isArray(this.serverMessage) ? this.serverMessage : [this.serverMessage];
  }
}

function defaultMessage(init: ApiErrorInit): string {
  if (init.serverMessage !== undefined && errorMessageText(init.serverMessage) !== '') {
    return errorMessageText(init.serverMessage);
  }
  switch (init.kind) {
    case 'timeout':
      return 'The request timed out';
    case 'network':
      return 'Network error';
    case 'invalid-response':
      return 'The server sent a response that could not be read';
    case 'http':
      return `API Error (${init.status}): ${init.statusText || 'Request failed'}`;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** The server's message of a failed call (a list joined), or what kind of failure it was; undefined for others. */
export function failureDetail(error: unknown): string | undefined {
  if (!isApiError(error)) return undefined;
  if (error.serverMessage !== undefined) {
    const text = errorMessageText(error.serverMessage).trim();
    if (text !== '') return text;
  }
  return error.message;
}

// ---------------------------------------------------------------------------------------------------------
// 401 hook point (docs/product.md §4: one refresh, concurrent 401s queue behind it, then a retry).
//
// The auth feature registers a handler that calls POST /auth/refresh, stores the new token and answers true,
// or answers false after clearing the session and sending the user to /login. The client runs at most one
// handler call at a time: every 401 that arrives while a refresh is running waits for that same refresh.
// ---------------------------------------------------------------------------------------------------------

/** Resolves true when a fresh access token is stored and the failed request should be sent again. */
export type AuthRefreshHandler = () => Promise<boolean>;

let authRefreshHandler: AuthRefreshHandler | null = null;
let refreshInFlight: Promise<boolean> | null = null;

/** Registers (or with null removes) the refresh handler. Returns a function that removes it again. */
export function setAuthRefreshHandler(handler: AuthRefreshHandler | null): () => void {
  authRefreshHandler = handler;
  return () => {
    if (authRefreshHandler === handler) authRefreshHandler = null;
  };
}

function refreshAccessTokenOnce(): Promise<boolean> {
  const handler = authRefreshHandler;
  if (!handler) return Promise.resolve(false);
  refreshInFlight ??= handler()
    .catch(() => false)
    .finally(() => {
      refreshInFlight = null;
    });
  return refreshInFlight;
}

// ---------------------------------------------------------------------------------------------------------

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type QueryValue = string | number | boolean | null | undefined;

export interface ApiRequestOptions {
  method?: HttpMethod;
  /** Sent as JSON; a FormData is sent as is. */
  body?: unknown;
  /** Added to the URL; null and undefined values are left out. */
  query?: Record<string, QueryValue | readonly QueryValue[]>;
  headers?: Record<string, string>;
  /** Cancels the call (TanStack Query passes one); the call then rejects with the abort reason. */
  signal?: AbortSignal;
  timeoutMs?: number;
  /**
   * Do not run the 401 refresh for this call: the sign-in calls themselves (request code, login, register,
   * refresh) and the connection test, where a 401 is an answer and not an expired session.
   */
  skipAuthRefresh?: boolean;
}

/** `{apiBaseUrl}{path}?{query}`; path starts with '/' and is relative to the API base (e.g. '/public/config'). */
export function buildApiUrl(path: string, query?: ApiRequestOptions['query']): string {
  const base = getRuntimeConfig().apiBaseUrl;
  const normalizedPath = path.startsWith('/') ? path : `/${path}`;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    const values = Array.isArray(value) ? value : [value];
    for (const item of values as QueryValue[]) {
      if (item !== null && item !== undefined) params.append(key, String(item));
    }
  }
  const search = params.toString();
  return `${base}${normalizedPath}${search ? `?${search}` : ''}`;
}

/** Sends one API call and resolves with the parsed JSON (undefined for an empty body). */
export async function apiRequest<T = unknown>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const sentToken = getAccessToken();
  const response = await send(path, options, sentToken);
  if (response.status === 401 && !options.skipAuthRefresh && authRefreshHandler) {
    // If another call refreshed the token while this one was under way, the new token just needs a try.
    const currentToken = getAccessToken();
    const refreshed =
      currentToken !== null && currentToken !== sentToken ? true : await refreshAccessTokenOnce();
    if (refreshed) {
      // One retry only, with the new token; a second 401 is final.
      return readResponse<T>(await send(path, options, getAccessToken()));
    }
  }
  return readResponse<T>(response);
}

async function send(path: string, options: ApiRequestOptions, token: string | null): Promise<Response> {
  const headers = new Headers({ Accept: 'application/json' });
  if (token) headers.set('Authorization', `Bearer ${token}`);

  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(options.body);
  }
  for (const [name, value] of Object.entries(options.headers ?? {})) headers.set(name, value);

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const external = options.signal;
  const forwardAbort = () => controller.abort(external?.reason);
  if (external?.aborted) forwardAbort();
  else external?.addEventListener('abort', forwardAbort, { once: true });

  try {
    return await fetch(buildApiUrl(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body,
      credentials: 'include',
      signal: controller.signal,
    });
  } catch (error) {
    // A cancellation by the caller is not an API failure; hand the caller its own reason back.
    if (external?.aborted && !timedOut) throw external.reason ?? error;
    if (timedOut) throw new ApiError({ kind: 'timeout', status: 0, cause: error });
    throw new ApiError({ kind: 'network', status: 0, cause: error });
  } finally {
    clearTimeout(timer);
    external?.removeEventListener('abort', forwardAbort);
  }
}

async function readResponse<T>(response: Response): Promise<T> {
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    throw new ApiError({ kind: 'network', status: 0, cause: error });
  }
  const isJson = (response.headers.get('Content-Type') ?? '').includes('json');
  let body: unknown = text === '' ? undefined : text;
  let parseFailed = false;
  if (isJson && text !== '') {
    try {
      body = JSON.parse(text) as unknown;
    } catch (error) {
      parseFailed = true;
      if (response.ok) {
        throw new ApiError({ kind: 'invalid-response', status: response.status, body: text, cause: error });
      }
    }
  }

  if (response.ok) return body as T;

  throw new ApiError({
    kind: 'http',
    status: response.status,
    statusText: response.statusText,
    serverMessage: parseFailed ? undefined : serverMessageOf(body),
    body,
  });
}

/** The `message` of an error body (docs/product.md §8: a text or a list of texts), if the body has one. */
function serverMessageOf(body: unknown): string | string[] | undefined {
  if (typeof body !== 'object' || body === null || !('message' in body)) return undefined;
  const { message } = body;
  if (typeof message === 'string') return message;
  if (Array.isArray(message) && message.every((item) => typeof item === 'string')) return message;
  return undefined;
}

type BodylessOptions = Omit<ApiRequestOptions, 'method' | 'body'>;
type BodyOptions = Omit<ApiRequestOptions, 'method'>;

/** Shorthands: `apiClient.get<User>('/auth/profile')`, `apiClient.patch('/jobs/1', { body })`. */
export const apiClient = {
  get: <T = unknown>(path: string, options?: BodylessOptions) =>
    apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T = unknown>(path: string, options?: BodyOptions) =>
    apiRequest<T>(path, { ...options, method: 'POST' }),
  put: <T = unknown>(path: string, options?: BodyOptions) =>
    apiRequest<T>(path, { ...options, method: 'PUT' }),
  patch: <T = unknown>(path: string, options?: BodyOptions) =>
    apiRequest<T>(path, { ...options, method: 'PATCH' }),
  delete: <T = unknown>(path: string, options?: BodyOptions) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
};
