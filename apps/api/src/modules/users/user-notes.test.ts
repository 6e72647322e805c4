import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Camp, insertPerson, startCamp } from '../../../test/camp';
import { insertSignedInPerson, type Person } from '../../../test/camp-registrations';
import { userNotes, users } from '../../db/schema/index';

// Internal notes on a person (docs/product.md §12 Internal notes, decision 060): admins only; the author edits or
// deletes their own note; nobody else reads a note.

interface NoteBody {
  id: string;
  userId: string;
  body: string;
  author: { id: string; name: string } | null;
  createdAt: string;
  updatedAt: string;
  mine: boolean;
}

const ISO = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
const UUID = expect.stringMatching(/^[0-9a-f-]{36}$/);

describe('internal notes: /api/users/{id}/notes', () => {
  let camp: Camp;
  /** A second admin, the author of notes the first admin may not change. */
  let otherAdmin: Person;
  /** The person the notes are about. */
  let subject: { id: string; email: string };

  beforeAll(async () => {
    camp = await startCamp();
    otherAdmin = await insertSignedInPerson(camp, { role: 'ADMIN', firstName: 'Ada', lastName: 'Lovelace' });
    subject = await insertPerson(camp.t.database.db, { firstName: 'Sam', lastName: 'Subject' });
    await camp.t.database.db
      .update(users)
      .set({ firstName: 'Grace', lastName: 'Hopper' })
      .where(eq(users.id, camp.admin.userId));
  });
  afterAll(async () => {
    await camp?.close();
  });

  const notesUrl = (userId: string) => `/api/users/${userId}/notes`;
  const noteUrl = (userId: string, noteId: string) => `/api/users/${userId}/notes/${noteId}`;
  const add = async (body: string, session: { headers: Record<string, string> } = camp.admin) => {
    const response = await camp.t.app.inject({
      method: 'POST',
      url: notesUrl(subject.id),
      headers: session.headers,
      payload: { body },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<NoteBody>();
  };
  const list = async (session: { headers: Record<string, string> } = camp.admin) => {
    const response = await camp.t.app.inject({
      method: 'GET',
      url: notesUrl(subject.id),
      headers: session.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<NoteBody[]>();
  };
  const error = (response: LightMyRequestResponse) => response.json<unknown>();

  it('adds a note by the caller, trimmed, and lists notes newest first with their author', async () => {
    const response = await camp.call('POST', notesUrl(subject.id), camp.admin, {
      body: '  Prefers early shifts.\nAllergic to bees.  ',
    });
    expect(response.statusCode, response.body).toBe(201);
    const first = response.json<NoteBody>();
    expect(first).toEqual({
      id: UUID,
      userId: subject.id,
      body: 'Prefers early shifts.\nAllergic to bees.',
      author: { id: camp.admin.userId, name: 'Grace Hopper' },
      createdAt: ISO,
      updatedAt: first.createdAt,
      mine: true,
    });
    const second = await add('Brought a generator.', otherAdmin);
    expect(second).toEqual({
      id: UUID,
      userId: subject.id,
      body: 'Brought a generator.',
      author: { id: otherAdmin.id, name: 'Ada Lovelace' },
      createdAt: ISO,
      updatedAt: second.createdAt,
      mine: true,
    });
    // As the first admin reads them: newest first, only their own is "mine".
    expect(await list()).toEqual([
      { ...second, mine: false },
      { ...first, mine: true },
    ]);
    expect(await list(otherAdmin)).toEqual([
      { ...second, mine: true },
      { ...first, mine: false },
    ]);
  });

  it('refuses a note that is blank, too long, not text, or with control characters, with the rule messages', async () => {
    const cases: [unknown, string][] = [
      [{ body: '' }, 'Note is required'],
      [{ body: '   \n  ' }, 'Note is required'],
      [{ body: '\u200B' }, 'Note is required'],
      [{}, 'Note is required'],
      [{ body: null }, 'Note is required'],
      [{ body: 42 }, 'Note must be text'],
      [{ body: 'x'.repeat(2001) }, 'Note must be at most 2000 characters'],
      [{ body: 'bell\u0007' }, 'Note must not contain control characters'],
      [{ body: 'fine', extra: 1 }, 'Unrecognized key: "extra"'],
    ];
    for (const [payload, message] of cases) {
      const response = await camp.call('POST', notesUrl(subject.id), camp.admin, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(error(response)).toEqual({ statusCode: 400, error: 'Bad Request', message: [message] });
    }
    // 2000 characters after trimming is allowed.
    expect((await add(` ${'y'.repeat(2000)} `)).body).toHaveLength(2000);
  });

  it('lets the author edit their note (marked by a later updatedAt), and nobody else', async () => {
    const note = await add('Needs a ride from Reno.');
    const edited = await camp.call('PATCH', noteUrl(subject.id, note.id), camp.admin, {
      body: ' Has a ride from Reno now. ',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const body = edited.json<NoteBody>();
    expect(body).toEqual({ ...note, body: 'Has a ride from Reno now.', updatedAt: ISO });
    expect(Date.parse(body.updatedAt)).toBeGreaterThan(Date.parse(body.createdAt));

    const refused = await camp.call('PATCH', noteUrl(subject.id, note.id), otherAdmin, { body: 'Mine now' });
    expect(refused.statusCode).toBe(403);
    expect(error(refused)).toEqual({
      statusCode: 403,
      error: 'Forbidden',
      message: 'You can only edit your own notes.',
    });
    const blank = await camp.call('PATCH', noteUrl(subject.id, note.id), camp.admin, { body: ' ' });
    expect(error(blank)).toEqual({ statusCode: 400, error: 'Bad Request', message: ['Note is required'] });
    const [stored] = await camp.t.database.db.select().from(userNotes).where(eq(userNotes.id, note.id));
    expect(stored?.body).toBe('Has a ride from Reno now.');
  });

  it('lets the author delete their note (204), and nobody else (403)', async () => {
    const note = await add('Lost their wristband twice.');
    const refused = await camp.call('DELETE', noteUrl(subject.id, note.id), otherAdmin);
    expect(refused.statusCode).toBe(403);
    expect(error(refused)).toEqual({
      statusCode: 403,
      error: 'Forbidden',
      message: 'You can only delete your own notes.',
    });
    const deleted = await camp.call('DELETE', noteUrl(subject.id, note.id), camp.admin);
    expect(deleted.statusCode).toBe(204);
    expect(deleted.body).toBe('');
    expect((await list()).map(({ id }) => id)).not.toContain(note.id);
    const again = await camp.call('DELETE', noteUrl(subject.id, note.id), camp.admin);
    expect(again.statusCode).toBe(404);
    expect(error(again)).toEqual({ statusCode: 404, error: 'Not Found', message: 'Note not found' });
  });

  it("answers 404 for an unknown person or note, or a note under another person's id; 400 for ids that are not ids", async () => {
    const note = await add('About the subject.');
    const stranger = await insertPerson(camp.t.database.db);
    const unknownUser = '00000000-0000-4000-8000-000000000000';
    const userNotFound = { statusCode: 404, error: 'Not Found', message: 'User not found' };
    const noteNotFound = { statusCode: 404, error: 'Not Found', message: 'Note not found' };
    const answers: [LightMyRequestResponse, unknown][] = [
      [await camp.call('GET', notesUrl(unknownUser), camp.admin), userNotFound],
      [await camp.call('POST', notesUrl(unknownUser), camp.admin, { body: 'Hello' }), userNotFound],
      [await camp.call('PATCH', noteUrl(unknownUser, note.id), camp.admin, { body: 'x' }), userNotFound],
      [await camp.call('DELETE', noteUrl(unknownUser, note.id), camp.admin), userNotFound],
      [await camp.call('PATCH', noteUrl(stranger.id, note.id), camp.admin, { body: 'x' }), noteNotFound],
      [await camp.call('DELETE', noteUrl(stranger.id, note.id), camp.admin), noteNotFound],
      [await camp.call('PATCH', noteUrl(subject.id, unknownUser), camp.admin, { body: 'x' }), noteNotFound],
    ];
    for (const [response, body] of answers) {
      expect(response.statusCode).toBe(404);
      expect(error(response)).toEqual(body);
    }
    const badNote = await camp.call('DELETE', `/api/users/${subject.id}/notes/not-an-id`, camp.admin);
    expect(error(badNote)).toEqual({ statusCode: 400, error: 'Bad Request', message: ['Invalid note id'] });
    const badUser = await camp.call('GET', '/api/users/not-an-id/notes', camp.admin);
    expect(error(badUser)).toEqual({ statusCode: 400, error: 'Bad Request', message: ['Invalid user id'] });
    // The stranger has no notes; the subject's note is untouched.
    const strangers = await camp.call('GET', notesUrl(stranger.id), camp.admin);
    expect(strangers.json()).toEqual([]);
    expect((await list()).find(({ id }) => id === note.id)?.body).toBe('About the subject.');
  });

  it('refuses participants and staff on every notes route (403), even about themselves, and anonymous (401)', async () => {
    const note = await add('Staff must not read this.');
    const forbidden = {
      statusCode: 403,
      error: 'Forbidden',
      message: 'You do not have permission to do this',
    };
    for (const session of [camp.participant, camp.staff]) {
      for (const userId of [subject.id, session.userId]) {
        const calls = [
          await camp.call('GET', notesUrl(userId), session),
          await camp.call('POST', notesUrl(userId), session, { body: 'Sneaky' }),
          await camp.call('PATCH', noteUrl(userId, note.id), session, { body: 'Sneaky' }),
          await camp.call('DELETE', noteUrl(userId, note.id), session),
        ];
        for (const response of calls) {
          expect(response.statusCode).toBe(403);
          expect(error(response)).toEqual(forbidden);
          expect(response.body).not.toContain('Staff must not read this.');
        }
      }
    }
    const anonymous = await camp.call('GET', notesUrl(subject.id), null);
    expect(anonymous.statusCode).toBe(401);
    const rows = await camp.t.database.db.select().from(userNotes).where(eq(userNotes.body, 'Sneaky'));
    expect(rows).toEqual([]);
  });

  it('keeps a note whose author is gone, with no author and editable by nobody', async () => {
    const leaving = await insertSignedInPerson(camp, {
      role: 'ADMIN',
      firstName: 'Leaving',
      lastName: 'Admin',
    });
    const note = await add('Written by someone who left.', leaving);
    await camp.t.database.db.delete(users).where(eq(users.id, leaving.id));
    const listed = (await list()).find(({ id }) => id === note.id);
    expect(listed).toEqual({ ...note, author: null, mine: false });
    const refused = await camp.call('DELETE', noteUrl(subject.id, note.id), camp.admin);
    expect(refused.statusCode).toBe(403);
  });

  it('goes with the person: deleting a user deletes the notes about them', async () => {
    const leaving = await insertPerson(camp.t.database.db);
    const response = await camp.call('POST', notesUrl(leaving.id), camp.admin, { body: 'Short stay.' });
    expect(response.statusCode).toBe(201);
    const removed = await camp.call('DELETE', `/api/users/${leaving.id}`, camp.admin);
    expect(removed.statusCode).toBe(204);
    const rows = await camp.t.database.db.select().from(userNotes).where(eq(userNotes.userId, leaving.id));
    expect(rows).toEqual([]);
  });
});
