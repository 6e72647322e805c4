import {
  AUTH_STATE_COOKIE,
  AUTH_STATE_MAX_AGE_SECONDS,
  AUTH_STATE_VALUE,
  AUTH_TEST_MESSAGE,
  authResponseOf,
  AuthResponseSchema,
  EndSessionsResponseSchema,
  LoginWithCodeInputSchema,
  LoginWithLinkInputSchema,
  LOGIN_CODE_TTL_MINUTES,
  RegisterInputSchema,
  RequestLoginCodeInputSchema,
  RequestLoginCodeResponseSchema,
  SIGN_IN_LINK_TOKEN_LENGTH,
  UserSchema,
} from '@camp/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forbidden, unauthorized } from '../../lib/app-error';
import { randomToken } from '../../lib/crypto';
import { callerOf } from '../../plugins/auth';
import { sameOriginOnly } from '../../plugins/same-origin';
import { errors as errorBodies, routeKit } from '../../plugins/route-kit';
import { toUserDto } from '../users/users.service';
import { REFRESH_TOKEN_TTL_SECONDS, type Session } from './auth.service';

export const REFRESH_COOKIE = 'refresh_token';
const REFRESH_COOKIE_PATH = '/api/auth';
/**
 * The asking browser's nonce (decision 062): set when a code is asked for, it binds the mailed sign-in link to
 * this browser. Only its HMAC is stored, on the code's row.
 */
export const LOGIN_BROWSER_COOKIE = 'login_browser';
const NONCE_PATTERN = new RegExp(`^[A-Za-z0-9_-]{${SIGN_IN_LINK_TOKEN_LENGTH}}$`);

/** The browser's nonce from its cookie, if it holds a well-formed one. */
function browserNonceOf(request: FastifyRequest): string | undefined {
  const nonce = request.cookies[LOGIN_BROWSER_COOKIE];
  return nonce !== undefined && NONCE_PATTERN.test(nonce) ? nonce : undefined;
}

const errors = errorBodies(400, 401, 403, 429);

/** The session of a caller authenticated by the guard (the access token always names one). */
function sessionOf(request: FastifyRequest): string {
  if (!request.sessionId) throw unauthorized();
  return request.sessionId;
}

/**
 * Answers a new session: the refresh cookie, the session marker and the auth response. Every way of signing in
 * (the e-mail code, a passkey, decision 061) and the refresh answer with exactly this.
 */
