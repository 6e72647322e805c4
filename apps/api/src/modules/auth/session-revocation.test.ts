import { asc, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app';
import { addressesIn } from '../../../test/code-flow';
import { postWithRefreshCookie, type SignedIn, signIn } from '../../../test/session';
import type { SmtpCapture } from '../../../test/smtp';
import { useMailApp } from '../../../test/mail-app';
import { securityEvents } from '../../db/schema/index';
import { FAILURE_BUDGETS } from './auth.service';

// S11 (decision 022): an access token belongs to a session (its refresh-token family, claim `sid`) and stops
// working the moment that session ends: logout, sign out everywhere, an admin's "end sessions". S19: the
// sign-in and session events are recorded in security_events.

const START = new Date('2032-03-01T09:00:00Z');

describe('ending sessions', () => {
  let t: TestApp;
  let smtp: SmtpCapture;
  let clock = START;
  let admin: SignedIn;

  const freshIp = addressesIn('10.88');
  const profileWith = (session: SignedIn) =>
    t.app.inject({ method: 'GET', url: '/api/auth/profile', headers: session.headers });
  const refreshWith = (session: SignedIn) => postWithRefreshCookie(t.app, 'refresh', session.refreshToken);
  const endSessions = (caller: SignedIn | undefined, userId: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/users/${userId}/end-sessions`,
      headers: caller?.headers ?? {},
    });
  const eventsOf = async (email: string) =>
    (
      await t.database.db
        .select()
        .from(securityEvents)
        .where(eq(securityEvents.email, email))
        .orderBy(asc(securityEvents.createdAt))
    ).map(({ type, details, ip }) => ({ type, details, ip }));
  const eventsAbout = async (userId: string) =>
    (
      await t.database.db
        .select()
        .from(securityEvents)
        .where(eq(securityEvents.subjectUserId, userId))
        .orderBy(asc(securityEvents.createdAt))
    ).map(({ type, actorUserId, details }) => ({ type, actorUserId, details }));

  useMailApp({ adminEmails: 'boss@example.org', now: () => clock }, async (started) => {
    ({ t, smtp } = started);
    await t.app.services.config.save({ campName: 'Camp Revoke', registrationYear: 2032 });
    admin = await signIn(t.app, smtp, 'boss@example.org', freshIp());
  });
  beforeEach(() => {
    // A new rate-limit window for each test, within the access tokens' 15 minutes.
    clock = new Date(clock.getTime() + 60_000);
    smtp.clear();
  });

  it('logout ends that session’s access token at once, not the person’s other sessions (S11)', async () => {
    const laptop = await signIn(t.app, smtp, 'leaver@example.org', freshIp());
    const phone = await signIn(t.app, smtp, 'leaver@example.org', freshIp());
    expect((await profileWith(laptop)).statusCode).toBe(200);

    const out = await postWithRefreshCookie(t.app, 'logout', laptop.refreshToken);
    expect(out.statusCode).toBe(200);
    const refused = await profileWith(laptop);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe('Your session has expired. Please sign in again.');
    expect((await refreshWith(laptop)).statusCode).toBe(401);
    expect((await profileWith(phone)).statusCode).toBe(200);
    expect((await eventsAbout(laptop.userId)).map((event) => event.type)).toEqual([
      'sign_in.success',
      'sign_in.success',
      'session.logout',
    ]);
  });

  it('sign out everywhere ends all of the caller’s sessions and no one else’s (S11)', async () => {
    const laptop = await signIn(t.app, smtp, 'everywhere@example.org', freshIp());
    const phone = await signIn(t.app, smtp, 'everywhere@example.org', freshIp());
    const neighbour = await signIn(t.app, smtp, 'neighbour@example.org', freshIp());

    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout-all', headers: phone.headers });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ success: true, sessionsEnded: 2 });
    const cleared = Object.fromEntries(out.cookies.map((cookie) => [cookie.name, cookie.value]));
    expect(cleared).toEqual({ refresh_token: '', auth_state: '' });
    for (const session of [laptop, phone]) {
      expect((await profileWith(session)).statusCode).toBe(401);
      expect((await refreshWith(session)).statusCode).toBe(401);
    }
    expect((await profileWith(neighbour)).statusCode).toBe(200);
    expect((await refreshWith(neighbour)).statusCode).toBe(200);

    const events = await eventsAbout(laptop.userId);
    expect(events.at(-1)).toEqual({
      type: 'session.logout_all',
      actorUserId: laptop.userId,
      details: { sessionsEnded: 2 },
    });
    // Without a session, there is nothing to sign out of.
    const again = await t.app.inject({ method: 'POST', url: '/api/auth/logout-all', headers: phone.headers });
    expect(again.statusCode).toBe(401);
  });

  it('an admin ends a person’s sessions: their tokens die at once, others’ stay, recorded (S11, S19)', async () => {
    const camper = await signIn(t.app, smtp, 'ended@example.org', freshIp());
    const other = await signIn(t.app, smtp, 'bystander@example.org', freshIp());

    const ended = await endSessions(admin, camper.userId);
    expect(ended.statusCode).toBe(200);
    expect(ended.json()).toEqual({ success: true, sessionsEnded: 1 });
    expect((await profileWith(camper)).statusCode).toBe(401);
    expect((await refreshWith(camper)).statusCode).toBe(401);
    expect((await profileWith(other)).statusCode).toBe(200);
    expect((await profileWith(admin)).statusCode).toBe(200);
    expect((await eventsAbout(camper.userId)).at(-1)).toEqual({
      type: 'session.ended_by_admin',
      actorUserId: admin.userId,
      details: { sessionsEnded: 1 },
    });

    // A person with no live session: nothing to end, still 200.
    const none = await endSessions(admin, camper.userId);
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual({ success: true, sessionsEnded: 0 });
    // The person signs in again as usual.
    const back = await signIn(t.app, smtp, 'ended@example.org', freshIp());
    expect((await profileWith(back)).statusCode).toBe(200);
  });

  it('refuses the admin action to participants, staff and anonymous callers, and an unknown person', async () => {
    const target = await signIn(t.app, smtp, 'target@example.org', freshIp());
    const participant = await signIn(t.app, smtp, 'nosy@example.org', freshIp());
    const staff = await signIn(t.app, smtp, 'crew@example.org', freshIp());
    const promoted = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${staff.userId}`,
      headers: admin.headers,
      payload: { role: 'STAFF' },
    });
    expect(promoted.statusCode).toBe(200);

    expect((await endSessions(undefined, target.userId)).statusCode).toBe(401);
    for (const caller of [participant, staff]) {
      const refused = await endSessions(caller, target.userId);
      expect(refused.statusCode).toBe(403);
    }
    expect((await profileWith(target)).statusCode).toBe(200);
    const unknown = await endSessions(admin, '00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('User not found');
  });

  it('refuses an access token whose session id is unknown or belongs to someone else', async () => {
    const owner = await signIn(t.app, smtp, 'owner@example.org', freshIp());
    const thief = await signIn(t.app, smtp, 'thief@example.org', freshIp());
    const { sessionId: ownerSession } = (await t.app.services.tokens.verify(owner.accessToken))!;
    const statusWith = async (token: string) =>
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/auth/profile',
          headers: { authorization: `Bearer ${token}` },
        })
      ).statusCode;
    // Well signed, but naming another person's session: refused (the session must be the subject's own).
    expect(
      await statusWith(await t.app.services.tokens.issue(thief.userId, 'PARTICIPANT', ownerSession)),
    ).toBe(401);
    // Well signed, naming a session that never was.
    const invented = '00000000-0000-4000-8000-000000000001';
    expect(await statusWith(await t.app.services.tokens.issue(owner.userId, 'PARTICIPANT', invented))).toBe(
      401,
    );
    // The control: the owner's own session works.
    expect(
      await statusWith(await t.app.services.tokens.issue(owner.userId, 'PARTICIPANT', ownerSession)),
    ).toBe(200);
  });

  it('records sign-in successes, wrong codes and the pause with address and IP (S19)', async () => {
    const email = 'guessed@example.org';
    const ip = freshIp();
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-login-code',
      payload: { email },
      remoteAddress: ip,
    });
    const code = await smtp.codeFor(email);
    const wrong = code === '000000' ? '111111' : '000000';
    const attempt = (value: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login-with-code',
        payload: { email, code: value },
        remoteAddress: ip,
      });
    expect((await attempt(wrong)).statusCode).toBe(401);
    expect((await attempt(code)).statusCode).toBe(200);
    expect(await eventsOf(email)).toEqual([
      { type: 'sign_in.wrong_code', details: { reason: 'invalid' }, ip },
      { type: 'sign_in.success', details: null, ip },
    ]);

    // Spending the address's 15-minute failure budget pauses sign-in: recorded once, then 429s.
    const { limit, windowSeconds } = FAILURE_BUDGETS[0];
    for (let index = 1; index < limit; index += 1) await attempt(wrong);
    expect((await attempt(wrong)).statusCode).toBe(429);
    const events = await eventsOf(email);
    expect(events.filter((event) => event.type === 'sign_in.wrong_code')).toHaveLength(limit);
    expect(events.filter((event) => event.type === 'sign_in.paused')).toEqual([
      { type: 'sign_in.paused', details: { failures: limit, windowSeconds }, ip },
    ]);
  });

  it('records the first refusal of a rate-limit window once, not every 429 (S19)', async () => {
    const email = 'hammered@example.org';
    const ip = freshIp();
    const ask = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/request-login-code',
        payload: { email },
        remoteAddress: ip,
      });
    // LOGIN_CODE_MAX_PER_EMAIL is 5 by default: per (address, IP) and window.
    for (let index = 0; index < 5; index += 1) expect((await ask()).statusCode).toBe(200);
    expect((await ask()).statusCode).toBe(429);
    expect((await ask()).statusCode).toBe(429);
    expect((await eventsOf(email)).filter((event) => event.type === 'sign_in.rate_limited')).toEqual([
      {
        type: 'sign_in.rate_limited',
        details: { limit: 'code-requests-per-address-and-ip', max: 5, windowSeconds: 900 },
        ip,
      },
    ]);
  });

  it('records a reused refresh token (S10, S19)', async () => {
    const session = await signIn(t.app, smtp, 'copied@example.org', freshIp());
    expect((await refreshWith(session)).statusCode).toBe(200);
    clock = new Date(clock.getTime() + 31_000);
    expect((await refreshWith(session)).statusCode).toBe(401);
    const { sessionId } = (await t.app.services.tokens.verify(session.accessToken))!;
    expect((await eventsAbout(session.userId)).at(-1)).toEqual({
      type: 'session.refresh_reuse',
      actorUserId: null,
      details: { sessionId },
    });
  });
});
