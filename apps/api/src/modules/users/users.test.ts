import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app';
import { type SignedIn, signIn } from '../../../test/session';
import type { SmtpCapture } from '../../../test/smtp';
import { useMailApp } from '../../../test/mail-app';
import { users } from '../../db/schema/index';

const PROFILE = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  playaName: 'Sparkle',
  phone: '+1 555 0100',
  city: 'Reno',
  stateProvince: 'NV',
  country: 'USA',
  emergencyContact: 'Byron Lovelace, +1 555 0199, father',
};

describe('profiles: GET and PUT /api/users/{id}, POST /api/auth/register', () => {
  let t: TestApp;
  let smtp: SmtpCapture;
  let ada: SignedIn;
  let bob: SignedIn;
  let admin: SignedIn;

  useMailApp(async (started) => {
    ({ t, smtp } = started);
    ada = await signIn(t.app, smtp, 'ada@example.org');
    bob = await signIn(t.app, smtp, 'bob@example.org');
    admin = await signIn(t.app, smtp, 'admin@example.org');
    await t.database.db
      .update(users)
      .set({ internalNotes: 'Owes a tent pole' })
      .where(eq(users.id, bob.userId));
  });

  const get = (id: string, session?: SignedIn) =>
    t.app.inject({ method: 'GET', url: `/api/users/${id}`, headers: session?.headers ?? {} });
  const put = (id: string, payload: unknown, session?: SignedIn) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/users/${id}`,
      headers: session?.headers ?? {},
      payload: payload as object,
    });

  it('lets a participant read their own profile, without internal notes', async () => {
    const response = await get(ada.userId, ada);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: ada.userId,
      email: 'ada@example.org',
      role: 'PARTICIPANT',
      isEmailVerified: true,
      allowRegistration: true,
      internalNotes: null,
    });
    expect(response.body).not.toContain('password');
    // Ids are case-insensitive: the own id in upper case is still the own record (docs/security.md).
    const upper = await get(ada.userId.toUpperCase(), ada);
    expect(upper.statusCode, upper.body).toBe(200);
    expect(upper.json()).toMatchObject({ id: ada.userId });
  });

  it("refuses a participant another user's profile, to read or to change", async () => {
    const read = await get(bob.userId, ada);
    expect(read.statusCode).toBe(403);
    expect(read.json()).toEqual({
      statusCode: 403,
      error: 'Forbidden',
      message: 'You can only view your own profile.',
    });
    expect(read.body).not.toContain('Owes a tent pole');

    const write = await put(bob.userId, PROFILE, ada);
    expect(write.statusCode).toBe(403);
    expect(write.json<{ message: string }>().message).toBe('You can only change your own profile.');
    const [stored] = await t.database.db.select().from(users).where(eq(users.id, bob.userId));
    expect(stored!.firstName).toBeNull();
  });

  it('requires a session', async () => {
    expect((await get(ada.userId)).statusCode).toBe(401);
    expect((await put(ada.userId, PROFILE)).statusCode).toBe(401);
  });

  it('lets an admin read anyone, internal notes included', async () => {
    const response = await get(bob.userId, admin);
    expect(response.statusCode).toBe(200);
    expect(response.json<{ internalNotes: string }>().internalNotes).toBe('Owes a tent pole');
  });

  it('saves a valid profile and answers the user', async () => {
    const response = await put(ada.userId, PROFILE, ada);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ ...PROFILE, email: 'ada@example.org' });
    const [stored] = await t.database.db.select().from(users).where(eq(users.id, ada.userId));
    expect(stored).toMatchObject(PROFILE);
  });

  it('refuses an invalid profile with the messages of docs/product.md §5 and changes nothing', async () => {
    const response = await put(
      ada.userId,
      { ...PROFILE, firstName: '  ', lastName: '', phone: '', emergencyContact: '', city: 'x'.repeat(51) },
      ada,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string[] }>().message).toEqual([
      'First name is required',
      'Last name is required',
      'Phone is required',
      'City must be at most 50 characters',
      'Emergency contact is required',
    ]);
    const long = await put(ada.userId, { ...PROFILE, emergencyContact: 'x'.repeat(1025) }, ada);
    expect(long.json<{ message: string[] }>().message).toEqual([
      'Emergency contact must be at most 1024 characters',
    ]);
    const [stored] = await t.database.db.select().from(users).where(eq(users.id, ada.userId));
    expect(stored!.firstName).toBe('Ada');
  });

  it('refuses a change of e-mail, role or flags through the profile', async () => {
    const response = await put(ada.userId, { ...PROFILE, email: 'new@example.org', role: 'ADMIN' }, ada);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string[] }>().message).toEqual(['Unrecognized keys: "email", "role"']);
    const [stored] = await t.database.db.select().from(users).where(eq(users.id, ada.userId));
    expect(stored).toMatchObject({ email: 'ada@example.org', role: 'PARTICIPANT' });
  });

  it('answers 400 for an id that is not a UUID', async () => {
    const response = await get('42', ada);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string[] }>().message).toEqual(['Invalid user id']);
  });

  it('reads role changes from the database at once', async () => {
    const staff = await signIn(t.app, smtp, 'demoted@example.org');
    await t.database.db.update(users).set({ role: 'ADMIN' }).where(eq(users.id, staff.userId));
    expect((await get(bob.userId, staff)).statusCode).toBe(200);
    await t.database.db.update(users).set({ role: 'PARTICIPANT' }).where(eq(users.id, staff.userId));
    expect((await get(bob.userId, staff)).statusCode).toBe(403);
  });

  describe('POST /api/auth/register (profile completion)', () => {
    const register = (payload: unknown, session?: SignedIn) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        headers: session?.headers ?? {},
        payload: payload as object,
      });

    it("completes the caller's own profile and answers a fresh auth response", async () => {
      const response = await register(
        { ...PROFILE, firstName: 'Robert', email: 'BOB@example.org', password: 'placeholder' },
        bob,
      );
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        accessToken: expect.stringMatching(/^ey/),
        userId: bob.userId,
        email: 'bob@example.org',
        firstName: 'Robert',
        lastName: 'Lovelace',
        role: 'PARTICIPANT',
      });
      const [stored] = await t.database.db.select().from(users).where(eq(users.id, bob.userId));
      expect(stored).toMatchObject({ firstName: 'Robert', phone: PROFILE.phone, passwordHash: null });
    });

    it('refuses another address, a missing session and invalid fields', async () => {
      const other = await register({ ...PROFILE, email: 'ada@example.org' }, bob);
      expect(other.statusCode).toBe(403);
      expect(other.json<{ message: string }>().message).toBe('You can only complete your own profile.');
      expect((await register({ ...PROFILE, email: 'bob@example.org' })).statusCode).toBe(401);
      const invalid = await register({ ...PROFILE, lastName: '', email: 'bob@example.org' }, bob);
      expect(invalid.statusCode).toBe(400);
      expect(invalid.json<{ message: string[] }>().message).toEqual(['Last name is required']);
      const [ada2] = await t.database.db.select().from(users).where(eq(users.id, ada.userId));
      expect(ada2!.firstName).toBe('Ada');
    });
  });

  it('refuses first and last names made only of invisible characters as required, and changes nothing', async () => {
    // A zero-width space, a left-to-right mark with a right-to-left mark, a byte-order mark.
    const response = await put(
      ada.userId,
      { ...PROFILE, firstName: '\u200B\u200B', lastName: '\u200E\u200F' },
      ada,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string[] }>().message).toEqual([
      'First name is required',
      'Last name is required',
    ]);
    const register = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: ada.headers,
      payload: { ...PROFILE, firstName: '\uFEFF', email: 'ada@example.org' },
    });
    expect(register.statusCode).toBe(400);
    expect(register.json<{ message: string[] }>().message).toEqual(['First name is required']);
    const [stored] = await t.database.db.select().from(users).where(eq(users.id, ada.userId));
    expect([stored!.firstName, stored!.lastName]).toEqual(['Ada', 'Lovelace']);
    // An admin editing their own record keeps the profile rules; another user's names are optional, and one
    // that shows nothing is stored as none, as a blank one is.
    const own = await put(admin.userId, { ...PROFILE, firstName: '\u2060' }, admin);
    expect(own.statusCode).toBe(400);
    expect(own.json<{ message: string[] }>().message).toEqual(['First name is required']);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: admin.headers,
      payload: { email: 'invisible@example.org', firstName: '\u200B', lastName: '\u200C\u200D' },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ firstName: null, lastName: null });
  });
});