export function startSession(reply: FastifyReply, session: Session, secure: boolean) {
  // The refresh token never reaches script: httpOnly, sent only to /api/auth.
  void reply.setCookie(REFRESH_COOKIE, session.refreshToken, {
    httpOnly: true,
    secure,
    sameSite: 'strict',
    path: REFRESH_COOKIE_PATH,
    maxAge: REFRESH_TOKEN_TTL_SECONDS,
  });
  // The session marker of docs/product.md §4/§9, readable by the browser app.
  void reply.setCookie(AUTH_STATE_COOKIE, AUTH_STATE_VALUE, {
    httpOnly: false,
    secure,
    sameSite: 'lax',
    path: '/',
    maxAge: AUTH_STATE_MAX_AGE_SECONDS,
  });
  return authResponseOf(session.user, session.accessToken);
}

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const secure = app.env.publicUrl.startsWith('https://');
  const services = app.services;
  // Each route lists its own error responses (the public ones differ from the signed-in ones).
  const route = routeKit(app, { tags: ['auth'], errors: [] });
  const cookieOnly = sameOriginOnly([app.env.publicUrl, ...app.env.corsOrigins]);

  function endSession(reply: FastifyReply) {
    void reply.clearCookie(REFRESH_COOKIE, {
      path: REFRESH_COOKIE_PATH,
      secure,
      sameSite: 'strict',
      httpOnly: true,
    });
    void reply.clearCookie(AUTH_STATE_COOKIE, { path: '/', secure, sameSite: 'lax' });
  }

  app.post(
    '/auth/request-login-code',
    route.open({
      summary: 'E-mails a 6-digit sign-in code (valid 10 minutes); same answer for any address',
      body: RequestLoginCodeInputSchema,
      response: { 200: RequestLoginCodeResponseSchema, ...errors, ...errorBodies(503) },
    }),
    async (request, reply) => {
      // A browser that already asked keeps its nonce, so the links of all its live codes work in it.
      const nonce = browserNonceOf(request) ?? randomToken();
      await services.auth.requestLoginCode(request.body.email, request.ip, nonce);
      void reply.setCookie(LOGIN_BROWSER_COOKIE, nonce, {
        httpOnly: true,
        secure,
        sameSite: 'lax',
        path: REFRESH_COOKIE_PATH,
        maxAge: LOGIN_CODE_TTL_MINUTES * 60,
      });
      return { success: true as const, message: 'A verification code has been sent to your email.' };
    },
  );

  app.post(
    '/auth/login-with-code',
    route.open({
      summary: 'Verifies the code and opens a session (account made on first sign-in)',
      body: LoginWithCodeInputSchema,
      response: { 200: AuthResponseSchema, ...errors },
    }),
    async (request, reply) => {
      const session = await services.auth.loginWithCode(request.body.email, request.body.code, request.ip);
      return startSession(reply, session, secure);
    },
  );

  app.post(
    '/auth/login-with-link',
    {
      ...route.open({
        summary: 'Signs in with the one-click link mailed with a code, in the browser that asked for it',
        description:
          'Decision 062: the token is single use and lives as long as its code; the `login_browser` cookie set ' +
          'when the code was asked for must come with it (else 403). Not paused by wrong codes for the address.',
        body: LoginWithLinkInputSchema,
        response: { 200: AuthResponseSchema, ...errors },
      }),
      onRequest: cookieOnly,
    },
    async (request, reply) => {
      const session = await services.auth.loginWithLink(
        request.body.token,
        browserNonceOf(request),
        request.ip,
      );
      return startSession(reply, session, secure);
    },
  );

  app.post(
    '/auth/refresh',
    {
      ...route.open({
        summary: 'Rotates the refresh cookie and answers a new access token',
        description:
          'Only from the app itself: a request another site sends (by Origin or Sec-Fetch-Site) gets 403.',
        response: { 200: AuthResponseSchema, ...errors },
      }),
      onRequest: cookieOnly,
    },
    async (request, reply) => {
      try {
        const session = await services.auth.refresh(request.cookies[REFRESH_COOKIE]);
        return startSession(reply, session, secure);
      } catch (error) {
        endSession(reply);
        throw error;
      }
    },
  );

  app.post(
    '/auth/logout',
    {
      ...route.open({
        summary: 'Revokes the session and clears its cookies',
        description:
          'Only from the app itself: a request another site sends (by Origin or Sec-Fetch-Site) gets 403.',
        response: { 200: z.object({ success: z.literal(true) }), ...errorBodies(403) },
      }),
      onRequest: cookieOnly,
    },
    async (request, reply) => {
      await services.auth.logout(request.cookies[REFRESH_COOKIE]);
      endSession(reply);
      return { success: true as const };
    },
  );

  app.get(
    '/auth/profile',
    route.signedIn({
      summary: "The caller's own user record",
      response: { 200: UserSchema, ...errors },
    }),
    async (request) => {
      const user = callerOf(request);
      return toUserDto(user, user.role === 'ADMIN');
    },
  );

  app.post(
    '/auth/register',
    route.signedIn({
      summary: "Completes the caller's own profile (docs/product.md §7); never makes a password",
      body: RegisterInputSchema,
      response: { 200: AuthResponseSchema, ...errors },
    }),
    async (request) => {
      const caller = callerOf(request);
      const { email, password: _ignored, ...profile } = request.body;
      if (email !== caller.email.toLowerCase()) throw forbidden('You can only complete your own profile.');
      const user = await services.users.updateProfile(caller.id, profile);
      return authResponseOf(user, await services.auth.accessTokenFor(user, sessionOf(request)));
    },
  );

  app.post(
    '/auth/logout-all',
    route.signedIn({
      summary:
        "Signs the caller out everywhere: ends all of the caller's sessions and clears this one's cookies",
      description:
        'Every access token and refresh cookie of the caller stops working at once, on every device (S11).',
      response: { 200: EndSessionsResponseSchema, ...errorBodies(401) },
    }),
    async (request, reply) => {
      const sessionsEnded = await services.auth.logoutAll(callerOf(request).id);
      endSession(reply);
      return { success: true as const, sessionsEnded };
    },
  );

  // The browser's connectivity and auth check (docs/product.md §7); 401 counts as "connected" there.
  app.get(
    '/auth/test',
    route.signedIn({
      summary: "Answers 'Authentication is working' for a signed-in caller, 401 otherwise",
      response: { 200: z.object({ message: z.literal(AUTH_TEST_MESSAGE) }), ...errorBodies(401) },
    }),
    async () => ({ message: AUTH_TEST_MESSAGE }),
  );
};
