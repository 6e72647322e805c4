import type { UserNote } from '@camp/shared/user-notes';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  errorResponse,
  jsonResponse,
  renderWithProviders,
  signedInApi,
  testAdmin as admin,
} from '../../../test/test-utils';
import { UserNotes } from './user-notes';

// The Notes part of docs/product.md §12 Internal notes, on a fake API that keeps the notes it is given.

const PERSON = '00000000-0000-4000-8000-000000000002';
const NOTES = `/users/${PERSON}/notes`;
/** Nov 27, 2026, 10:15 in the reader's own zone, whatever the machine's. */
const AT_10_15 = new Date(2026, 10, 27, 10, 15).toISOString();
const AT_09_00 = new Date(2026, 10, 26, 9, 0).toISOString();

function note(overrides: Partial<UserNote>): UserNote {
  return {
    id: '50000000-0000-4000-8000-000000000001',
    userId: PERSON,
    body: 'Prefers early shifts.',
    author: { id: admin.id, name: 'Ada Admin' },
    createdAt: AT_10_15,
    updatedAt: AT_10_15,
    mine: true,
    ...overrides,
  };
}

const mine = note({});
const theirs = note({
  id: '50000000-0000-4000-8000-000000000002',
  body: 'Brought a generator.',
  author: { id: '00000000-0000-4000-8000-000000000009', name: 'Grace Hopper' },
  createdAt: AT_09_00,
  updatedAt: AT_09_00,
  mine: false,
});

/** The Notes part on a fake API holding `notes`; `answers` replaces some of its endpoints. */
function renderNotes(notes: UserNote[], answers: Record<string, () => Response> = {}) {
  let held = [...notes];
  const sent: { method: string; body: unknown }[] = [];
  const api = signedInApi(admin, {
    [`GET ${NOTES}`]: () => jsonResponse(held),
    [`POST ${NOTES}`]: ({ body }) => {
      sent.push({ method: 'POST', body });
      const added = note({
        id: '50000000-0000-4000-8000-000000000010',
        body: (body as { body: string }).body.trim(),
        createdAt: new Date(2026, 10, 27, 11, 0).toISOString(),
        updatedAt: new Date(2026, 10, 27, 11, 0).toISOString(),
      });
      held = [added, ...held];
      return jsonResponse(added, { status: 201 });
    },
    [`PATCH ${NOTES}/${mine.id}`]: ({ body }) => {
      sent.push({ method: 'PATCH', body });
      const edited = {
        ...mine,
        body: (body as { body: string }).body.trim(),
        updatedAt: new Date(2026, 10, 27, 12, 0).toISOString(),
      };
      held = held.map((item) => (item.id === mine.id ? edited : item));
      return jsonResponse(edited);
    },
    [`DELETE ${NOTES}/${mine.id}`]: () => {
      sent.push({ method: 'DELETE', body: undefined });
      held = held.filter((item) => item.id !== mine.id);
      return new Response(null, { status: 204 });
    },
    ...Object.fromEntries(Object.entries(answers).map(([key, answer]) => [key, () => answer()])),
  });
  renderWithProviders(<UserNotes userId={PERSON} />);
  return { ...api, sent };
}

const notesList = () => screen.getByRole('list', { name: 'Notes' });
const itemOf = (text: string) => screen.getByText(text).closest('li') as HTMLElement;

