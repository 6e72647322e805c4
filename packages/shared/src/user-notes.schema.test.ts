import { describe, expect, it } from 'vitest';
import { formatNoteTime, isNoteEdited } from './rules';
import { UserNoteInputSchema, UserNoteParamsSchema } from './user-notes.schema';

// docs/product.md §12 Internal notes: the rules of a note's text, the path's ids, and how times read.

const messagesOf = (input: unknown) => {
  const result = UserNoteInputSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe('user notes', () => {
  it('trims a note and keeps its inner line breaks', () => {
    expect(UserNoteInputSchema.parse({ body: '\n  One.\nTwo.\t ' })).toEqual({ body: 'One.\nTwo.' });
    expect(UserNoteInputSchema.parse({ body: `  ${'x'.repeat(2000)}  ` }).body).toHaveLength(2000);
  });

  it('refuses an empty, invisible, too long, non-text or control-character note with one message each', () => {
    expect(messagesOf({ body: '' })).toEqual(['Note is required']);
    expect(messagesOf({ body: ' \n ' })).toEqual(['Note is required']);
    expect(messagesOf({ body: '\u200B\u200E' })).toEqual(['Note is required']);
    expect(messagesOf({})).toEqual(['Note is required']);
    expect(messagesOf({ body: null })).toEqual(['Note is required']);
    expect(messagesOf({ body: 7 })).toEqual(['Note must be text']);
    expect(messagesOf({ body: 'x'.repeat(2001) })).toEqual(['Note must be at most 2000 characters']);
    expect(messagesOf({ body: 'a\u0000b' })).toEqual(['Note contains a character that is not allowed']);
    expect(messagesOf({ body: 'a\u202Eb' })).toEqual(['Note must not contain control characters']);
    expect(messagesOf({ body: 'ok', author: 'me' })).toEqual(['Unrecognized key: "author"']);
  });

  it('names a bad note id in the path', () => {
    const result = UserNoteParamsSchema.safeParse({ id: crypto.randomUUID(), noteId: 'nope' });
    expect(result.success ? [] : result.error.issues.map((issue) => issue.message)).toEqual([
      'Invalid note id',
    ]);
  });

  it('reads a time as "Nov 27, 2026, 10:15" in the reader’s zone, and knows an edited note', () => {
    expect(formatNoteTime(new Date(2026, 10, 27, 10, 15).toISOString())).toBe('Nov 27, 2026, 10:15');
    expect(formatNoteTime(new Date(2026, 0, 5, 0, 7).toISOString())).toBe('Jan 5, 2026, 00:07');
    expect(formatNoteTime('not a time')).toBe('not a time');
    const at = '2026-11-27T10:15:00.000Z';
    expect(isNoteEdited({ createdAt: at, updatedAt: at })).toBe(false);
    expect(isNoteEdited({ createdAt: at, updatedAt: '2026-11-27T10:16:00.000Z' })).toBe(true);
  });
});
