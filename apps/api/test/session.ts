import type { AuthResponse } from '@camp/shared';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { SmtpCapture } from './smtp';

export interface SignedIn extends AuthResponse {
  /** The refresh cookie value. */
  refreshToken: string;
  headers: { authorization: string };
}

export function cookieValue(response: LightMyRequestResponse, name: string): string | undefined {
  return response.cookies.find((cookie) => cookie.name === name)?.value;
}

/**
 * POST /api/auth/refresh or /api/auth/logout, which the refresh cookie alone authorizes: with the given token as
 * that cookie, or with no cookie when there is none.
 */
export function postWithRefreshCookie(
  app: FastifyInstance,
  action: 'refresh' | 'logout',
  refreshToken: string | undefined,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: `/api/auth/${action}`,
    cookies: refreshToken ? { refresh_token: refreshToken } : {},
  });
}

/** Signs in through the real flow: request a code, read it from the captured mail, verify it. */
export async function signIn(
  app: FastifyInstance,
  smtp: SmtpCapture,
  email: string,
  remoteAddress = '127.0.0.1',
): Promise<SignedIn> {
  const requested = await app.inject({
    method: 'POST',
    url: '/api/auth/request-login-code',
    payload: { email },
    remoteAddress,
  });
  if (requested.statusCode !== 200)
    throw new Error(`request-login-code: ${requested.statusCode} ${requested.body}`);
  const code = await smtp.codeFor(email);
  const verified = await app.inject({
    method: 'POST',
    url: '/api/auth/login-with-code',
    payload: { email, code },
    remoteAddress,
  });
  if (verified.statusCode !== 200)
    throw new Error(`login-with-code: ${verified.statusCode} ${verified.body}`);
  const body = verified.json<AuthResponse>();
  return {
    ...body,
    refreshToken: cookieValue(verified, 'refresh_token') ?? '',
    headers: { authorization: `Bearer ${body.accessToken}` },
  };
}
