import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { codeFlow, hourlyWindows } from '../../../test/code-flow';
import { cookieValue, postWithRefreshCookie, signIn } from '../../../test/session';
import { SmtpCapture } from '../../../test/smtp';
import { useMailApp } from '../../../test/mail-app';
import { emailOutbox, loginCodes, refreshTokens, users } from '../../db/schema/index';
import {
  EXPIRED_CODE,
  INVALID_CODE,
  SEND_CODE_FAILED,
  SESSION_EXPIRED,
  TOO_MANY_ATTEMPTS,
  TOO_MANY_CODE_REQUESTS,
  TOO_MANY_FAILURES,
  LIVE_CODES_MAX,
} from './auth.service';

const START = new Date('2031-05-01T12:00:00Z');

describe('sign-in by e-mail code', () => {
  let t: TestApp;
  let smtp: SmtpCapture;
  let clock: Date;
  const advance = (ms: number) => {
    clock = new Date(clock.getTime() + ms);
  };

  const limits = { LOGIN_CODE_MAX_PER_EMAIL: '4', LOGIN_CODE_MAX_PER_IP: '6' };
  useMailApp({ adminEmails: null, env: limits, now: () => clock }, async (started) => {
    ({ t, smtp } = started);
    await t.app.services.config.save({ campName: 'Camp Lantern', registrationYear: 2031 });
  });
  const nextWindow = hourlyWindows(START);
  beforeEach(() => {
    // Each test starts in a new rate-limit window: an hour after the previous test's.
    clock = nextWindow();
    smtp.clear();
  });

  const { freshIp, requestCode, verify } = codeFlow(() => t.app, '10.0');

  it('mails a 6-digit code with the camp name and expiry, and stores only its HMAC', async () => {
    const response = await requestCode('New.Camper@Example.org');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      message: 'A verification code has been sent to your email.',
    });

    const mail = await smtp.waitFor('new.camper@example.org');
    const code = await smtp.codeFor('new.camper@example.org');
    expect(mail.subject).toBe(`Camp Lantern: your sign-in code is ${code}`);
    expect(mail.text).toContain(`Your sign-in code for Camp Lantern is: ${code}`);
    expect(mail.text).toContain('It is valid for 10 minutes');
    expect(mail.html).toContain('<strong>Camp Lantern</strong>');
    expect(mail.html).toContain(code);
    expect(mail.from).toBe('"Camp Lantern" <no-reply@localhost>');

    const [row] = await t.database.db
      .select()
      .from(loginCodes)
      .where(eq(loginCodes.email, 'new.camper@example.org'));
    expect(row!.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.codeHash).not.toContain(code);
    expect(row!.expiresAt.getTime()).toBe(clock.getTime() + 10 * 60_000);
  });

  it('answers the same for a known and an unknown address', async () => {
    await t.database.db.insert(users).values({ email: 'known@example.org', isEmailVerified: true });
    const known = await requestCode('known@example.org');
    const unknown = await requestCode('nobody-yet@example.org');
    expect(known.statusCode).toBe(unknown.statusCode);
    expect(known.body).toBe(unknown.body);
  });

  it('refuses an invalid address or an unknown field, and stores nothing', async () => {
    const bad = await requestCode('not-an-email');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: ['Please enter a valid email address'],
    });
    const extra = await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-login-code',
      payload: { email: 'a@example.org', role: 'ADMIN' },
    });
    expect(extra.statusCode).toBe(400);
    const rows = await t.database.db.select().from(loginCodes).where(eq(loginCodes.email, 'not-an-email'));
    expect(rows).toEqual([]);
    expect(smtp.messages).toEqual([]);
  });

  it('makes the account on the first verified code: participant, registration allowed, e-mail verified', async () => {
    await requestCode('first.timer@example.org');
    const code = await smtp.codeFor('first.timer@example.org');
    const response = await verify('First.Timer@example.org', code);
    expect(response.statusCode).toBe(200);
    const body = response.json<{ accessToken: string; userId: string }>();
    expect(body).toEqual({
      accessToken: expect.stringMatching(/^ey[\w-]+\.[\w-]+\.[\w-]+$/),
      userId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      email: 'first.timer@example.org',
      firstName: null,
      lastName: null,
      role: 'PARTICIPANT',
    });
    const [user] = await t.database.db.select().from(users).where(eq(users.id, body.userId));
    expect(user).toMatchObject({ role: 'PARTICIPANT', allowRegistration: true, isEmailVerified: true });

    const refresh = response.cookies.find((cookie) => cookie.name === 'refresh_token');
    expect(refresh).toMatchObject({
      httpOnly: true,
      path: '/api/auth',
      sameSite: 'Strict',
      maxAge: 2_592_000,
    });
    expect(refresh!.value).toMatch(/^[\w-]{43}$/);
    const marker = response.cookies.find((cookie) => cookie.name === 'auth_state');
    expect(marker).toMatchObject({ value: 'authenticated', path: '/', sameSite: 'Lax', maxAge: 2_592_000 });
    expect(marker!.httpOnly).toBeUndefined();
  });

  it('accepts a code once, even when two verifies arrive together', async () => {
    await requestCode('racer@example.org');
    const code = await smtp.codeFor('racer@example.org');
    const results = await Promise.all(Array.from({ length: 5 }, () => verify('racer@example.org', code)));
    const statuses = results.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([200, 401, 401, 401, 401]);
    const again = await verify('racer@example.org', code);
    expect(again.statusCode).toBe(401);
    expect(again.json<{ message: string }>().message).toBe(INVALID_CODE);
    const sessions = await t.database.db.select().from(refreshTokens);
    const racer = await t.app.services.users.findByEmail('racer@example.org');
    expect(sessions.filter((row) => row.userId === racer!.id)).toHaveLength(1);
  });

  it('refuses a code after 10 minutes', async () => {
    await requestCode('slow@example.org');
    const code = await smtp.codeFor('slow@example.org');
    advance(10 * 60_000 + 1000);
    const response = await verify('slow@example.org', code);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ statusCode: 401, error: 'Unauthorized', message: EXPIRED_CODE });
  });

  it('voids a code after 5 wrong tries', async () => {
    await requestCode('guesser@example.org');
    const code = await smtp.codeFor('guesser@example.org');
    const wrong = code === '000000' ? '111111' : '000000';
    const messages: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      messages.push((await verify('guesser@example.org', wrong)).json<{ message: string }>().message);
    }
    expect(messages).toEqual([INVALID_CODE, INVALID_CODE, INVALID_CODE, INVALID_CODE, TOO_MANY_ATTEMPTS]);
    const right = await verify('guesser@example.org', code);
    expect(right.statusCode).toBe(401);
    // The dead code's row stays only for the sign-in link mailed with it, which guessing must not void
    // (decision 062); the code itself never works again.
    const rows = await t.database.db
      .select()
      .from(loginCodes)
      .where(eq(loginCodes.email, 'guesser@example.org'));
    expect(rows.map(({ failedAttempts, linkTokenHash }) => ({ failedAttempts, linkTokenHash }))).toEqual([
      { failedAttempts: 5, linkTokenHash: expect.stringMatching(/^[0-9a-f]{64}$/) },
    ]);
  });

  it('a new code voids the older ones asked for from the same IP, not those of other IPs; signing in voids all', async () => {
    const ip = freshIp();
    const other = freshIp();
    await requestCode('twice@example.org', other);
    const fromOther = await smtp.codeFor('twice@example.org');
    smtp.clear();
    await requestCode('twice@example.org', ip);
    const first = await smtp.codeFor('twice@example.org');
    smtp.clear();
    await requestCode('twice@example.org', ip);
    const second = await smtp.codeFor('twice@example.org');
    const stored = await t.database.db
      .select()
      .from(loginCodes)
      .where(eq(loginCodes.email, 'twice@example.org'));
    expect(stored.map((row) => row.requestedIp).sort()).toEqual([ip, other].sort());
    if (first !== second && first !== fromOther) {
      expect((await verify('twice@example.org', first)).statusCode).toBe(401);
    }
    expect((await verify('twice@example.org', fromOther)).statusCode).toBe(200);
    // Signed in: the other live code is void.
    if (second !== fromOther) expect((await verify('twice@example.org', second)).statusCode).toBe(401);
    expect(
      await t.database.db.select().from(loginCodes).where(eq(loginCodes.email, 'twice@example.org')),
    ).toEqual([]);
  });

  it('keeps at most LIVE_CODES_MAX live codes for an address', async () => {
    for (let i = 0; i < LIVE_CODES_MAX + 2; i += 1) {
      expect((await requestCode('many-ips@example.org')).statusCode).toBe(200);
    }
    const stored = await t.database.db
      .select()
      .from(loginCodes)
      .where(eq(loginCodes.email, 'many-ips@example.org'));
    expect(stored).toHaveLength(LIVE_CODES_MAX);
  });

  it('pauses sign-in for an address after 10 wrong codes in 15 minutes and 30 in a day, and mails its owner once', async () => {
    const email = 'target@example.org';
    const wrongTries = async (count: number) => {
      const messages: string[] = [];
      for (let i = 0; i < count; i += 1) {
        messages.push((await verify(email, '000000')).json<{ message: string }>().message);
      }
      return messages;
    };
    const freshCode = async (): Promise<string> => {
      smtp.clear();
      expect((await requestCode(email)).statusCode).toBe(200);
      const code = await smtp.codeFor(email);
      // A code of 000000 would be the guess itself: ask again (one in a million).
      return code === '000000' ? freshCode() : code;
    };
    await freshCode();
    const messages = await wrongTries(10);
    expect(messages.slice(0, 5)).toEqual([
      INVALID_CODE,
      INVALID_CODE,
      INVALID_CODE,
      INVALID_CODE,
      TOO_MANY_ATTEMPTS,
    ]);
    // Paused: even the right code, from any IP, gets 429 until the window ends.
    const code = await freshCode();
    const paused = await verify(email, code);
    expect(paused.statusCode).toBe(429);
    expect(paused.json<{ message: string }>().message).toBe(TOO_MANY_FAILURES);
    expect(Number(paused.headers['retry-after'])).toBeLessThanOrEqual(900);
    const alerts = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email));
    expect(alerts.map((row) => row.subject)).toEqual([
      'Camp Lantern: wrong sign-in codes were entered for your address',
    ]);
    expect(alerts[0]?.text).toContain('Someone entered 10 wrong sign-in codes for this address');

    // The next window: the right code works again.
    advance(15 * 60_000);
    expect((await verify(email, await freshCode())).statusCode).toBe(200);
    // Two more windows of 10 wrong codes: the day's 30 are spent, and the pause lasts past the next window.
    await wrongTries(10);
    advance(15 * 60_000);
    await wrongTries(10);
    advance(15 * 60_000);
    const dayPaused = await verify(email, await freshCode());
    expect(dayPaused.statusCode).toBe(429);
    expect(Number(dayPaused.headers['retry-after'])).toBeGreaterThan(900);
    // One alert per 15-minute window spent, three in all.
    expect(
      await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email)),
    ).toHaveLength(3);
  });

  it("lets the owner sign in while someone hammers the owner's address from another IP", async () => {
    const owner = freshIp();
    const attacker = freshIp();
    // The owner asks first; the attacker's requests do not void that code.
    expect((await requestCode('victim@example.org', owner)).statusCode).toBe(200);
    const code = await smtp.codeFor('victim@example.org');
    const hammered: number[] = [];
    for (let i = 0; i < 8; i += 1)
      hammered.push((await requestCode('VICTIM@example.org', attacker)).statusCode);
    expect(hammered).toEqual([200, 200, 200, 200, 429, 429, 429, 429]);
    // The owner's code still works, and the owner can still ask for new codes from their own IP.
    const signedIn = await verify('victim@example.org', code, owner);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect((await requestCode('victim@example.org', owner)).statusCode).toBe(200);
  });

  it('limits code requests per (address, IP), per address and per IP with 429 and Retry-After', async () => {
    const statuses: number[] = [];
    const from = freshIp();
    for (let i = 0; i < 5; i += 1) statuses.push((await requestCode('limited@example.org', from)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
    const limited = await requestCode('limited@example.org', from);
    expect(limited.json()).toEqual({
      statusCode: 429,
      error: 'Too Many Requests',
      message: TOO_MANY_CODE_REQUESTS,
    });
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(900);
    // From other IPs the address still gets codes, up to a ceiling of 4 × 4 for all IPs together.
    const elsewhere: number[] = [];
    for (let i = 0; i < 13; i += 1) elsewhere.push((await requestCode('limited@example.org')).statusCode);
    expect(elsewhere).toEqual([...Array<number>(12).fill(200), 429]);

    const ip = freshIp();
    const perIp: number[] = [];
    for (let i = 0; i < 7; i += 1) perIp.push((await requestCode(`ip${i}@example.org`, ip)).statusCode);
    expect(perIp).toEqual([200, 200, 200, 200, 200, 200, 429]);
    // The limit is a window, not a ban.
    advance(15 * 60_000);
    expect((await requestCode('ip7@example.org', ip)).statusCode).toBe(200);
  });

  it('keys the per-IP limit on the connection, not on a forged X-Forwarded-For (TRUST_PROXY unset)', async () => {
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/request-login-code',
        payload: { email: `forged${i}@example.org` },
        remoteAddress: ip,
        headers: { 'x-forwarded-for': `203.0.113.${i + 1}` },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429]);
  });

  it('believes X-Forwarded-For from the proxy TRUST_PROXY names, and only from it', async () => {
    const proxied = await createTestApp({
      now: () => clock,
      envOverrides: { SMTP_URL: smtp.url, LOGIN_CODE_MAX_PER_IP: '2', TRUST_PROXY: '10.9.9.9' },
    });
    try {
      const from = (remoteAddress: string, client: string, i: number) =>
        proxied.app.inject({
          method: 'POST',
          url: '/api/auth/request-login-code',
          payload: { email: `proxied${i}@example.org` },
          remoteAddress,
          headers: { 'x-forwarded-for': client },
        });
      // Through the proxy: each client address has its own budget.
      const viaProxy = [];
      for (let i = 0; i < 4; i += 1) viaProxy.push((await from('10.9.9.9', `198.51.100.${i}`, i)).statusCode);
      expect(viaProxy).toEqual([200, 200, 200, 200]);
      // Straight from somewhere else: the header is ignored, the connection's address counts.
      const direct = [];
      for (let i = 4; i < 7; i += 1) direct.push((await from('10.1.1.1', `198.51.100.${i}`, i)).statusCode);
      expect(direct).toEqual([200, 200, 429]);
    } finally {
      await proxied.close();
    }
  });

  it('says so when the mail cannot be sent, and leaves no usable code', async () => {
    smtp.refuse = true;
    try {
      const response = await requestCode('bounce@example.org');
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        statusCode: 503,
        error: 'Service Unavailable',
        message: SEND_CODE_FAILED,
      });
      expect(
        await t.database.db.select().from(loginCodes).where(eq(loginCodes.email, 'bounce@example.org')),
      ).toEqual([]);
    } finally {
      smtp.refuse = false;
    }
  });

  describe('sessions', () => {
    const refresh = (token: string | undefined) => postWithRefreshCookie(t.app, 'refresh', token);

    it('ends a session 90 days after its sign-in however often it is refreshed (S10, S14)', async () => {
      const session = await signIn(t.app, smtp, 'forever@example.org', freshIp());
      let token = session.refreshToken;
      // Refreshed every 29 days: alive on days 29, 58 and 87 ...
      for (let day = 29; day <= 87; day += 29) {
        advance(29 * 24 * 3_600_000);
        const refreshed = await refresh(token);
        expect(refreshed.statusCode, `day ${day}`).toBe(200);
        token = cookieValue(refreshed, 'refresh_token') ?? '';
      }
      // ... and over on day 90, although the last refresh was only three days ago.
      advance(3 * 24 * 3_600_000 + 1000);
      const ended = await refresh(token);
      expect(ended.statusCode).toBe(401);
      expect(ended.json<{ message: string }>().message).toBe(SESSION_EXPIRED);
    });

    it('keeps a signed-in person signed in across access-token expiry by refreshing', async () => {
      const session = await signIn(t.app, smtp, 'keeper@example.org', freshIp());
      const profile = await t.app.inject({
        method: 'GET',
        url: '/api/auth/profile',
        headers: session.headers,
      });
      expect(profile.statusCode).toBe(200);
      expect(profile.json<{ email: string }>().email).toBe('keeper@example.org');

      advance(15 * 60_000 + 1000);
      const expired = await t.app.inject({
        method: 'GET',
        url: '/api/auth/profile',
        headers: session.headers,
      });
      expect(expired.statusCode).toBe(401);

      const refreshed = await refresh(session.refreshToken);
      expect(refreshed.statusCode).toBe(200);
      const next = refreshed.json<{ accessToken: string; email: string }>();
      expect(next.email).toBe('keeper@example.org');
      const rotated = cookieValue(refreshed, 'refresh_token');
      expect(rotated).toBeTruthy();
      expect(rotated).not.toBe(session.refreshToken);
      const again = await t.app.inject({
        method: 'GET',
        url: '/api/auth/profile',
        headers: { authorization: `Bearer ${next.accessToken}` },
      });
      expect(again.statusCode).toBe(200);
    });

    it('revokes the whole family when a rotated refresh token is used again later', async () => {
      const session = await signIn(t.app, smtp, 'victim@example.org', freshIp());
      const first = await refresh(session.refreshToken);
      const current = cookieValue(first, 'refresh_token');
      advance(60_000);
      const stolen = await refresh(session.refreshToken);
      expect(stolen.statusCode).toBe(401);
      expect(stolen.json()).toEqual({ statusCode: 401, error: 'Unauthorized', message: SESSION_EXPIRED });
      // The legitimate holder's newer token is revoked too: both must sign in again.
      expect((await refresh(current)).statusCode).toBe(401);
    });

    it('lets two tabs refresh the same token at once without signing out', async () => {
      const session = await signIn(t.app, smtp, 'tabs@example.org', freshIp());
      const [a, b] = await Promise.all([refresh(session.refreshToken), refresh(session.refreshToken)]);
      expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
      expect((await refresh(cookieValue(a, 'refresh_token'))).statusCode).toBe(200);
    });

    it('signs out: the refresh token stops working and the cookies are cleared', async () => {
      const session = await signIn(t.app, smtp, 'leaver@example.org', freshIp());
      const out = await postWithRefreshCookie(t.app, 'logout', session.refreshToken);
      expect(out.statusCode).toBe(200);
      expect(out.json()).toEqual({ success: true });
      const cleared = Object.fromEntries(out.cookies.map((cookie) => [cookie.name, cookie]));
      expect(cleared.refresh_token?.value).toBe('');
      expect(cleared.auth_state?.value).toBe('');
      expect((await refresh(session.refreshToken)).statusCode).toBe(401);
    });

    it('refuses a missing or unknown refresh token', async () => {
      expect((await refresh(undefined)).statusCode).toBe(401);
      expect((await refresh('not-a-real-token')).statusCode).toBe(401);
    });
  });

  describe('access tokens', () => {
    const profileWith = (token: string) =>
      t.app.inject({
        method: 'GET',
        url: '/api/auth/profile',
        headers: { authorization: `Bearer ${token}` },
      });

    it('refuses a tampered token, alg none, another key, and a deleted user', async () => {
      const session = await signIn(t.app, smtp, 'holder@example.org', freshIp());
      const [header, payload, signature] = session.accessToken.split('.');
      const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>;

      const otherSub = Buffer.from(
        JSON.stringify({ ...claims, sub: '00000000-0000-0000-0000-000000000000' }),
      ).toString('base64url');
      expect((await profileWith(`${header}.${otherSub}.${signature}`)).statusCode).toBe(401);

      const none = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
      expect((await profileWith(`${none}.${payload}.`)).statusCode).toBe(401);

      const foreign = await new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256' })
        .sign(new TextEncoder().encode('x'.repeat(64)));
      expect((await profileWith(foreign)).statusCode).toBe(401);

      expect((await profileWith('garbage')).statusCode).toBe(401);
      expect(
        (
          await t.app.inject({
            method: 'GET',
            url: '/api/auth/profile',
            headers: { authorization: 'Basic abc' },
          })
        ).statusCode,
      ).toBe(401);

      expect((await profileWith(session.accessToken)).statusCode).toBe(200);
      await t.database.db.delete(users).where(eq(users.id, session.userId));
      expect((await profileWith(session.accessToken)).statusCode).toBe(401);
    });

    it('answers the auth test for a signed-in caller only', async () => {
      const session = await signIn(t.app, smtp, 'tester@example.org', freshIp());
      const ok = await t.app.inject({ method: 'GET', url: '/api/auth/test', headers: session.headers });
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toEqual({ message: 'Authentication is working' });
      // Answers with people's data are never kept by a browser or shared cache (docs/security.md).
      expect(ok.headers['cache-control']).toBe('no-store');
      const profile = await t.app.inject({
        method: 'GET',
        url: '/api/auth/profile',
        headers: session.headers,
      });
      expect(profile.headers['cache-control']).toBe('no-store');
      const anonymous = await t.app.inject({ method: 'GET', url: '/api/auth/test' });
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toEqual({
        statusCode: 401,
        error: 'Unauthorized',
        message: 'Authentication required',
      });
    });
  });
});

