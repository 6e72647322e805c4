import type { AdminRegistrationList } from '@camp/shared/admin-registrations';
import type { UserNote } from '@camp/shared/user-notes';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { testRegistration } from '../../../test/registration-fixtures';
import { jsonResponse, renderApp, signedInApi, testAdmin as admin } from '../../../test/test-utils';

// Manage Registrations shows the person's internal notes beside a registration (docs/product.md §12).

const registration = testRegistration({ id: '10000000-0000-4000-8000-000000000001', status: 'CONFIRMED' });
const list: AdminRegistrationList = {
  registrations: [registration],
  total: 1,
  page: 1,
  limit: 25,
  counts: { total: 1, confirmed: 1, pending: 0, waitlisted: 0, cancelled: 0, openOffers: 0 },
};
const note: UserNote = {
  id: '50000000-0000-4000-8000-000000000001',
  userId: registration.userId,
  body: 'Arrives on Tuesday.',
  author: { id: '00000000-0000-4000-8000-000000000009', name: 'Grace Hopper' },
  createdAt: '2026-11-27T10:15:00.000Z',
  updatedAt: '2026-11-27T10:15:00.000Z',
  mine: false,
};

describe('Manage Registrations: the person’s notes', { timeout: 20_000 }, () => {
  it('opens "Notes on {name}" from the row, lists the notes and adds one', async () => {
    let notes = [note];
    const added: unknown[] = [];
    signedInApi(admin, {
      'GET /admin/registrations': () => jsonResponse(list),
      [`GET /users/${registration.userId}/notes`]: () => jsonResponse(notes),
      [`POST /users/${registration.userId}/notes`]: ({ body }) => {
        added.push(body);
        const created: UserNote = {
          ...note,
          id: '50000000-0000-4000-8000-000000000002',
          body: 'Bringing a bike.',
          author: { id: admin.id, name: 'Ada Admin' },
          createdAt: '2026-11-27T11:00:00.000Z',
          updatedAt: '2026-11-27T11:00:00.000Z',
          mine: true,
        };
        notes = [created, ...notes];
        return jsonResponse(created, { status: 201 });
      },
    });
    renderApp('/admin/manage-registrations');
    // The page is lazy: its first load may take a while on a busy machine.
    fireEvent.click(
      await screen.findByRole('button', { name: 'Notes registration of Dusty Rhodes' }, { timeout: 10_000 }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Notes on Dusty Rhodes' });
    expect(await within(dialog).findByText('Arrives on Tuesday.')).toBeInTheDocument();
    expect(within(dialog).getByText('Grace Hopper')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'New note' }), {
      target: { value: 'Bringing a bike.' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add note' }));
    expect(await within(dialog).findByText('Bringing a bike.')).toBeInTheDocument();
    expect(added).toEqual([{ body: 'Bringing a bike.' }]);
    fireEvent.click(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
