import { ADMIN_PASSKEY_CONFIG_TEXTS, PASSKEY_MESSAGES, type Passkey } from '@camp/shared';
import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/server';
import { and, asc, eq, like } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Camp, startCamp } from '../../../test/camp';
import { configure, insertSignedInPerson, type Person } from '../../../test/camp-registrations';
import { outboxRowsTo } from '../../../test/rows';
import { cookieValue } from '../../../test/session';
import { SoftAuthenticator } from '../../../test/webauthn-authenticator';
import { INVALID_CODE, TOO_MANY_FAILURES } from '../auth/auth.service';
import { passkeys, securityEvents, webauthnChallenges } from '../../db/schema/index';

// Passkeys (docs/product.md §12 Passkeys, decision 061): adding, listing, renaming and removing one's own, and
// signing in with one. A software authenticator makes real attestations and assertions, so the server's WebAuthn
// verification runs on every answer here.

const ISO = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
const UUID = expect.stringMatching(/^[0-9a-f-]{36}$/);

describe('passkeys', () => {
  let camp: Camp;
  let person: Person;
  let authenticator: SoftAuthenticator;

  beforeAll(async () => {
    camp = await startCamp();
    person = await insertSignedInPerson(camp, { firstName: 'Pat', lastName: 'Key' });
    const { rpId, origin } = camp.t.app.services.passkeys;
    authenticator = new SoftAuthenticator(rpId, origin);
  });
  afterAll(async () => {
    await camp?.close();
  });

  const message = (response: LightMyRequestResponse) => response.json<{ message: unknown }>().message;

  async function registrationOptions(who: Pick<Person, 'headers'> = person) {
    const response = await camp.call('POST', '/api/passkeys/registration-options', who);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<PublicKeyCredentialCreationOptionsJSON>();
  }

  async function addPasskey(name: string, who: Pick<Person, 'headers'> = person, device = authenticator) {
    const options = await registrationOptions(who);
    const response = await camp.call('POST', '/api/passkeys', who, {
      name,
      response: device.register(options),
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<Passkey>();
  }

  async function signInOptions() {
    const response = await camp.call('POST', '/api/auth/passkey-options');
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ challenge: string; allowCredentials?: unknown[]; userVerification: string }>();
  }

  const signIn = (response: unknown) => camp.call('POST', '/api/auth/passkey-sign-in', null, { response });

  async function eventsOf(type: string, userId: string) {
    return camp.t.database.db
      .select({ type: securityEvents.type, details: securityEvents.details })
      .from(securityEvents)
      .where(and(eq(securityEvents.type, type), eq(securityEvents.subjectUserId, userId)))
      .orderBy(asc(securityEvents.createdAt));
  }

  it('offers discoverable, verified passkeys for the camp and leaves out those already added', async () => {
    const options = await registrationOptions();
    expect(options.rp).toEqual({ name: 'Camp Registration', id: 'localhost' });
    expect(options.user.name).toBe(person.email);
    expect(options.user.displayName).toBe('Pat Key');
    expect(options.authenticatorSelection).toEqual({
      residentKey: 'required',
      requireResidentKey: true,
      userVerification: 'required',
    });
    expect(options.excludeCredentials).toEqual([]);
    const [stored] = await camp.t.database.db
      .select()
      .from(webauthnChallenges)
      .where(eq(webauthnChallenges.challenge, options.challenge));
    expect(stored).toMatchObject({ kind: 'REGISTER', userId: person.id });
    expect(stored!.expiresAt.getTime() - stored!.createdAt.getTime()).toBe(5 * 60_000);
  });

  it('adds a passkey, lists it without key material, writes the event and mails the person', async () => {
    const added = await addPasskey('  Laptop  ');
    expect(added).toEqual({
      id: UUID,
      name: 'Laptop',
      createdAt: ISO,
      lastUsedAt: null,
      deviceType: 'singleDevice',
      backedUp: false,
    });
    const list = await camp.call('GET', '/api/passkeys', person);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([added]);
    const [row] = await camp.t.database.db.select().from(passkeys).where(eq(passkeys.id, added.id));
    expect(row).toMatchObject({
      userId: person.id,
      credentialId: authenticator.credentials[0]!.id,
      counter: 0,
    });
    expect(await eventsOf('passkey.added', person.id)).toEqual([
      { type: 'passkey.added', details: { passkeyId: added.id, name: 'Laptop' } },
    ]);
    const mails = await outboxRowsTo(camp.t.database.db, person.email, '%passkey was added%');
    expect(mails.map((mail) => mail.subject)).toEqual([
      'Camp Registration: a passkey was added to your account',
    ]);
    expect(mails[0]!.text).toContain(
      'A passkey named "Laptop" was added to your Camp Registration account on ',
    );
    expect(mails[0]!.text).toContain('If this was not you, sign in and remove it, then sign out everywhere.');

    // The next options leave the added credential out.
    const options = await registrationOptions();
    expect(options.excludeCredentials).toEqual([
      { id: row!.credentialId, type: 'public-key', transports: ['internal'] },
    ]);
  });

  it('refuses a registration without user verification, from another origin, or replayed', async () => {
    const device = new SoftAuthenticator(
      camp.t.app.services.passkeys.rpId,
      camp.t.app.services.passkeys.origin,
    );
    const unverified = await camp.call('POST', '/api/passkeys', person, {
      name: 'No UV',
      response: device.register(await registrationOptions(), { userVerified: false }),
    });
    expect(unverified.statusCode).toBe(400);
    expect(message(unverified)).toBe(PASSKEY_MESSAGES.notAdded);
    const elsewhere = await camp.call('POST', '/api/passkeys', person, {
      name: 'Phish',
      response: device.register(await registrationOptions(), { origin: 'https://evil.example' }),
    });
    expect(elsewhere.statusCode).toBe(400);
    const answer = device.register(await registrationOptions());
    expect(
      (await camp.call('POST', '/api/passkeys', person, { name: 'Once', response: answer })).statusCode,
    ).toBe(201);
    const again = await camp.call('POST', '/api/passkeys', person, { name: 'Twice', response: answer });
    expect(again.statusCode).toBe(400);
    expect(message(again)).toBe(PASSKEY_MESSAGES.notAdded);
  });

  it("refuses another person's options and bad input with the shared messages", async () => {
    const other = await insertSignedInPerson(camp, {});
    const device = new SoftAuthenticator(
      camp.t.app.services.passkeys.rpId,
      camp.t.app.services.passkeys.origin,
    );
    // The challenge was made for `other`: it adds nothing to `person`.
    const theirs = await camp.call('POST', '/api/passkeys', person, {
      name: 'Theirs',
      response: device.register(await registrationOptions(other)),
    });
    expect(theirs.statusCode).toBe(400);
    const blank = await camp.call('POST', '/api/passkeys', person, {
      name: '   ',
      response: device.register(await registrationOptions()),
    });
    expect(blank.statusCode).toBe(400);
    expect(message(blank)).toEqual([PASSKEY_MESSAGES.nameRequired]);
    const long = await camp.call('PATCH', `/api/passkeys/${crypto.randomUUID()}`, person, {
      name: 'x'.repeat(61),
    });
    expect(long.statusCode).toBe(400);
    expect(message(long)).toEqual([PASSKEY_MESSAGES.nameTooLong]);
    const garbage = await camp.call('POST', '/api/passkeys', person, { name: 'X', response: { id: 42 } });
    expect(garbage.statusCode).toBe(400);
    expect(message(garbage)).toContain(PASSKEY_MESSAGES.responseRequired);
  });

  it('signs in with a passkey: the same answer and cookie as the code, the counter and last use stored', async () => {
    const options = await signInOptions();
    expect(options.allowCredentials).toBeUndefined();
    expect(options.userVerification).toBe('required');
    const credential = authenticator.credentials[0]!;
    const response = await signIn(authenticator.assert(options, {}, credential));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      accessToken: expect.any(String),
      userId: person.id,
      email: person.email,
      firstName: 'Pat',
      lastName: 'Key',
      role: 'PARTICIPANT',
    });
    expect(cookieValue(response, 'refresh_token')).toMatch(/.{20,}/);
    expect(cookieValue(response, 'auth_state')).toBe('authenticated');
    const token = response.json<{ accessToken: string }>().accessToken;
    const profile = await camp.call('GET', '/api/auth/profile', {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(profile.statusCode).toBe(200);
    const [row] = await camp.t.database.db
      .select()
      .from(passkeys)
      .where(eq(passkeys.credentialId, credential.id));
    expect(row!.counter).toBe(1);
    expect(row!.lastUsedAt).toBeInstanceOf(Date);
    expect(await eventsOf('sign_in.passkey', person.id)).toEqual([
      { type: 'sign_in.passkey', details: null },
    ]);
  });

  it('refuses a replayed assertion, an expired challenge, another origin, no user verification and an unknown passkey', async () => {
    const credential = authenticator.credentials[0]!;
    const failed = PASSKEY_MESSAGES.signInFailed;
    // The same challenge twice: the first signs in, the second is refused.
    const options = await signInOptions();
    const first = authenticator.assert(options, {}, credential);
    expect((await signIn(first)).statusCode).toBe(200);
    const replay = await signIn(authenticator.assert(options, {}, credential));
    expect(replay.statusCode).toBe(401);
    expect(message(replay)).toBe(failed);
    const sameAnswer = await signIn(first);
    expect(sameAnswer.statusCode).toBe(401);

    const expired = await signInOptions();
    await camp.t.database.db
      .update(webauthnChallenges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(webauthnChallenges.challenge, expired.challenge));
    const late = await signIn(authenticator.assert(expired, {}, credential));
    expect(late.statusCode).toBe(401);
    expect(message(late)).toBe(failed);

    const phished = await signIn(
      authenticator.assert(await signInOptions(), { origin: 'https://evil.example' }, credential),
    );
    expect(phished.statusCode).toBe(401);
    expect(message(phished)).toBe(failed);

    const unverified = await signIn(
      authenticator.assert(await signInOptions(), { userVerified: false }, credential),
    );
    expect(unverified.statusCode).toBe(401);
    expect(message(unverified)).toBe(failed);

    const stranger = new SoftAuthenticator(
      camp.t.app.services.passkeys.rpId,
      camp.t.app.services.passkeys.origin,
    );
    stranger.register({ challenge: 'x', user: { id: 'nobody' } });
    const unknown = await signIn(stranger.assert(await signInOptions()));
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual({ statusCode: 401, error: 'Unauthorized', message: failed });

    const reasons = await camp.t.database.db
      .select({ details: securityEvents.details })
      .from(securityEvents)
      .where(eq(securityEvents.type, 'sign_in.passkey_failed'))
      .orderBy(asc(securityEvents.createdAt));
    expect(reasons.map((event) => (event.details as { reason: string }).reason)).toEqual([
      'challenge',
      'challenge',
      'challenge',
      'verification',
      'verification',
      'unknown_credential',
    ]);
  });

  it('refuses a counter that goes backwards (a cloned authenticator)', async () => {
    const credential = authenticator.credentials[0]!;
    const [before] = await camp.t.database.db
      .select()
      .from(passkeys)
      .where(eq(passkeys.credentialId, credential.id));
    const backwards = await signIn(
      authenticator.assert(await signInOptions(), { counter: before!.counter - 1 }, credential),
    );
    expect(backwards.statusCode).toBe(401);
    expect(message(backwards)).toBe(PASSKEY_MESSAGES.signInFailed);
    const same = await signIn(
      authenticator.assert(await signInOptions(), { counter: before!.counter }, credential),
    );
    expect(same.statusCode).toBe(401);
    const [after] = await camp.t.database.db
      .select()
      .from(passkeys)
      .where(eq(passkeys.credentialId, credential.id));
    expect(after!.counter).toBe(before!.counter);
    const events = await eventsOf('sign_in.passkey_failed', person.id);
    expect(events.slice(-2)).toEqual([
      { type: 'sign_in.passkey_failed', details: { reason: 'counter' } },
      { type: 'sign_in.passkey_failed', details: { reason: 'counter' } },
    ]);
  });

  it('signs in while the e-mail code is paused for the address', async () => {
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const wrong = await camp.call('POST', '/api/auth/login-with-code', null, {
        email: person.email,
        code: '000000',
      });
      expect(wrong.statusCode).toBe(401);
      expect(message(wrong)).toBe(INVALID_CODE);
    }
    const paused = await camp.call('POST', '/api/auth/login-with-code', null, {
      email: person.email,
      code: '000000',
    });
    expect(paused.statusCode).toBe(429);
    expect(message(paused)).toBe(TOO_MANY_FAILURES);
    const response = await signIn(
      authenticator.assert(await signInOptions(), {}, authenticator.credentials[0]),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ userId: string }>().userId).toBe(person.id);
  });

  it("renames and removes one's own passkeys; another person's is 404", async () => {
    const other = await insertSignedInPerson(camp, {});
    const device = new SoftAuthenticator(
      camp.t.app.services.passkeys.rpId,
      camp.t.app.services.passkeys.origin,
      true,
    );
    const theirs = await addPasskey('Phone', other, device);
    expect(theirs).toMatchObject({ deviceType: 'multiDevice', backedUp: true });

    const renamed = await camp.call('PATCH', `/api/passkeys/${theirs.id}`, other, { name: 'Work phone' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toEqual({ ...theirs, name: 'Work phone' });
    expect(await eventsOf('passkey.renamed', other.id)).toEqual([
      {
        type: 'passkey.renamed',
        details: { passkeyId: theirs.id, name: { old: 'Phone', new: 'Work phone' } },
      },
    ]);

    for (const [method, payload] of [
      ['PATCH', { name: 'Mine now' }],
      ['DELETE', undefined],
    ] as const) {
      const response = await camp.call(method, `/api/passkeys/${theirs.id}`, person, payload);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        statusCode: 404,
        error: 'Not Found',
        message: PASSKEY_MESSAGES.notFound,
      });
    }
    expect(
      (await camp.call('GET', '/api/passkeys', person)).json<Passkey[]>().map((p) => p.id),
    ).not.toContain(theirs.id);

    const removed = await camp.call('DELETE', `/api/passkeys/${theirs.id}`, other);
    expect(removed.statusCode).toBe(204);
    expect(removed.body).toBe('');
    expect((await camp.call('GET', '/api/passkeys', other)).json()).toEqual([]);
    expect(await eventsOf('passkey.removed', other.id)).toEqual([
      { type: 'passkey.removed', details: { passkeyId: theirs.id, name: 'Work phone' } },
    ]);
    const mails = await outboxRowsTo(camp.t.database.db, other.email, '%passkey%');
    expect(mails.map((mail) => mail.subject)).toEqual([
      'Camp Registration: a passkey was added to your account',
      'Camp Registration: a passkey was removed from your account',
    ]);
    expect(mails[1]!.text).toContain(
      'A passkey named "Work phone" was removed from your Camp Registration account on ',
    );
    // A removed passkey signs no one in.
    const after = await signIn(device.assert(await signInOptions()));
    expect(after.statusCode).toBe(401);
    expect(await camp.t.database.db.select().from(passkeys).where(like(passkeys.name, 'Work phone'))).toEqual(
      [],
    );
  });

  it('from the configured day, an admin without a passkey is refused admin-only routes but not their own', async () => {
    await configure(camp, { adminPasskeysRequiredFrom: '2020-01-01' });
    const refused = await camp.call('GET', '/api/users', camp.admin);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      statusCode: 403,
      error: 'Forbidden',
      message: PASSKEY_MESSAGES.adminPasskeyRequired,
    });
    expect((await camp.call('GET', '/api/auth/profile', camp.admin)).statusCode).toBe(200);
    expect((await camp.call('GET', '/api/passkeys', camp.admin)).statusCode).toBe(200);
    const device = new SoftAuthenticator(
      camp.t.app.services.passkeys.rpId,
      camp.t.app.services.passkeys.origin,
    );
    await addPasskey('Admin key', camp.admin, device);
    expect((await camp.call('GET', '/api/users', camp.admin)).statusCode).toBe(200);

    // The day is a date, or null.
    const bad = await camp.call('PATCH', '/api/core-config/current', camp.admin, {
      adminPasskeysRequiredFrom: '2027-02-30',
    });
    expect(bad.statusCode).toBe(400);
    expect(message(bad)).toEqual([ADMIN_PASSKEY_CONFIG_TEXTS.invalid]);

    // Before the day, nothing is refused.
    await configure(camp, { adminPasskeysRequiredFrom: '2999-01-01' });
    const admin2 = await insertSignedInPerson(camp, { role: 'ADMIN' });
    expect((await camp.call('GET', '/api/users', admin2)).statusCode).toBe(200);
    await configure(camp, { adminPasskeysRequiredFrom: null });
  });
});