describe('who becomes admin', () => {
  it('grants ADMIN to an address in ADMIN_EMAILS when it signs in', async () => {
    const smtp = await new SmtpCapture().start();
    const t = await createTestApp({ envOverrides: { SMTP_URL: smtp.url, ADMIN_EMAILS: 'Lead@Example.org' } });
    try {
      expect((await signIn(t.app, smtp, 'someone@example.org')).role).toBe('PARTICIPANT');
      expect((await signIn(t.app, smtp, 'lead@example.org')).role).toBe('ADMIN');
    } finally {
      await t.close();
      await smtp.stop();
    }
  });

  it('makes the first person to sign in the admin in development only', async () => {
    const smtp = await new SmtpCapture().start();
    const dev = await createTestApp({ envOverrides: { SMTP_URL: smtp.url, NODE_ENV: 'development' } });
    const test = await createTestApp({ envOverrides: { SMTP_URL: smtp.url } });
    try {
      expect((await signIn(dev.app, smtp, 'first@example.org')).role).toBe('ADMIN');
      expect((await signIn(dev.app, smtp, 'second@example.org')).role).toBe('PARTICIPANT');
      expect((await signIn(test.app, smtp, 'first@example.org')).role).toBe('PARTICIPANT');
    } finally {
      await dev.close();
      await test.close();
      await smtp.stop();
    }
  });
});

