import { PASSKEY_MESSAGES, type Passkey } from '@camp/shared';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import recorded from '../../../test/fixtures/chromium-passkey.json';
import { type Camp, startCamp } from '../../../test/camp';
import { insertSignedInPerson, type Person } from '../../../test/camp-registrations';
import { passkeys, securityEvents, webauthnChallenges } from '../../db/schema/index';

// Passkeys against answers recorded from Chromium's own WebAuthn stack (decision 061): a registration and two
// sign-ins made by a CTAP2 virtual authenticator of the DevTools protocol, replayed here byte for byte
// (`scripts/record-passkey-fixtures.ts` made them). Where passkeys.test.ts proves the rules with a software
// authenticator of ours, these prove the server takes what a real browser sends, and refuses it replayed or
// from another origin. The fixed challenges are stored as the options routes would have stored them.

const CHALLENGE_LIFETIME_MS = 5 * 60_000;

describe('passkeys: answers recorded from Chromium', () => {
  let camp: Camp;
  let person: Person;

  beforeAll(async () => {
    camp = await startCamp({ PUBLIC_URL: recorded.origin });
    person = await insertSignedInPerson(camp, { firstName: 'Rec', lastName: 'Orded' });
  });
  afterAll(async () => {
    await camp?.close();
  });

  /** A challenge as the options routes store it: live for 5 minutes, for one kind of answer. */
  async function storeChallenge(challenge: string, kind: 'REGISTER' | 'SIGN_IN', userId: string | null) {
    await camp.t.database.db
      .insert(webauthnChallenges)
      .values({ challenge, kind, userId, expiresAt: new Date(Date.now() + CHALLENGE_LIFETIME_MS) });
  }

  const signIn = (response: unknown) => camp.call('POST', '/api/auth/passkey-sign-in', null, { response });
  const failed = { statusCode: 401, error: 'Unauthorized', message: PASSKEY_MESSAGES.signInFailed };

  it('the server is the relying party the answers were recorded for', () => {
    const { rpId, origin } = camp.t.app.services.passkeys;
    expect({ rpId, origin }).toEqual({ rpId: recorded.rpId, origin: recorded.origin });
  });

  it('adds the passkey Chromium made, and refuses the same answer once its challenge is used', async () => {
    await storeChallenge(recorded.registration.challenge, 'REGISTER', person.id);
    const added = await camp.call('POST', '/api/passkeys', person, {
      name: 'Chromium',
      response: recorded.registration.response,
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json<Passkey>()).toMatchObject({ name: 'Chromium', lastUsedAt: null });
    const [row] = await camp.t.database.db.select().from(passkeys).where(eq(passkeys.userId, person.id));
    expect(row).toMatchObject({ credentialId: recorded.registration.response.id, counter: 1 });

    const again = await camp.call('POST', '/api/passkeys', person, {
      name: 'Chromium again',
      response: recorded.registration.response,
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: PASSKEY_MESSAGES.notAdded,
    });
  });

  it("signs in with Chromium's assertion, and refuses it replayed", async () => {
    await storeChallenge(recorded.signIn.challenge, 'SIGN_IN', null);
    const response = await signIn(recorded.signIn.response);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      accessToken: expect.any(String),
      userId: person.id,
      email: person.email,
      firstName: 'Rec',
      lastName: 'Orded',
      role: 'PARTICIPANT',
    });
    const [row] = await camp.t.database.db.select().from(passkeys).where(eq(passkeys.userId, person.id));
    expect(row?.counter).toBe(2);
    expect(row?.lastUsedAt).toBeInstanceOf(Date);

    // Replayed: its challenge is gone. Replayed with its challenge stored again: the counter did not grow.
    const replay = await signIn(recorded.signIn.response);
    expect({ status: replay.statusCode, body: replay.json() }).toEqual({ status: 401, body: failed });
    await storeChallenge(recorded.signIn.challenge, 'SIGN_IN', null);
    const cloned = await signIn(recorded.signIn.response);
    expect({ status: cloned.statusCode, body: cloned.json() }).toEqual({ status: 401, body: failed });
  });

  it('refuses an assertion Chromium made for another origin of the same host', async () => {
    expect(recorded.otherOriginSignIn.origin).not.toBe(recorded.origin);
    await storeChallenge(recorded.otherOriginSignIn.challenge, 'SIGN_IN', null);
    const response = await signIn(recorded.otherOriginSignIn.response);
    expect({ status: response.statusCode, body: response.json() }).toEqual({ status: 401, body: failed });

    const events = await camp.t.database.db
      .select({ details: securityEvents.details })
      .from(securityEvents)
      .where(
        and(eq(securityEvents.type, 'sign_in.passkey_failed'), eq(securityEvents.subjectUserId, person.id)),
      )
      .orderBy(asc(securityEvents.createdAt));
    expect(events.map((event) => event.details)).toEqual([{ reason: 'counter' }, { reason: 'verification' }]);
  });
});
