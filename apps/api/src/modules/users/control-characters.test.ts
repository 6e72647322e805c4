import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app';
import { type SignedIn, signIn } from '../../../test/session';
import type { SmtpCapture } from '../../../test/smtp';
import { useMailApp } from '../../../test/mail-app';
import { jobCategories, users } from '../../db/schema/index';

// Control characters (docs/product.md §5 Text characters) are refused in names and single-line texts with a clear message
// (the shared schemas, so the forms say the same), while multi-line texts keep their line breaks.

const PROFILE = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  playaName: 'Sparkle',
  phone: '+1 555 0100',
  city: 'Reno',
  stateProvince: 'NV',
  country: 'USA',
  emergencyContact: 'Byron Lovelace\n+1 555 0199, father',
};

describe('control characters in names and texts', () => {
  let t: TestApp;
  let smtp: SmtpCapture;
  let ada: SignedIn;
  let admin: SignedIn;

  useMailApp(async (started) => {
    ({ t, smtp } = started);
    ada = await signIn(t.app, smtp, 'ada@example.org');
    admin = await signIn(t.app, smtp, 'admin@example.org');
  });

  const call = (method: 'PUT' | 'POST', url: string, session: SignedIn, payload: object) =>
    t.app.inject({ method, url, headers: session.headers, payload });
  const stored = async (id: string) => {
    const [row] = await t.database.db.select().from(users).where(eq(users.id, id));
    return row!;
  };

  it.each([
    ['firstName', 'Ada\u0007', 'First name must not contain control characters'],
    ['lastName', 'Ada\nLovelace', 'Last name must not contain control characters'],
    ['playaName', 'Spark\u202Ele', 'Playa name must not contain control characters'],
    ['phone', '555\t0100', 'Phone must not contain control characters'],
    ['city', 'Re\u001B[2Jno', 'City must not contain control characters'],
    ['country', 'US\rA', 'Country must not contain control characters'],
    ['emergencyContact', 'Byron\u0008', 'Emergency contact must not contain control characters'],
  ])('refuses a profile whose %s is %j, and stores nothing', async (field, value, message) => {
    const before = await stored(ada.userId);
    const response = await call('PUT', `/api/users/${ada.userId}`, ada, { ...PROFILE, [field]: value });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toEqual({ statusCode: 400, error: 'Bad Request', message: [message] });
    expect(await stored(ada.userId)).toEqual(before);
  });

  it('keeps the line breaks of a multi-line text (the emergency contact)', async () => {
    const response = await call('PUT', `/api/users/${ada.userId}`, ada, PROFILE);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ firstName: 'Ada', emergencyContact: PROFILE.emergencyContact });
    expect((await stored(ada.userId)).emergencyContact).toBe('Byron Lovelace\n+1 555 0199, father');
  });

  it('refuses a control character in an admin-created user and a job category name, storing nothing', async () => {
    const user = await call('POST', '/api/users', admin, { email: 'eve@example.org', lastName: 'Eve\u0000' });
    expect(user.statusCode, user.body).toBe(400);
    expect(user.json().message).toEqual(['Last name contains a character that is not allowed']);
    const created = await call('POST', '/api/users', admin, {
      email: 'eve@example.org',
      firstName: 'E\u0085ve',
    });
    expect(created.statusCode, created.body).toBe(400);
    expect(created.json().message).toEqual(['First name must not contain control characters']);
    expect(await t.database.db.select().from(users).where(eq(users.email, 'eve@example.org'))).toEqual([]);

    const category = await call('POST', '/api/job-categories', admin, {
      name: 'Kitchen\nBcc: x',
      description: 'Cooking\nand cleaning',
    });
    expect(category.statusCode, category.body).toBe(400);
    expect(category.json().message).toEqual(['Name must not contain control characters']);
    expect(await t.database.db.select().from(jobCategories)).toEqual([]);

    const kept = await call('POST', '/api/job-categories', admin, {
      name: 'Kitchen',
      description: 'Cooking\n\tand cleaning',
    });
    expect(kept.statusCode, kept.body).toBe(201);
    expect(kept.json()).toMatchObject({ name: 'Kitchen', description: 'Cooking\n\tand cleaning' });
  });
});