describe('Notes (docs/product.md §12 Internal notes)', { timeout: 20_000 }, () => {
  it('says when there are no notes yet, with the heading and who sees them', async () => {
    renderNotes([]);
    expect(await screen.findByText('No notes yet.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Notes', level: 3 })).toBeInTheDocument();
    expect(screen.getByText('Internal notes: only admins can see them.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'New note' })).toBeInTheDocument();
  });

  it('lists notes newest first with author, time and "edited", and Edit/Delete only on one’s own', async () => {
    const gone = note({
      id: '50000000-0000-4000-8000-000000000003',
      body: 'From an admin who left.',
      author: null,
      mine: false,
      createdAt: AT_09_00,
      updatedAt: AT_10_15,
    });
    renderNotes([mine, theirs, gone]);
    await screen.findByText('Prefers early shifts.');
    const items = within(notesList()).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    const own = itemOf('Prefers early shifts.');
    expect(within(own).getByText('Ada Admin')).toBeInTheDocument();
    expect(within(own).getByText('(you)')).toBeInTheDocument();
    expect(within(own).getByText('Nov 27, 2026, 10:15')).toBeInTheDocument();
    expect(within(own).getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(within(own).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    const other = itemOf('Brought a generator.');
    expect(within(other).getByText('Grace Hopper')).toBeInTheDocument();
    expect(within(other).queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(within(other).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    const former = itemOf('From an admin who left.');
    expect(within(former).getByText('A former admin')).toBeInTheDocument();
    expect(within(former).getByText(/· edited/)).toBeInTheDocument();
    expect(within(own).queryByText(/edited/)).not.toBeInTheDocument();
  });

  it('checks a new note with the shared rules, then adds it and empties the box', async () => {
    const { sent } = renderNotes([]);
    await screen.findByText('No notes yet.');
    const box = screen.getByRole('textbox', { name: 'New note' });
    fireEvent.change(box, { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add note' }));
    expect(await screen.findByText('Note is required')).toBeInTheDocument();
    expect(sent).toEqual([]);
    fireEvent.change(box, { target: { value: ' Needs a ride from Reno. ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add note' }));
    expect(await screen.findByText('Needs a ride from Reno.')).toBeInTheDocument();
    expect(sent).toEqual([{ method: 'POST', body: { body: ' Needs a ride from Reno. ' } }]);
    await waitFor(() => expect(box).toHaveValue(''));
    expect(screen.queryByText('No notes yet.')).not.toBeInTheDocument();
  });

  it('edits one’s own note and marks it edited', async () => {
    const { sent } = renderNotes([mine, theirs]);
    await screen.findByText('Prefers early shifts.');
    fireEvent.click(within(itemOf('Prefers early shifts.')).getByRole('button', { name: 'Edit' }));
    const box = await screen.findByRole('textbox', { name: 'Edit note' });
    expect(box).toHaveValue('Prefers early shifts.');
    expect(box).toHaveFocus();
    fireEvent.change(box, { target: { value: 'Prefers late shifts.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save note' }));
    await waitFor(() =>
      expect(within(itemOf('Prefers late shifts.')).getByText(/· edited/)).toBeInTheDocument(),
    );
    expect(sent).toEqual([{ method: 'PATCH', body: { body: 'Prefers late shifts.' } }]);
    // Focus goes back to the note's Edit button.
    await waitFor(() =>
      expect(within(itemOf('Prefers late shifts.')).getByRole('button', { name: 'Edit' })).toHaveFocus(),
    );
  });

  it('asks before deleting one’s own note; Cancel keeps it, Delete note removes it', async () => {
    const { sent } = renderNotes([mine]);
    await screen.findByText('Prefers early shifts.');
    fireEvent.click(within(itemOf('Prefers early shifts.')).getByRole('button', { name: 'Delete' }));
    const question = await screen.findByRole('alertdialog', { name: 'Delete this note?' });
    expect(
      within(question).getByText('The note is removed for every admin. This cannot be undone.'),
    ).toBeInTheDocument();
    expect(within(question).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    fireEvent.click(within(question).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(sent).toEqual([]);
    fireEvent.click(within(itemOf('Prefers early shifts.')).getByRole('button', { name: 'Delete' }));
    fireEvent.click(
      within(await screen.findByRole('alertdialog', { name: 'Delete this note?' })).getByRole('button', {
        name: 'Delete note',
      }),
    );
    expect(await screen.findByText('No notes yet.')).toBeInTheDocument();
    expect(sent).toEqual([{ method: 'DELETE', body: undefined }]);
  });

  it('shows failures: the list, an add refused by the server, and a delete refused', async () => {
    renderNotes([], { [`GET ${NOTES}`]: () => errorResponse(503, 'Service Unavailable') });
    expect(await screen.findByText('An error occurred fetching the notes')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('shows the server’s reason when adding or deleting fails', async () => {
    renderNotes([mine], {
      [`POST ${NOTES}`]: () => errorResponse(404, 'User not found'),
      [`DELETE ${NOTES}/${mine.id}`]: () => errorResponse(403, 'You can only delete your own notes.'),
    });
    await screen.findByText('Prefers early shifts.');
    fireEvent.change(screen.getByRole('textbox', { name: 'New note' }), { target: { value: 'Hello' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add note' }));
    expect(await screen.findByText('An error occurred adding the note: User not found')).toBeInTheDocument();
    fireEvent.click(within(itemOf('Prefers early shifts.')).getByRole('button', { name: 'Delete' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete note' }));
    expect(
      await screen.findByText('An error occurred deleting the note: You can only delete your own notes.'),
    ).toBeInTheDocument();
  });
});
