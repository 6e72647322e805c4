import { SIGN_IN_LINK_INVALID, SIGN_IN_LINK_OTHER_BROWSER } from '@camp/shared';
import { asc, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { codeFlow, hourlyWindows } from '../../../test/code-flow';
import { useMailApp } from '../../../test/mail-app';
import type { SmtpCapture } from '../../../test/smtp';
import type { TestApp } from '../../../test/app';
import { loginCodes, securityEvents } from '../../db/schema/index';
import { CROSS_SITE_REFUSED } from '../../plugins/same-origin';
import { LOGIN_BROWSER_COOKIE } from './auth.routes';
import { FAILURE_BUDGETS, TOO_MANY_FAILURES, TOO_MANY_VERIFY_ATTEMPTS } from './auth.service';

// The one-click sign-in link mailed with the code (decision 062, docs/product.md §7 Authentication).

const START = new Date('2031-06-01T12:00:00Z');
const PUBLIC_URL = 'https://camp.example.org';

describe('sign-in by the one-click link', () => {
  let t: TestApp;
  let smtp: SmtpCapture;
  let clock: Date;
  const advance = (ms: number) => {
    clock = new Date(clock.getTime() + ms);
  };

  useMailApp(
    {
      adminEmails: null,
      env: { LOGIN_CODE_MAX_PER_EMAIL: '4', LOGIN_CODE_MAX_PER_IP: '6', PUBLIC_URL },
      now: () => clock,
    },
    async (started) => {
      ({ t, smtp } = started);
      await t.app.services.config.save({ campName: 'Camp Lantern', registrationYear: 2031 });
    },
  );
  const nextWindow = hourlyWindows(START);
  beforeEach(() => {
    clock = nextWindow();
    smtp.clear();
  });

  const { freshIp, verify } = codeFlow(() => t.app, '10.7');

  /** Asks for a code from a browser (with its nonce cookie, if it has one): the cookie set and the mail's link. */
  const askInBrowser = async (email: string, ip: string, nonce?: string) => {
    smtp.clear();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-login-code',
      payload: { email },
      remoteAddress: ip,
      ...(nonce ? { cookies: { [LOGIN_BROWSER_COOKIE]: nonce } } : {}),
    });
    expect(response.statusCode, response.body).toBe(200);
    const cookie = response.cookies.find((entry) => entry.name === LOGIN_BROWSER_COOKIE);
    const mail = await smtp.waitFor(email);
    const link = /(https:\/\/\S+\/#\/login\/link\?token=([\w-]+))/.exec(mail.text);
    const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
    if (!cookie || !link?.[2] || !code) throw new Error(`No cookie, link or code for ${email}`);
    return { cookie, nonce: cookie.value, url: link[1], token: link[2], code, mail };
  };

  const openLink = (token: unknown, ip: string, nonce?: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login-with-link',
      payload: { token },
      remoteAddress: ip,
      headers,
      ...(nonce ? { cookies: { [LOGIN_BROWSER_COOKIE]: nonce } } : {}),
    });

  const eventsOf = async (email: string) =>
    (
      await t.database.db
        .select()
        .from(securityEvents)
        .where(eq(securityEvents.email, email))
        .orderBy(asc(securityEvents.createdAt), asc(securityEvents.id))
    ).map(({ type, details }) => ({ type, details }));

  it('mails a link under PUBLIC_URL, sets the browser cookie and stores only HMACs', async () => {
    const ip = freshIp();
    const asked = await askInBrowser('linker@example.org', ip);
    expect(asked.url).toBe(`${PUBLIC_URL}/#/login/link?token=${asked.token}`);
    expect(asked.token).toMatch(/^[\w-]{43}$/);
    expect(asked.mail.text).toContain(
      'Or sign in with one click: the link works once, for 10 minutes, and only in the browser where you asked for the code.',
    );
    expect(asked.mail.html).toContain(`<a href="${asked.url}">Sign in to Camp Lantern</a>`);
    expect(asked.cookie).toMatchObject({
      httpOnly: true,
      secure: true,
      sameSite: 'Lax',
      path: '/api/auth',
      maxAge: 600,
    });
    expect(asked.nonce).toMatch(/^[\w-]{43}$/);

    const rows = await t.database.db
      .select()
      .from(loginCodes)
      .where(eq(loginCodes.email, 'linker@example.org'));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.linkTokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]!.browserHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toContain(asked.token);
    expect(JSON.stringify(rows)).not.toContain(asked.nonce);

    // The same browser asking again keeps its nonce; both links work in it.
    const again = await askInBrowser('linker@example.org', freshIp(), asked.nonce);
    expect(again.nonce).toBe(asked.nonce);
    expect(again.token).not.toBe(asked.token);
  });

  it('signs the owner in by link while guessing from another IP has paused the code', async () => {
    const email = 'owner@example.org';
    const ownerIp = freshIp();
    const attackerIp = freshIp();
    const owner = await askInBrowser(email, ownerIp);
    // The attacker burns the address's guessing budget (and asks for codes of their own for it).
    expect((await askInBrowser(email, attackerIp)).nonce).not.toBe(owner.nonce);
    const wrong = owner.code === '000000' ? '111111' : '000000';
    const { limit } = FAILURE_BUDGETS[0];
    const statuses: number[] = [];
    for (let i = 0; i < limit; i += 1) statuses.push((await verify(email, wrong, attackerIp)).statusCode);
    expect(statuses).toEqual(Array<number>(limit).fill(401));
    smtp.clear();
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-login-code',
      payload: { email },
      remoteAddress: attackerIp,
    });

    // The owner's code is paused…
    const paused = await verify(email, owner.code, ownerIp);
    expect(paused.statusCode).toBe(429);
    expect(paused.json<{ message: string }>().message).toBe(TOO_MANY_FAILURES);
    // …but the link, in the owner's browser, signs in.
    const signedIn = await openLink(owner.token, ownerIp, owner.nonce);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json()).toEqual({
      accessToken: expect.stringMatching(/^ey[\w-]+\.[\w-]+\.[\w-]+$/),
      userId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      email,
      firstName: null,
      lastName: null,
      role: 'PARTICIPANT',
    });
    const refresh = signedIn.cookies.find((cookie) => cookie.name === 'refresh_token');
    expect(refresh).toMatchObject({ httpOnly: true, path: '/api/auth', sameSite: 'Strict', secure: true });
    expect(refresh!.value).toMatch(/^[\w-]{43}$/);
    expect(signedIn.cookies.find((cookie) => cookie.name === 'auth_state')?.value).toBe('authenticated');
    // Signed in: the address's codes are gone.
    expect(await t.database.db.select().from(loginCodes).where(eq(loginCodes.email, email))).toEqual([]);
    const events = await eventsOf(email);
    expect(events.filter((event) => event.type.startsWith('sign_in.link'))).toEqual([
      { type: 'sign_in.link', details: null },
    ]);
    expect(events.filter((event) => event.type === 'sign_in.success')).toEqual([]);
  });

  it('works once: the second use, and the code mailed with it, are refused', async () => {
    const ip = freshIp();
    const asked = await askInBrowser('once@example.org', ip);
    expect((await openLink(asked.token, ip, asked.nonce)).statusCode).toBe(200);
    const second = await openLink(asked.token, ip, asked.nonce);
    expect(second.statusCode).toBe(400);
    expect(second.json()).toEqual({ statusCode: 400, error: 'Bad Request', message: SIGN_IN_LINK_INVALID });
    expect((await verify('once@example.org', asked.code, ip)).statusCode).toBe(401);
  });

  it('dies with its code: the code used first, or 10 minutes passed', async () => {
    const ip = freshIp();
    const byCode = await askInBrowser('code-first@example.org', ip);
    expect((await verify('code-first@example.org', byCode.code, ip)).statusCode).toBe(200);
    expect((await openLink(byCode.token, ip, byCode.nonce)).statusCode).toBe(400);

    const late = await askInBrowser('late@example.org', ip);
    advance(10 * 60_000 + 1000);
    const expired = await openLink(late.token, ip, late.nonce);
    expect(expired.statusCode).toBe(400);
    expect(expired.json<{ message: string }>().message).toBe(SIGN_IN_LINK_INVALID);
  });

  it('refuses another browser with 403 and keeps the link for the right one', async () => {
    const email = 'device@example.org';
    const ip = freshIp();
    const asked = await askInBrowser(email, ip);
    const other = await askInBrowser('someone-else@example.org', freshIp());
    for (const nonce of [undefined, other.nonce, 'not-a-nonce']) {
      const refused = await openLink(asked.token, ip, nonce);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({
        statusCode: 403,
        error: 'Forbidden',
        message: SIGN_IN_LINK_OTHER_BROWSER,
      });
      expect(refused.cookies.find((cookie) => cookie.name === 'refresh_token')).toBeUndefined();
    }
    expect((await eventsOf(email)).filter((event) => event.type === 'sign_in.link_refused')).toEqual(
      Array(3).fill({ type: 'sign_in.link_refused', details: { reason: 'other_browser' } }),
    );
    expect((await openLink(asked.token, ip, asked.nonce)).json<{ email: string }>().email).toBe(email);
  });

  it("signs in only the token's own address: another address's token is bound to its own browser", async () => {
    const ip = freshIp();
    const alice = await askInBrowser('alice@example.org', ip);
    // Bob asks in another browser; Alice's browser cannot use Bob's token, and Bob's token signs in Bob only.
    const bob = await askInBrowser('bob@example.org', freshIp());
    expect((await openLink(bob.token, ip, alice.nonce)).statusCode).toBe(403);
    // In one browser that asked for both, each token signs in its own address.
    const carol = await askInBrowser('carol@example.org', ip, alice.nonce);
    const signedIn = await openLink(carol.token, ip, alice.nonce);
    expect(signedIn.json<{ email: string }>().email).toBe('carol@example.org');
    expect(
      await t.database.db.select().from(loginCodes).where(eq(loginCodes.email, 'alice@example.org')),
    ).toHaveLength(1);
    expect((await openLink(alice.token, ip, alice.nonce)).json<{ email: string }>().email).toBe(
      'alice@example.org',
    );
    expect((await openLink(bob.token, freshIp(), bob.nonce)).json<{ email: string }>().email).toBe(
      'bob@example.org',
    );
  });

  it('answers a malformed or unknown token with the same 400 and records the refusal', async () => {
    const ip = freshIp();
    for (const token of ['short', 'x'.repeat(44), 42, 'A'.repeat(43)]) {
      const response = await openLink(token, ip, 'A'.repeat(43));
      expect(response.statusCode).toBe(400);
      const { message } = response.json<{ message: string | string[] }>();
      expect([message].flat()).toEqual([SIGN_IN_LINK_INVALID]);
    }
    const extra = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login-with-link',
      payload: { token: 'A'.repeat(43), email: 'a@example.org' },
      remoteAddress: ip,
    });
    expect(extra.statusCode).toBe(400);
    const refusals = await t.database.db.select().from(securityEvents).where(eq(securityEvents.ip, ip));
    expect(refusals.map(({ type, details }) => ({ type, details }))).toEqual([
      { type: 'sign_in.link_refused', details: { reason: 'invalid' } },
    ]);
  });

  it('limits link checks per IP (LOGIN_CODE_MAX_PER_IP per 15 minutes) and refuses another site', async () => {
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 7; i += 1) statuses.push((await openLink('B'.repeat(43), ip)).statusCode);
    expect(statuses).toEqual([400, 400, 400, 400, 400, 400, 429]);
    const limited = await openLink('B'.repeat(43), ip);
    expect(limited.json<{ message: string }>().message).toBe(TOO_MANY_VERIFY_ATTEMPTS);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);

    const asked = await askInBrowser('cross@example.org', freshIp());
    const crossSite = await openLink(asked.token, freshIp(), asked.nonce, { origin: 'https://evil.example' });
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.json<{ message: string }>().message).toBe(CROSS_SITE_REFUSED);
  });
});
