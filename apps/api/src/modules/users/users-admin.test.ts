import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app';
import { testDatabaseKind } from '../../../test/database';
import { type SignedIn, signIn } from '../../../test/session';
import type { SmtpCapture } from '../../../test/smtp';
import { signInRoles, useMailApp } from '../../../test/mail-app';
import { payments, registrations, users } from '../../db/schema/index';
import { verifyPassword } from './password';

/** A role and the four flags as an admin chooses them, other than the defaults. */
const STAFF_CHOICES = {
  role: 'STAFF',
  allowRegistration: false,
  allowEarlyRegistration: true,
  allowDeferredDuesPayment: true,
  allowNoJob: true,
  internalNotes: null,
};

const OWN_PROFILE = {
  firstName: 'Grace',
  lastName: 'Hopper',
  phone: '+1 555 0101',
  emergencyContact: 'Vincent Hopper, +1 555 0102, husband',
};

interface UserBody {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  role: string;
  [key: string]: unknown;
}

describe('user management: /api/users', () => {
  let t: TestApp;
  let smtp: SmtpCapture;
  let admin: SignedIn;
  let participant: SignedIn;
  let staff: SignedIn;

  useMailApp({ adminEmails: 'admin@example.org,second-admin@example.org' }, async (started) => {
    ({ t, smtp } = started);
    ({ admin, participant, staff } = await signInRoles(started));
    await t.database.db.update(users).set(OWN_PROFILE).where(eq(users.id, admin.userId));
  });

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    session: SignedIn | null,
    payload?: unknown,
  ) =>
    t.app.inject({
      method,
      url,
      headers: session?.headers ?? {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const list = (query = '', session: SignedIn | null = admin) => call('GET', `/api/users${query}`, session);
  const create = (payload: unknown, session: SignedIn | null = admin) =>
    call('POST', '/api/users', session, payload);
  const update = (id: string, payload: unknown, session: SignedIn | null = admin) =>
    call('PUT', `/api/users/${id}`, session, payload);
  const remove = (id: string, session: SignedIn | null = admin) =>
    call('DELETE', `/api/users/${id}`, session);
  const stored = async (id: string) => {
    const [row] = await t.database.db.select().from(users).where(eq(users.id, id));
    return row;
  };
  const messages = (response: LightMyRequestResponse) =>
    response.json<{ message: string | string[] }>().message;
  const newUser = async (payload: Record<string, unknown>) => {
    const response = await create(payload);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<UserBody>();
  };

  it('refuses the admin routes without a session (401) and to participants and staff (403)', async () => {
    const target = participant.userId;
    const calls = [
      (session: SignedIn | null) => list('', session),
      (session: SignedIn | null) => create({ email: 'sneaky@example.org' }, session),
      (session: SignedIn | null) => remove(target, session),
    ];
    for (const request of calls) {
      expect((await request(null)).statusCode).toBe(401);
      for (const session of [participant, staff]) {
        const response = await request(session);
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual({
          statusCode: 403,
          error: 'Forbidden',
          message: 'You do not have permission to do this',
        });
      }
    }
    // Changing someone else: only admins. Staff are not admins.
    const staffEdit = await update(participant.userId, { role: 'ADMIN' }, staff);
    expect(staffEdit.statusCode).toBe(403);
    expect(await stored(participant.userId)).toMatchObject({ role: 'PARTICIPANT' });
    expect(await t.database.db.select().from(users).where(eq(users.email, 'sneaky@example.org'))).toEqual([]);
  });

  it('creates a user with the defaults of docs/product.md §3 and answers the user without any password', async () => {
    const response = await create({
      email: '  New.Camper@Example.ORG ',
      firstName: 'New',
      lastName: 'Camper',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      email: 'new.camper@example.org',
      firstName: 'New',
      lastName: 'Camper',
      playaName: null,
      profilePicture: null,
      role: 'PARTICIPANT',
      isEmailVerified: false,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      phone: null,
      city: null,
      stateProvince: null,
      country: null,
      emergencyContact: null,
      allowRegistration: true,
      allowEarlyRegistration: false,
      allowDeferredDuesPayment: false,
      allowNoJob: false,
      internalNotes: null,
    });
    expect(response.body).not.toMatch(/password/i);
  });

  it('stores a given password only as a salted scrypt hash', async () => {
    const first = await create({ email: 'hashed-one@example.org', password: 'correct horse' });
    const second = await create({ email: 'hashed-two@example.org', password: 'correct horse' });
    expect(first.statusCode).toBe(201);
    expect(first.body).not.toContain('correct horse');
    expect(first.body).not.toMatch(/password|scrypt/i);
    const one = await stored(first.json<UserBody>().id);
    const two = await stored(second.json<UserBody>().id);
    expect(one!.passwordHash).toMatch(/^scrypt\$N=32768,r=8,p=1\$[\w-]{22}\$[\w-]{43}$/);
    expect(one!.passwordHash).not.toBe(two!.passwordHash);
    expect(await verifyPassword('correct horse', one!.passwordHash!)).toBe(true);
    expect(await verifyPassword('correct horsE', one!.passwordHash!)).toBe(false);
    // Blank means none.
    const none = await newUser({ email: 'no-hash@example.org', password: '' });
    expect((await stored(none.id))!.passwordHash).toBeNull();
  });

  it('creates a user with the role and the four flags an admin chooses', async () => {
    const body = await newUser({ email: 'lead@example.org', firstName: 'Lead', ...STAFF_CHOICES });
    expect(body).toMatchObject(STAFF_CHOICES);
  });

  it('refuses a duplicate e-mail whatever its case with 409', async () => {
    const response = await create({ email: 'NEW.CAMPER@example.org' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      statusCode: 409,
      error: 'Conflict',
      message: 'A user with this email already exists',
    });
    const rows = await t.database.db.select().from(users).where(eq(users.email, 'new.camper@example.org'));
    expect(rows).toHaveLength(1);
  });

  it('refuses invalid new users with the messages of docs/product.md §5', async () => {
    const cases: Array<[unknown, string[]]> = [
      [{ email: 'not-an-address' }, ['Please enter a valid email address']],
      [{}, ['Please enter a valid email address']],
      [{ email: 'a@example.org', firstName: 'x'.repeat(51) }, ['First name must be at most 50 characters']],
      [{ email: 'a@example.org', lastName: 'x'.repeat(51) }, ['Last name must be at most 50 characters']],
      [{ email: 'a@example.org', password: 'short' }, ['Password must be at least 8 characters']],
      [{ email: 'a@example.org', role: 'ROOT' }, ['Role must be ADMIN, STAFF or PARTICIPANT']],
      [{ email: 'a@example.org', allowNoJob: 'yes' }, ['Allow no job must be true or false']],
      [
        { email: 'a@example.org', internalNotes: 'Owes a tent pole' },
        ['Internal notes are not yet implemented'],
      ],
      [{ email: 'a@example.org', passwordHash: 'x' }, ['Unrecognized key: "passwordHash"']],
    ];
    for (const [payload, expected] of cases) {
      const response = await create(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(messages(response), JSON.stringify(payload)).toEqual(expected);
    }
    expect(await t.database.db.select().from(users).where(eq(users.email, 'a@example.org'))).toEqual([]);
  });

  it('lists users by name and searches name, playa name and e-mail ignoring case', async () => {
    await newUser({ email: 'ada@example.net', firstName: 'Ada', lastName: 'Lovelace', playaName: 'Sparkle' });
    await newUser({ email: 'zed@example.org', firstName: 'zed', lastName: 'Alpha' });
    await newUser({ email: 'percent@example.org', firstName: '100%', lastName: 'Camper' });

    const all = await list();
    expect(all.statusCode).toBe(200);
    const names = all.json<UserBody[]>().map((user) => user.firstName);
    const named = names.filter((name) => name !== null);
    // By name ignoring case; those without a name (signed in, profile not completed) come last.
    expect(names.filter((name) => ['100%', 'Ada', 'Grace', 'New', 'zed'].includes(name ?? ''))).toEqual([
      '100%',
      'Ada',
      'Grace',
      'New',
      'zed',
    ]);
    expect(names.slice(named.length).every((name) => name === null)).toBe(true);
    expect(names.length).toBeGreaterThan(named.length);

    const emails = async (query: string) => (await list(query)).json<UserBody[]>().map((user) => user.email);
    expect(await emails('?search=LOVE')).toEqual(['ada@example.net']);
    expect(await emails('?search=sparK')).toEqual(['ada@example.net']);
    expect(await emails('?search=EXAMPLE.NET')).toEqual(['ada@example.net']);
    expect(await emails('?search=ada%20lovelace')).toEqual(['ada@example.net']);
    expect(await emails('?search=%25')).toEqual(['percent@example.org']);
    expect(await emails('?search=nobody-at-all')).toEqual([]);
    expect((await list('?search=')).json<UserBody[]>()).toHaveLength(all.json<UserBody[]>().length);
    const unknown = await list('?role=ADMIN');
    expect(unknown.statusCode).toBe(400);
    expect(messages(unknown)).toEqual(['Unrecognized key: "role"']);
  });

  it("lets an admin change another user's role, flags, names, contact and e-mail", async () => {
    const user = await newUser({ email: 'change-me@example.org', firstName: 'Old' });
    const response = await update(user.id, {
      email: 'Changed@Example.org',
      firstName: 'New',
      lastName: 'Name',
      playaName: 'Dusty',
      phone: '+1 555 0123',
      city: 'Reno',
      stateProvince: 'NV',
      country: 'USA',
      emergencyContact: 'Someone, +1 555 0000',
      ...STAFF_CHOICES,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: user.id,
      email: 'changed@example.org',
      firstName: 'New',
      lastName: 'Name',
      playaName: 'Dusty',
      city: 'Reno',
      role: 'STAFF',
      allowRegistration: false,
      allowEarlyRegistration: true,
      allowDeferredDuesPayment: true,
      allowNoJob: true,
      isEmailVerified: false,
      internalNotes: null,
    });
    expect(await stored(user.id)).toMatchObject({
      email: 'changed@example.org',
      role: 'STAFF',
      allowNoJob: true,
    });

    // A partial change leaves the rest alone.
    const partial = await update(user.id, { allowNoJob: false });
    expect(partial.json()).toMatchObject({ allowNoJob: false, firstName: 'New', role: 'STAFF' });
  });

  it('refuses an admin edit that breaks a rule, takes an address in use, or writes internal notes', async () => {
    const user = await newUser({ email: 'rules@example.org', firstName: 'Rule' });
    const taken = await update(user.id, { email: 'ADA@example.net' });
    expect(taken.statusCode).toBe(409);
    expect(messages(taken)).toBe('A user with this email already exists');
    const cases: Array<[unknown, string[]]> = [
      [{ email: 'nope' }, ['Please enter a valid email address']],
      [
        { firstName: 'x'.repeat(51), lastName: 'y'.repeat(51) },
        ['First name must be at most 50 characters', 'Last name must be at most 50 characters'],
      ],
      [{ internalNotes: 'secret note' }, ['Internal notes are not yet implemented']],
      [{ password: 'long enough' }, ['Unrecognized key: "password"']],
      [{ role: 'OWNER' }, ['Role must be ADMIN, STAFF or PARTICIPANT']],
    ];
    for (const [payload, expected] of cases) {
      const response = await update(user.id, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(messages(response), JSON.stringify(payload)).toEqual(expected);
    }
    expect(await stored(user.id)).toMatchObject({
      email: 'rules@example.org',
      firstName: 'Rule',
      internalNotes: null,
      passwordHash: null,
    });
    // Keeping one's own address (any case) is not a conflict.
    const same = await update(user.id, { email: 'RULES@example.org', lastName: 'Kept' });
    expect(same.statusCode).toBe(200);
    expect(same.json()).toMatchObject({ email: 'rules@example.org', lastName: 'Kept' });
    const missing = await update('00000000-0000-4000-8000-000000000000', { firstName: 'Ghost' });
    expect(missing.statusCode).toBe(404);
  });

  it('applies the profile rules when an admin edits their own record', async () => {
    const incomplete = await update(admin.userId, { firstName: 'Grace', allowNoJob: true });
    expect(incomplete.statusCode).toBe(400);
    expect(messages(incomplete)).toEqual([
      'Last name is required',
      'Phone is required',
      'Emergency contact is required',
    ]);
    expect((await stored(admin.userId))!.allowNoJob).toBe(false);

    const complete = await update(admin.userId, { ...OWN_PROFILE, playaName: 'Amazing', allowNoJob: true });
    expect(complete.statusCode).toBe(200);
    expect(complete.json()).toMatchObject({
      ...OWN_PROFILE,
      playaName: 'Amazing',
      allowNoJob: true,
      role: 'ADMIN',
    });
  });

  it('keeps the profile-only behaviour for a participant editing themselves', async () => {
    const profile = { ...OWN_PROFILE, firstName: 'Camper' };
    for (const extra of [
      { role: 'ADMIN' },
      { allowNoJob: true },
      { email: 'me@example.org' },
      { internalNotes: null },
    ]) {
      const response = await update(participant.userId, { ...profile, ...extra }, participant);
      expect(response.statusCode, JSON.stringify(extra)).toBe(400);
      expect(messages(response)).toEqual([`Unrecognized key: "${Object.keys(extra)[0]}"`]);
    }
    expect(await stored(participant.userId)).toMatchObject({
      role: 'PARTICIPANT',
      allowNoJob: false,
      email: 'camper@example.org',
      firstName: null,
    });
    const missing = await update(participant.userId, { firstName: 'Only' }, participant);
    expect(messages(missing)).toEqual([
      'Last name is required',
      'Phone is required',
      'Emergency contact is required',
    ]);
    const ok = await update(participant.userId, profile, participant);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ ...profile, role: 'PARTICIPANT' });
  });

  it('refuses to demote the last admin, and allows it while another admin remains', async () => {
    const alone = await update(admin.userId, { ...OWN_PROFILE, role: 'STAFF' });
    expect(alone.statusCode).toBe(409);
    expect(messages(alone)).toBe(
      'You cannot remove the admin role from the last admin. Make another user an admin first.',
    );
    expect((await stored(admin.userId))!.role).toBe('ADMIN');

    const second = await newUser({ email: 'deputy@example.org', role: 'ADMIN' });
    const demoted = await update(second.id, { role: 'PARTICIPANT' });
    expect(demoted.statusCode).toBe(200);
    expect(demoted.json()).toMatchObject({ role: 'PARTICIPANT' });
    expect((await update(admin.userId, { ...OWN_PROFILE, role: 'PARTICIPANT' })).statusCode).toBe(409);
  });

  it('lets only one of two admins demoting each other at the same moment succeed', async () => {
    const other = await signIn(t.app, smtp, 'second-admin@example.org');
    await t.database.db.update(users).set(OWN_PROFILE).where(eq(users.id, other.userId));
    const results = await Promise.all([
      update(other.userId, { role: 'STAFF' }, admin),
      update(admin.userId, { role: 'STAFF' }, other),
    ]);
    // The loser is refused as the last admin (409), or as no longer an admin (403) if it was slower still.
    const [winner, loser] = results.map((response) => response.statusCode).sort();
    expect(winner).toBe(200);
    expect([403, 409]).toContain(loser);
    const admins = await t.database.db.select().from(users).where(eq(users.role, 'ADMIN'));
    expect(admins).toHaveLength(1);
    expect([admin.userId, other.userId]).toContain(admins[0]!.id);
    // Back to one admin (the usual one) for the tests that follow.
    await t.database.db.update(users).set({ role: 'ADMIN' }).where(eq(users.id, admin.userId));
    await t.database.db.update(users).set({ role: 'STAFF' }).where(eq(users.id, other.userId));
  });

  it('deletes a user with 204 and no body', async () => {
    const user = await newUser({ email: 'delete-me@example.org' });
    const response = await remove(user.id);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect(await stored(user.id)).toBeUndefined();
    expect((await remove(user.id)).statusCode).toBe(404);
    const badId = await remove('42');
    expect(badId.statusCode).toBe(400);
    expect(messages(badId)).toEqual(['Invalid user id']);
  });

  it('refuses to delete yourself, the last admin, or a user with registrations or payments', async () => {
    const self = await remove(admin.userId);
    expect(self.statusCode).toBe(409);
    expect(messages(self)).toBe('You cannot delete your own account.');

    const registered = await newUser({ email: 'registered@example.org' });
    await t.database.db.insert(registrations).values({ userId: registered.id, year: 2031 });
    const withRegistration = await remove(registered.id);
    expect(withRegistration.statusCode).toBe(409);
    expect(messages(withRegistration)).toBe('This user has registrations or payments and cannot be deleted.');

    const payer = await newUser({ email: 'payer@example.org' });
    await t.database.db.insert(payments).values({ userId: payer.id, amountCents: 12_500 });
    const withPayment = await remove(payer.id);
    expect(withPayment.statusCode).toBe(409);
    expect(messages(withPayment)).toBe('This user has registrations or payments and cannot be deleted.');
    expect(await stored(registered.id)).toBeDefined();
    expect(await stored(payer.id)).toBeDefined();

    // The last admin cannot go even when someone else asks (the API guards yourself; the service guards both).
    const bystander = await newUser({ email: 'bystander@example.org' });
    await expect(t.app.services.users.remove(bystander.id, admin.userId)).rejects.toMatchObject({
      statusCode: 409,
      message: 'You cannot delete the last admin. Make another user an admin first.',
    });
    expect((await stored(admin.userId))!.role).toBe('ADMIN');
  });

  it('answers 400, never 500, for bodies of the wrong shape', async () => {
    const user = await newUser({ email: 'shapes@example.org' });
    for (const payload of [[], 'text', 42, null, { email: { $ne: null } }, { role: ['ADMIN'] }]) {
      for (const [method, url] of [
        ['POST', '/api/users'],
        ['PUT', `/api/users/${user.id}`],
      ] as const) {
        const response = await t.app.inject({
          method,
          url,
          headers: { ...admin.headers, 'content-type': 'application/json' },
          payload: JSON.stringify(payload),
        });
        expect(response.statusCode, `${method} ${JSON.stringify(payload)}`).toBe(400);
      }
    }
  });

  it.runIf(testDatabaseKind() === 'postgres')(
    'lets only one of two simultaneous creates of an address win',
    async () => {
      const results = await Promise.all([
        create({ email: 'race@example.org' }),
        create({ email: 'RACE@example.org' }),
      ]);
      expect(results.map((response) => response.statusCode).sort()).toEqual([201, 409]);
    },
  );
});
