import { type AuthResponse } from '@camp/shared';
import { eq, sql } from 'drizzle-orm';
import { decodeJwt, SignJWT } from 'jose';
import { beforeEach, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/raw';
import { isAppendOnlyRefusal, isCheckViolation } from '../src/db/pg-error';
import {
  auditRecords,
  campingOptions,
  jobs,
  refreshTokens,
  registrationCampingOptions,
  registrationJobs,
  securityEvents,
  users,
} from '../src/db/schema/index';
import { deriveKey, randomDigits, sha256Hex } from '../src/lib/crypto';
import { insertRegistration } from './camp';
import { createTestApp, TEST_APP_SECRET, type TestApp } from './app';
import { codeFlow, hourlyWindows } from './code-flow';
import { cookieValue, postWithRefreshCookie, type SignedIn, signIn } from './session';
import type { SmtpCapture } from './smtp';
import { useMailApp } from './mail-app';

// Proofs for the items of the security checklist (S1–S20, as docs/security.md lists them) that
// no other test proved; docs/security.md names, per item, this test or the one elsewhere that proves it.

const START = new Date('2033-03-01T08:00:00Z');
const DAY_MS = 24 * 3600 * 1000;
const ACCESS_KEY = new Uint8Array(deriveKey(TEST_APP_SECRET, 'access-token'));

describe('security checklist proofs', () => {
  let t: TestApp;
  let smtp: SmtpCapture;
  let clock = START;
  let admin: SignedIn;
  const advance = (ms: number) => {
    clock = new Date(clock.getTime() + ms);
  };

  const { freshIp, requestCode, verify } = codeFlow(() => t.app, '10.77');
  const refresh = (token: string | undefined) => postWithRefreshCookie(t.app, 'refresh', token);
  const profileWith = (token: string) =>
    t.app.inject({ method: 'GET', url: '/api/auth/profile', headers: { authorization: `Bearer ${token}` } });

  useMailApp({ env: { LOGIN_CODE_MAX_PER_IP: '3' }, now: () => clock }, async (started) => {
    ({ t, smtp } = started);
    await t.app.services.config.save({ campName: 'Camp Checklist', registrationYear: 2033 });
    admin = await signIn(t.app, smtp, 'admin@example.org', freshIp());
  });
  const nextWindow = hourlyWindows(START);
  beforeEach(() => {
    // Each test starts in its own rate-limit window, an hour after the previous test's; the admin's token is
    // renewed where a test needs it.
    clock = nextWindow();
    smtp.clear();
  });

  /** The admin's headers, with an access token valid at the current clock. */
  const adminHeaders = async () => {
    const user = await t.app.services.users.findById(admin.userId);
    return { authorization: `Bearer ${await t.app.services.auth.openSessionFor(user!)}` };
  };

  /** Every row of every table of the app's schema, as JSON text: what a stolen database dump shows. */
  const dumpDatabase = async (): Promise<string> => {
    const db = t.database.db;
    const tables = rowsOf<{ name: string }>(
      await db.execute(
        sql`select table_name as name from information_schema.tables
            where table_schema = current_schema() and table_type = 'BASE TABLE'`,
      ),
    );
    expect(tables.map((table) => table.name)).toEqual(
      expect.arrayContaining(['users', 'login_codes', 'refresh_tokens', 'email_outbox']),
    );
    const parts: string[] = [];
    for (const { name } of tables) {
      const rows = rowsOf<{ j: string }>(
        await db.execute(sql.raw(`select row_to_json(t)::text as j from "${name}" t`)),
      );
      parts.push(...rows.map((row) => row.j));
    }
    return parts.join('\n');
  };

  it('S1: draws sign-in codes as exactly 6 digits, keeping leading zeros, evenly spread', () => {
    const codes = Array.from({ length: 5000 }, () => randomDigits(6));
    for (const code of codes) expect(code).toMatch(/^\d{6}$/);
    // About one code in ten starts with 0; a generator that dropped or rewrote leading zeros would show none.
    const firstDigits = new Map<string, number>();
    for (const code of codes) firstDigits.set(code[0]!, (firstDigits.get(code[0]!) ?? 0) + 1);
    expect([...firstDigits.keys()].sort()).toEqual(['0', '1', '2', '3', '4', '5', '6', '7', '8', '9']);
    for (const count of firstDigits.values()) expect(count).toBeGreaterThan(350);
    expect(new Set(codes).size).toBeGreaterThan(4900);
  });

  it('S4: binds a code to its address: the code mailed to one address does not sign in another', async () => {
    let codeA = '';
    let codeB = '';
    // Two codes that differ (equal codes happen once in a million draws).
    while (codeA === codeB) {
      smtp.clear();
      await requestCode('bound-a@example.org');
      await requestCode('bound-b@example.org');
      codeA = await smtp.codeFor('bound-a@example.org');
      codeB = await smtp.codeFor('bound-b@example.org');
    }
    const crossed = await verify('bound-b@example.org', codeA);
    expect(crossed.statusCode).toBe(401);
    expect(cookieValue(crossed, 'refresh_token')).toBeUndefined();
    const crossedBack = await verify('bound-a@example.org', codeB);
    expect(crossedBack.statusCode).toBe(401);
    // Each code still opens its own address.
    expect((await verify('bound-a@example.org', codeA)).json<AuthResponse>().email).toBe(
      'bound-a@example.org',
    );
    expect((await verify('bound-b@example.org', codeB)).json<AuthResponse>().email).toBe(
      'bound-b@example.org',
    );
  });

  it('S5/S6: limits code checks per IP (4 × LOGIN_CODE_MAX_PER_IP per 15 minutes) with 429 and Retry-After', async () => {
    const ip = freshIp();
    const statuses: number[] = [];
    // LOGIN_CODE_MAX_PER_IP is 3 here: 12 checks per window from one address, whichever e-mail they name.
    for (let i = 0; i < 13; i += 1) {
      statuses.push((await verify(`guess${i}@example.org`, '123456', ip)).statusCode);
    }
    expect(statuses).toEqual([...Array<number>(12).fill(401), 429]);
    const limited = await verify('guess13@example.org', '123456', ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      statusCode: 429,
      error: 'Too Many Requests',
      message: 'Too many sign-in attempts. Please wait a few minutes and try again.',
    });
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(900);
    // Another address is not affected, and the window ends.
    expect((await verify('guess14@example.org', '123456')).statusCode).toBe(401);
    advance(15 * 60_000);
    expect((await verify('guess15@example.org', '123456', ip)).statusCode).toBe(401);
  });

  it('S8: keeps only hashes of sign-in codes and refresh tokens: a dump of every table shows neither', async () => {
    await requestCode('dumped@example.org');
    const code = await smtp.codeFor('dumped@example.org');
    // Timestamps (microseconds), ids and hex digests can hold six digits in a row by chance: drop them first.
    const withoutNoise = (dump: string) =>
      dump
        .replace(/\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}(\.\d+)?([+-]\d{2}(:\d{2})?|Z)?/g, '')
        .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, '')
        .replace(/[0-9a-f]{32,}/gi, '');
    const beforeVerify = await dumpDatabase();
    expect(beforeVerify).toContain('dumped@example.org');
    expect(withoutNoise(beforeVerify)).not.toContain(code);

    const verified = await verify('dumped@example.org', code);
    expect(verified.statusCode).toBe(200);
    const first = cookieValue(verified, 'refresh_token')!;
    const rotated = cookieValue(await refresh(first), 'refresh_token')!;
    expect(rotated).toBeTruthy();
    const { accessToken } = verified.json<AuthResponse>();

    const afterSignIn = await dumpDatabase();
    for (const secret of [first, rotated, accessToken]) expect(afterSignIn).not.toContain(secret);
    // What is kept instead: the SHA-256 of each refresh token.
    const rows = await t.database.db
      .select({ tokenHash: refreshTokens.tokenHash })
      .from(refreshTokens)
      .where(eq(refreshTokens.userId, verified.json<AuthResponse>().userId));
    expect(rows.map((row) => row.tokenHash).sort()).toEqual([sha256Hex(first), sha256Hex(rotated)].sort());
  });

  it('S9: opens a new session at every sign-in, never the refresh cookie the browser presents; 256-bit tokens', async () => {
    const email = 'fixed@example.org';
    const first = await signIn(t.app, smtp, email, freshIp());
    smtp.clear();
    advance(1000);
    await requestCode(email);
    const code = await smtp.codeFor(email);
    // The browser still holds the first session's cookie (or one an attacker planted) while signing in.
    const second = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login-with-code',
      payload: { email, code },
      remoteAddress: freshIp(),
      cookies: { refresh_token: first.refreshToken },
    });
    expect(second.statusCode).toBe(200);
    const secondToken = cookieValue(second, 'refresh_token')!;
    expect(secondToken).not.toBe(first.refreshToken);
    expect(second.json<AuthResponse>().accessToken).not.toBe(first.accessToken);
    for (const token of [first.refreshToken, secondToken]) {
      expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    }
    const sessions = await t.database.db
      .select({ familyId: refreshTokens.familyId })
      .from(refreshTokens)
      .where(eq(refreshTokens.userId, first.userId));
    expect(new Set(sessions.map((row) => row.familyId)).size).toBe(2);
  });

  it('S10/S14: refuses a refresh token left unused for 30 days; one used within 30 days keeps working', async () => {
    const idle = await signIn(t.app, smtp, 'idle@example.org', freshIp());
    const active = await signIn(t.app, smtp, 'active@example.org', freshIp());
    advance(29 * DAY_MS);
    const renewed = await refresh(active.refreshToken);
    expect(renewed.statusCode).toBe(200);
    advance(DAY_MS + 1000);
    const expired = await refresh(idle.refreshToken);
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual({
      statusCode: 401,
      error: 'Unauthorized',
      message: 'Your session has expired. Please sign in again.',
    });
    // A failed refresh also clears the cookies it holds.
    expect(cookieValue(expired, 'refresh_token')).toBe('');
    expect((await refresh(cookieValue(renewed, 'refresh_token'))).statusCode).toBe(200);
  });

  it('S11: ends access at once when an admin demotes a role or deletes the account (its refresh token too)', async () => {
    const staff = await signIn(t.app, smtp, 'demoted@example.org', freshIp());
    await t.database.db.update(users).set({ role: 'STAFF' }).where(eq(users.id, staff.userId));
    const report = () => t.app.inject({ method: 'GET', url: '/api/reports/users', headers: staff.headers });
    expect((await report()).statusCode).toBe(200);
    const demote = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${staff.userId}`,
      headers: await adminHeaders(),
      payload: { role: 'PARTICIPANT' },
    });
    expect(demote.statusCode).toBe(200);
    // The same, unexpired access token: the role is read from the database, not from the token.
    expect((await report()).statusCode).toBe(403);

    const removed = await signIn(t.app, smtp, 'removed@example.org', freshIp());
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/users/${removed.userId}`,
      headers: await adminHeaders(),
    });
    expect(deleted.statusCode).toBe(204);
    expect((await profileWith(removed.accessToken)).statusCode).toBe(401);
    expect((await refresh(removed.refreshToken)).statusCode).toBe(401);
    expect(
      await t.database.db.select().from(refreshTokens).where(eq(refreshTokens.userId, removed.userId)),
    ).toEqual([]);
  });

  it('S12: refuses, at the API, tokens signed with the right key but another algorithm, expired, or without exp', async () => {
    const holder = await signIn(t.app, smtp, 'jwt@example.org', freshIp());
    const seconds = Math.floor(clock.getTime() / 1000);
    const forge = (alg: 'HS256' | 'HS384' | 'HS512', lifetime: number | null) => {
      let jwt = new SignJWT({ role: 'ADMIN', sid: decodeJwt(holder.accessToken).sid })
        .setProtectedHeader({ alg, typ: 'JWT' })
        .setSubject(holder.userId)
        .setIssuer('camp-registration')
        .setAudience('camp-registration-api')
        .setIssuedAt(seconds - 60);
      if (lifetime !== null) jwt = jwt.setExpirationTime(seconds - 60 + lifetime);
      return jwt.sign(ACCESS_KEY);
    };
    // The control: with our algorithm, key and claims the forged token is accepted, so each refusal below is
    // about the one thing changed.
    expect((await profileWith(await forge('HS256', 900))).statusCode).toBe(200);
    expect((await profileWith(await forge('HS512', 900))).statusCode).toBe(401);
    expect((await profileWith(await forge('HS384', 900))).statusCode).toBe(401);
    expect((await profileWith(await forge('HS256', 30))).statusCode).toBe(401);
    expect((await profileWith(await forge('HS256', null))).statusCode).toBe(401);
  });

  it('S13: sets the refresh cookie HttpOnly, Secure, SameSite=Strict, Path=/api/auth when served over https', async () => {
    const https = await createTestApp({
      now: () => clock,
      envOverrides: { SMTP_URL: smtp.url, PUBLIC_URL: 'https://camp.example.org' },
    });
    try {
      await https.app.services.config.save({ campName: 'Camp Checklist', registrationYear: 2033 });
      const session = await signIn(https.app, smtp, 'secure@example.org', freshIp());
      const rotated = await postWithRefreshCookie(https.app, 'refresh', session.refreshToken);
      expect(rotated.statusCode).toBe(200);
      const setCookies = [rotated.headers['set-cookie']].flat().map(String);
      const refreshCookie = setCookies.find((cookie) => cookie.startsWith('refresh_token='));
      expect(refreshCookie).toBeDefined();
      const attributes = refreshCookie!.split(';').map((part) => part.trim().toLowerCase());
      expect(attributes).toEqual(
        expect.arrayContaining([
          'httponly',
          'secure',
          'samesite=strict',
          'path=/api/auth',
          'max-age=2592000',
        ]),
      );
      expect(attributes.some((part) => part.startsWith('domain='))).toBe(false);
      const marker = setCookies.find((cookie) => cookie.startsWith('auth_state='));
      expect(marker!.toLowerCase()).toContain('secure');

      const out = await postWithRefreshCookie(https.app, 'logout', cookieValue(rotated, 'refresh_token'));
      const cleared = [out.headers['set-cookie']]
        .flat()
        .map(String)
        .find((cookie) => cookie.startsWith('refresh_token='));
      expect(cleared!.toLowerCase()).toContain('path=/api/auth');
      expect(cleared!.toLowerCase()).toContain('secure');
    } finally {
      await https.close();
    }
  });

  it('S15: refresh and logout, which a cookie alone authorizes, refuse a request another site sends', async () => {
    const victim = await signIn(t.app, smtp, 'cookie-csrf@example.org', freshIp());
    const cookies = { refresh_token: victim.refreshToken };
    const cookieCall = (url: string, headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'text/plain', ...headers },
        cookies,
        payload: 'x',
      });
    for (const url of ['/api/auth/logout', '/api/auth/refresh']) {
      const crossSite: Array<Record<string, string>> = [
        { origin: 'https://evil.example' },
        { origin: 'https://camp.evil.example' },
        { origin: 'null' },
        { 'sec-fetch-site': 'cross-site' },
      ];
      for (const headers of crossSite) {
        const response = await cookieCall(url, headers);
        expect(response.statusCode, `${url} ${JSON.stringify(headers)}`).toBe(403);
        expect(response.json<{ message: string }>().message).toBe(
          'Cross-site requests are not allowed here.',
        );
      }
    }
    // The session survived every one of those: the app itself (same origin) still refreshes it.
    const own = await cookieCall('/api/auth/refresh', {
      origin: 'http://localhost:80',
      host: 'localhost:80',
    });
    expect(own.statusCode, own.body).toBe(200);
  });

  it('S15: a cross-site form post (cookies attached, no bearer, form content types) changes nothing', async () => {
    const victim = await signIn(t.app, smtp, 'csrf@example.org', freshIp());
    const cookies = { refresh_token: victim.refreshToken, auth_state: 'authenticated' };
    const before = await t.database.db.select().from(users).where(eq(users.id, victim.userId));
    const profile = JSON.stringify({
      email: 'csrf@example.org',
      firstName: 'Forged',
      lastName: 'Name',
      phone: '555-0100',
      emergencyContact: 'Someone, 555-0101',
    });
    // Routes that change data need the bearer token, which a page on another site cannot read or send; the
    // body must be JSON, which a form cannot send.
    for (const contentType of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data']) {
      for (const [method, url] of [
        ['POST', '/api/auth/register'],
        ['PUT', `/api/users/${victim.userId}`],
        ['POST', '/api/registrations/camp'],
      ] as const) {
        const response = await t.app.inject({
          method,
          url,
          headers: { 'content-type': contentType, origin: 'https://evil.example' },
          cookies,
          payload: profile,
        });
        expect([400, 401, 415], `${method} ${url} ${contentType}`).toContain(response.statusCode);
        expect(response.headers['access-control-allow-origin']).toBeUndefined();
      }
    }
    // A change that needs no body (deleting a user) is refused too: the admin's cookies are no credential.
    const adminCookies = { refresh_token: admin.refreshToken, auth_state: 'authenticated' };
    for (const contentType of [undefined, 'text/plain']) {
      const response = await t.app.inject({
        method: 'DELETE',
        url: `/api/users/${victim.userId}`,
        headers: { origin: 'https://evil.example', ...(contentType ? { 'content-type': contentType } : {}) },
        cookies: adminCookies,
        ...(contentType ? { payload: 'x' } : {}),
      });
      expect(response.statusCode, String(contentType)).toBe(401);
    }
    // A form post of a code does not open a session: the body must be JSON.
    await requestCode('csrf@example.org');
    const code = await smtp.codeFor('csrf@example.org');
    const formLogin = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login-with-code',
      headers: { 'content-type': 'text/plain', origin: 'https://evil.example' },
      payload: JSON.stringify({ email: 'csrf@example.org', code }),
    });
    expect(formLogin.statusCode).toBe(400);
    expect(cookieValue(formLogin, 'refresh_token')).toBeUndefined();
    expect(await t.database.db.select().from(users).where(eq(users.id, victim.userId))).toEqual(before);
  });

  it('S16: strips svg onload, img onerror and javascript: links from admin HTML on save and in the public view', async () => {
    const response = await t.app.inject({
      method: 'PATCH',
      url: '/api/core-config/current',
      headers: await adminHeaders(),
      payload: {
        campDescription: '<svg onload="alert(1)"><circle r="5"></circle></svg><p>Dust</p>',
        homePageBlurb: '<p>Hi</p><img src="x" onerror="alert(2)"><a href="javascript:alert(3)">go</a>',
        registrationTerms: '<a href=" JaVaScRiPt:alert(4)">terms</a><svg><animate onbegin="alert(5)"/></svg>',
      },
    });
    expect(response.statusCode).toBe(200);
    const publicView = await t.app.inject({ method: 'GET', url: '/api/public/config' });
    const stored = publicView.json<Record<string, string>>();
    for (const field of ['campDescription', 'homePageBlurb', 'registrationTerms']) {
      expect(stored[field], field).not.toMatch(/<svg|onload|onerror|onbegin|javascript:|alert/i);
    }
    expect(stored.campDescription).toBe('<p>Dust</p>');
    expect(stored.homePageBlurb).toBe('<p>Hi</p><img src="x" /><a>go</a>');
  });

  it('Capacity: the database holds a registration to one link per job and per camping option', async () => {
    const headers = await adminHeaders();
    const create = async (url: string, payload: object) => {
      const response = await t.app.inject({ method: 'POST', url, headers, payload });
      expect(response.statusCode, `${url} ${response.body}`).toBe(201);
      return response.json<{ id: string }>().id;
    };
    const categoryId = await create('/api/job-categories', { name: 'Kitchen', description: 'Cooks dinner' });
    const shiftId = await create('/api/shifts', {
      name: 'Tuesday evening',
      dayOfWeek: 'TUESDAY',
      startTime: '17:00',
      endTime: '21:00',
    });
    const jobId = await create('/api/jobs', {
      name: 'Line Cook',
      location: 'Kitchen',
      categoryId,
      shiftId,
      maxRegistrations: 5,
    });
    const optionId = await create('/api/camping-options', {
      name: 'Hammock',
      participantDues: 10,
      maxSignups: 5,
    });
    const registrationId = await insertRegistration(t.database.db, {
      userId: admin.userId,
      year: 2033,
      jobIds: [jobId],
      campingOptionIds: [optionId],
    });
    await expect(t.database.db.insert(registrationJobs).values({ registrationId, jobId })).rejects.toThrow();
    await expect(
      t.database.db.insert(registrationCampingOptions).values({ registrationId, campingOptionId: optionId }),
    ).rejects.toThrow();
    const links = await t.database.db
      .select()
      .from(registrationJobs)
      .where(eq(registrationJobs.registrationId, registrationId));
    expect(links).toHaveLength(1);
  });

  /** The error a statement fails with (it must fail). */
  const failureOf = async (statement: PromiseLike<unknown>): Promise<unknown> => {
    try {
      await statement;
    } catch (error) {
      return error;
    }
    throw new Error('the statement succeeded');
  };

  it("Capacity: the database itself refuses an oversold counter; a stale year's count never blocks lowering a maximum", async () => {
    const headers = await adminHeaders();
    const create = async (url: string, payload: object) => {
      const response = await t.app.inject({ method: 'POST', url, headers, payload });
      expect(response.statusCode, `${url} ${response.body}`).toBe(201);
      return response.json<{ id: string }>().id;
    };
    const db = t.database.db;
    const categoryId = await create('/api/job-categories', { name: 'Bar', description: 'Pours drinks' });
    const shiftId = await create('/api/shifts', {
      name: 'Friday night',
      dayOfWeek: 'FRIDAY',
      startTime: '20:00',
      endTime: '23:00',
    });
    const jobId = await create('/api/jobs', {
      name: 'Barkeep',
      location: 'Bar',
      categoryId,
      shiftId,
      maxRegistrations: 2,
    });
    const optionId = await create('/api/camping-options', {
      name: 'Yurt',
      participantDues: 10,
      maxSignups: 2,
    });
    const unlimitedId = await create('/api/camping-options', {
      name: 'Field',
      participantDues: 5,
      maxSignups: 0,
    });

    // Taking a third place of two, as a buggy writer would: the database refuses it.
    const oversoldJob = await failureOf(
      db.update(jobs).set({ currentRegistrations: 3, countedYear: 2033 }).where(eq(jobs.id, jobId)),
    );
    expect(isCheckViolation(oversoldJob, 'jobs_capacity_not_exceeded')).toBe(true);
    const oversoldOption = await failureOf(
      db
        .update(campingOptions)
        .set({ currentRegistrations: 3, countedYear: 2033 })
        .where(eq(campingOptions.id, optionId)),
    );
    expect(isCheckViolation(oversoldOption, 'camping_options_capacity_not_exceeded')).toBe(true);
    // 0 is unlimited.
    await db
      .update(campingOptions)
      .set({ currentRegistrations: 500, countedYear: 2033 })
      .where(eq(campingOptions.id, unlimitedId));

    // Last year's count (2 of 2) does not hold places this year (2033): lowering the maximum to 1 works and
    // leaves the counter counting this year.
    await db.update(jobs).set({ currentRegistrations: 2, countedYear: 2032 }).where(eq(jobs.id, jobId));
    await db
      .update(campingOptions)
      .set({ currentRegistrations: 2, countedYear: 2032 })
      .where(eq(campingOptions.id, optionId));
    const lowerJob = await t.app.inject({
      method: 'PATCH',
      url: `/api/jobs/${jobId}`,
      headers,
      payload: { maxRegistrations: 1 },
    });
    expect(lowerJob.statusCode, lowerJob.body).toBe(200);
    const lowerOption = await t.app.inject({
      method: 'PATCH',
      url: `/api/camping-options/${optionId}`,
      headers,
      payload: { maxSignups: 1 },
    });
    expect(lowerOption.statusCode, lowerOption.body).toBe(200);
    const [job] = await db.select().from(jobs).where(eq(jobs.id, jobId));
    const [option] = await db.select().from(campingOptions).where(eq(campingOptions.id, optionId));
    expect([job?.maxRegistrations, job?.currentRegistrations, job?.countedYear]).toEqual([1, 0, 2033]);
    expect([option?.maxSignups, option?.currentRegistrations, option?.countedYear]).toEqual([1, 0, 2033]);
  });

  it('S19: security_events refuses UPDATE and DELETE; audit_records refuses UPDATE, yet deleting an admin keeps their records', async () => {
    const db = t.database.db;
    const [event] = await db
      .insert(securityEvents)
      .values({ type: 'sign_in.success', email: 'kept@example.org' })
      .returning();
    expect(
      isAppendOnlyRefusal(
        await failureOf(
          db.update(securityEvents).set({ email: 'x' }).where(eq(securityEvents.id, event!.id)),
        ),
      ),
    ).toBe(true);
    expect(
      isAppendOnlyRefusal(await failureOf(db.delete(securityEvents).where(eq(securityEvents.id, event!.id)))),
    ).toBe(true);
    expect(await db.select().from(securityEvents).where(eq(securityEvents.id, event!.id))).toEqual([event]);

    // A second admin, whose audited action survives the deletion of their account (admin_user_id set null).
    const headers = await adminHeaders();
    const deputy = await signIn(t.app, smtp, 'deputy@example.org', freshIp());
    const promoted = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${deputy.userId}`,
      headers,
      payload: { role: 'ADMIN' },
    });
    expect(promoted.statusCode).toBe(200);
    const [record] = await db
      .insert(auditRecords)
      .values({
        actionType: 'REGISTRATION_EDIT',
        adminUserId: deputy.userId,
        registrationId: null,
        reason: 'typo fixed',
      })
      .returning();
    expect(
      isAppendOnlyRefusal(
        await failureOf(
          db.update(auditRecords).set({ reason: 'rewritten' }).where(eq(auditRecords.id, record!.id)),
        ),
      ),
    ).toBe(true);
    expect(
      isAppendOnlyRefusal(
        await failureOf(
          db
            .update(auditRecords)
            .set({ adminUserId: null, reason: 'x' })
            .where(eq(auditRecords.id, record!.id)),
        ),
      ),
    ).toBe(true);
    const removed = await t.app.inject({ method: 'DELETE', url: `/api/users/${deputy.userId}`, headers });
    expect(removed.statusCode, removed.body).toBe(204);
    expect(await db.select().from(auditRecords).where(eq(auditRecords.id, record!.id))).toEqual([
      { ...record, adminUserId: null },
    ]);
  });
});