describe('a route that needs a sign-in authenticates before it validates', () => {
  let t: TestApp;
  let smtp: SmtpCapture;

  useMailApp({ adminEmails: null }, (started) => {
    ({ t, smtp } = started);
  });

  const required = { statusCode: 401, error: 'Unauthorized', message: 'Authentication required' };

  it('answers a caller without a session 401, not the rules their bad input breaks', async () => {
    const calls = [
      { method: 'POST', url: '/api/auth/register', payload: ['not', 'an', 'object'] },
      { method: 'POST', url: '/api/auth/register', payload: { email: 'not-an-email', firstName: '' } },
      { method: 'GET', url: '/api/users/not-an-id' },
      { method: 'PUT', url: '/api/users/not-an-id', payload: { firstName: 7 } },
    ] as const;
    for (const call of calls) {
      const response = await t.app.inject(call);
      expect(response.statusCode, `${call.method} ${call.url}`).toBe(401);
      expect(response.json(), `${call.method} ${call.url}`).toEqual(required);
    }
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { authorization: 'Bearer not-a-token' },
      payload: [],
    });
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toEqual({ statusCode: 401, error: 'Unauthorized', message: SESSION_EXPIRED });
  });

  it('still answers a signed-in caller 400 with the rules', async () => {
    const person = await signIn(t.app, smtp, 'rules@example.org');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: person.headers,
      payload: ['not', 'an', 'object'],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: ['Invalid input: expected object, received array'],
    });
  });
});
