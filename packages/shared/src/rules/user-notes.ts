// Internal notes on a person (docs/product.md §12 Internal notes, decision 060): many per person, written and read by
// admins only; the author of a note may edit or delete it. The texts people see, in one place.

/** The most characters a note holds (after trimming). */
export const USER_NOTE_MAX = 2000;

/** Who wrote a note: null once their account is gone. */
export interface UserNoteAuthor {
  id: string;
  /** The display name (first and last name), else the e-mail. */
  name: string;
}

/** A note as the API answers it (admins only). */
export interface UserNote {
  id: string;
  /** The person the note is about. */
  userId: string;
  body: string;
  author: UserNoteAuthor | null;
  createdAt: string;
  updatedAt: string;
  /** Whether the caller wrote it (only then may they edit or delete it). */
  mine: boolean;
}

/** The API's refusals about notes (docs/product.md §12). */
export const USER_NOTE_MESSAGES = {
  bodyRequired: 'Note is required',
  bodyNotText: 'Note must be text',
  bodyTooLong: `Note must be at most ${USER_NOTE_MAX} characters`,
  notFound: 'Note not found',
  invalidNoteId: 'Invalid note id',
  editNotYours: 'You can only edit your own notes.',
  deleteNotYours: 'You can only delete your own notes.',
} as const;

/** The texts of the Notes part (Admin → Users drawer, and beside a registration in Manage Registrations). */
export const USER_NOTE_TEXTS = {
  title: 'Notes',
  intro: 'Internal notes: only admins can see them.',
  empty: 'No notes yet.',
  loading: 'Loading notes...',
  newLabel: 'New note',
  add: 'Add note',
  edit: 'Edit',
  delete: 'Delete',
  save: 'Save note',
  cancel: 'Cancel',
  editLabel: 'Edit note',
  edited: 'edited',
  formerAdmin: 'A former admin',
  you: 'you',
  deleteTitle: 'Delete this note?',
  deleteMessage: 'The note is removed for every admin. This cannot be undone.',
  deleteConfirm: 'Delete note',
  loadFailed: 'An error occurred fetching the notes',
  addFailed: 'An error occurred adding the note',
  updateFailed: 'An error occurred updating the note',
  deleteFailed: 'An error occurred deleting the note',
  /** The row action in Manage Registrations, and its dialog's title. */
  registrationAction: 'Notes',
  registrationTitle: (name: string) => `Notes on ${name}`,
} as const;

const NOTE_TIME_FORMAT = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** When a note was written, in the reader's zone: 'Nov 27, 2026, 10:15'. Text that is no timestamp comes back as given. */
export function formatNoteTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : NOTE_TIME_FORMAT.format(date);
}

/** Whether a note was changed after it was written (shown as "edited"). */
export function isNoteEdited(note: Pick<UserNote, 'createdAt' | 'updatedAt'>): boolean {
  return new Date(note.updatedAt).getTime() > new Date(note.createdAt).getTime();
}
