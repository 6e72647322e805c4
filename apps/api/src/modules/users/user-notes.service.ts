import { personName, USER_NOTE_MESSAGES, type UserNote, type UserNoteValues } from '@camp/shared';
import { and, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '../../db/client';
import { userNotes, users } from '../../db/schema/index';
import { forbidden, notFound } from '../../lib/app-error';

/** The author of a note, beside it (a second name for the users table). */
const author = alias(users, 'author');

const noteColumns = {
  id: userNotes.id,
  userId: userNotes.userId,
  body: userNotes.body,
  createdAt: userNotes.createdAt,
  updatedAt: userNotes.updatedAt,
  authorId: userNotes.authorId,
  authorEmail: author.email,
  authorFirstName: author.firstName,
  authorLastName: author.lastName,
};

type NoteRow = {
  id: string;
  userId: string;
  body: string;
  createdAt: Date;
  updatedAt: Date;
  authorId: string | null;
  authorEmail: string | null;
  authorFirstName: string | null;
  authorLastName: string | null;
};

/** A note as the API shows it to the admin who asks (docs/product.md §12 Internal notes). */
function toNoteDto(row: NoteRow, callerId: string): UserNote {
  return {
    id: row.id,
    userId: row.userId,
    body: row.body,
    author:
      row.authorId === null || row.authorEmail === null
        ? null
        : {
            id: row.authorId,
            name: personName({
              firstName: row.authorFirstName,
              lastName: row.authorLastName,
              email: row.authorEmail,
            }),
          },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    mine: row.authorId !== null && row.authorId === callerId,
  };
}

/**
 * Internal notes on a person (docs/product.md §12, decision 060): admins read and add them; only a note's author
 * edits or deletes it. Every route is admin only; no other answer of the API reads this table.
 */
export class UserNotesService {
  constructor(private readonly db: Db) {}

  /** GET /users/{id}/notes: the person's notes, newest first. */
  async list(callerId: string, userId: string): Promise<UserNote[]> {
    await this.assertUser(this.db, userId);
    const rows = await this.db
      .select(noteColumns)
      .from(userNotes)
      .leftJoin(author, eq(author.id, userNotes.authorId))
      .where(eq(userNotes.userId, userId))
      .orderBy(desc(userNotes.createdAt), desc(userNotes.id));
    return rows.map((row) => toNoteDto(row, callerId));
  }

  /** POST /users/{id}/notes: a new note by the caller. */
  async add(callerId: string, userId: string, values: UserNoteValues): Promise<UserNote> {
    return this.db.transaction(async (tx) => {
      await this.assertUser(tx, userId);
      const [row] = await tx
        .insert(userNotes)
        .values({ userId, authorId: callerId, body: values.body })
        .returning({ id: userNotes.id });
      if (!row) throw new Error('no note inserted');
      return this.noteOf(tx, callerId, userId, row.id);
    });
  }

  /** PATCH /users/{id}/notes/{noteId}: the caller's own note, with a new text. */
  async update(callerId: string, userId: string, noteId: string, values: UserNoteValues): Promise<UserNote> {
    return this.db.transaction(async (tx) => {
      await this.ownNote(tx, callerId, userId, noteId, USER_NOTE_MESSAGES.editNotYours);
      // The database's clock, as for createdAt: "edited" compares the two.
      await tx
        .update(userNotes)
        .set({ body: values.body, updatedAt: sql`now()` })
        .where(eq(userNotes.id, noteId));
      return this.noteOf(tx, callerId, userId, noteId);
    });
  }

  /** DELETE /users/{id}/notes/{noteId}: the caller's own note. */
  async remove(callerId: string, userId: string, noteId: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      await this.ownNote(tx, callerId, userId, noteId, USER_NOTE_MESSAGES.deleteNotYours);
      await tx.delete(userNotes).where(eq(userNotes.id, noteId));
    });
  }

  /** 404 for an unknown person, with the users module's text. */
  private async assertUser(db: DbOrTx, userId: string): Promise<void> {
    const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
    if (!row) throw notFound('User not found');
  }

  /** The note of the person, locked for the change: 404 when there is none, 403 when another admin wrote it. */
  private async ownNote(
    tx: DbOrTx,
    callerId: string,
    userId: string,
    noteId: string,
    notYours: string,
  ): Promise<void> {
    await this.assertUser(tx, userId);
    const [note] = await tx
      .select({ authorId: userNotes.authorId })
      .from(userNotes)
      .where(and(eq(userNotes.id, noteId), eq(userNotes.userId, userId)))
      .for('update');
    if (!note) throw notFound(USER_NOTE_MESSAGES.notFound);
    if (note.authorId !== callerId) throw forbidden(notYours);
  }

  private async noteOf(db: DbOrTx, callerId: string, userId: string, noteId: string): Promise<UserNote> {
    const [row] = await db
      .select(noteColumns)
      .from(userNotes)
      .leftJoin(author, eq(author.id, userNotes.authorId))
      .where(and(eq(userNotes.id, noteId), eq(userNotes.userId, userId)));
    if (!row) throw notFound(USER_NOTE_MESSAGES.notFound);
    return toNoteDto(row, callerId);
  }
}
