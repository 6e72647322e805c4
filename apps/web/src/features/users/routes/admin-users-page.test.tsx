import type { User } from '@camp/shared/users';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  errorResponse,
  jsonResponse,
  renderSignedIn,
  testAdmin as admin,
  testUser,
  type ApiRoutes,
} from '../../../test/test-utils';
import { onPhone } from '../../../test/media';

const dusty = testUser({ id: '00000000-0000-4000-8000-000000000002', playaName: 'Sparkle' });

/** The User Management screen as the admin, with `users` listed and `routes` added. */
function openUsers(routes: ApiRoutes, users: User[] = [admin, dusty]) {
  return renderSignedIn('/admin/users', admin, { 'GET /users': () => jsonResponse(users), ...routes });
}

const table = () => screen.getByRole('table', { name: 'Users' });
const drawer = () => screen.getByRole('dialog');

describe('User Management (docs/product.md §2)', { timeout: 20_000 }, () => {
  it('lists users with lower-cased roles and their flags, and searches on the server', async () => {
    const searches: (string | null)[] = [];
    openUsers({
      'GET /users': ({ url }) => {
        const search = new URL(url, 'http://localhost').searchParams.get('search');
        searches.push(search);
        return jsonResponse(search ? [dusty] : [admin, dusty]);
      },
    });
    expect(await screen.findByRole('heading', { name: 'User Management', level: 2 })).toBeInTheDocument();
    const rows = await within(await screen.findByRole('table', { name: 'Users' })).findAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(table()).getByText('admin')).toBeInTheDocument();
    expect(within(table()).getByText('user')).toBeInTheDocument();
    expect(within(table()).getByText('“Sparkle”')).toBeInTheDocument();

    fireEvent.change(screen.getByRole('searchbox', { name: /Search users/ }), { target: { value: 'spark' } });
    await waitFor(() => expect(searches).toContain('spark'));
    await waitFor(() => expect(within(table()).getAllByRole('row')).toHaveLength(2));
  });

  it('says when there are no users, and when they cannot be fetched', async () => {
    openUsers({}, []);
    expect(await screen.findByText('No users found')).toBeInTheDocument();
  });

  it('shows the fetch failure', async () => {
    openUsers({ 'GET /users': () => errorResponse(503) });
    expect(await screen.findByText('An error occurred fetching users')).toBeInTheDocument();
  });

  it('creates a user from the side form with the default permissions', async () => {
    const created: unknown[] = [];
    openUsers({
      'POST /users': ({ body }) => {
        created.push(body);
        return jsonResponse(
          testUser({
            id: '00000000-0000-4000-8000-000000000003',
            email: 'new@example.org',
            firstName: 'Sky',
          }),
          {
            status: 201,
          },
        );
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Add User' }));
    await screen.findByRole('dialog', { name: 'Add User' });
    expect(within(drawer()).getByLabelText(/Allow registration/)).toBeChecked();
    expect((within(drawer()).getByRole('combobox', { name: 'Role' }) as HTMLSelectElement).value).toBe(
      'PARTICIPANT',
    );
    // Notes belong to a person who exists: none on the create form (docs/product.md §12).
    expect(within(drawer()).queryByRole('textbox', { name: /note/i })).not.toBeInTheDocument();
    expect(within(drawer()).queryByLabelText(/password/i)).not.toBeInTheDocument();

    fireEvent.change(within(drawer()).getByLabelText(/^Email/), { target: { value: 'not-valid' } });
    fireEvent.click(within(drawer()).getByRole('button', { name: 'Create User' }));
    expect(await within(drawer()).findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(created).toHaveLength(0);

    fireEvent.change(within(drawer()).getByLabelText(/^Email/), { target: { value: 'new@example.org' } });
    fireEvent.change(within(drawer()).getByLabelText(/^First name/), { target: { value: 'Sky' } });
    fireEvent.click(within(drawer()).getByLabelText(/No job requirement/));
    fireEvent.click(within(drawer()).getByRole('button', { name: 'Create User' }));
    expect(await screen.findByText('User Sky Rhodes created.')).toBeInTheDocument();
    expect(created[0]).toMatchObject({
      email: 'new@example.org',
      firstName: 'Sky',
      role: 'PARTICIPANT',
      allowRegistration: true,
      allowNoJob: true,
    });
  });

  it('shows the server’s reason when creating fails', async () => {
    openUsers({ 'POST /users': () => errorResponse(409, 'A user with this email already exists') });
    fireEvent.click(await screen.findByRole('button', { name: 'Add User' }));
    await screen.findByRole('dialog', { name: 'Add User' });
    fireEvent.change(within(drawer()).getByLabelText(/^Email/), { target: { value: 'dusty@example.org' } });
    fireEvent.click(within(drawer()).getByRole('button', { name: 'Create User' }));
    expect(await within(drawer()).findByText('An error occurred creating the user')).toBeInTheDocument();
    expect(within(drawer()).getAllByText('A user with this email already exists').length).toBeGreaterThan(0);
  });

  it('edits a user’s role and flags with PUT', async () => {
    const updates: unknown[] = [];
    openUsers({
      [`GET /users/${dusty.id}`]: () => jsonResponse(dusty),
      [`PUT /users/${dusty.id}`]: ({ body }) => {
        updates.push(body);
        return jsonResponse({ ...dusty, ...(body as object) });
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Dusty Rhodes' }));
    const form = await screen.findByRole('dialog', { name: 'Edit User' });
    await within(form).findByDisplayValue('dusty@example.org');
    fireEvent.change(within(form).getByRole('combobox', { name: 'Role' }), { target: { value: 'STAFF' } });
    fireEvent.click(within(form).getByLabelText(/Allow early registration/));
    fireEvent.click(within(form).getByLabelText(/Allow deferred dues payment/));
    fireEvent.click(within(form).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('User Dusty Rhodes updated.')).toBeInTheDocument();
    expect(updates[0]).toMatchObject({
      role: 'STAFF',
      allowEarlyRegistration: true,
      allowDeferredDuesPayment: true,
      allowRegistration: true,
      allowNoJob: false,
    });
  });

  it('shows the person’s internal notes under the edit form, and adds one', async () => {
    const note = {
      id: '50000000-0000-4000-8000-000000000001',
      userId: dusty.id,
      body: 'Prefers early shifts.',
      author: { id: admin.id, name: 'Ada Admin' },
      createdAt: '2026-11-27T10:15:00.000Z',
      updatedAt: '2026-11-27T10:15:00.000Z',
      mine: true,
    };
    const added: unknown[] = [];
    openUsers({
      [`GET /users/${dusty.id}`]: () => jsonResponse(dusty),
      [`GET /users/${dusty.id}/notes`]: () => jsonResponse([note]),
      [`POST /users/${dusty.id}/notes`]: ({ body }) => {
        added.push(body);
        return jsonResponse(
          { ...note, id: '50000000-0000-4000-8000-000000000002', body: 'Second' },
          { status: 201 },
        );
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Dusty Rhodes' }));
    const form = await screen.findByRole('dialog', { name: 'Edit User' });
    expect(await within(form).findByText('Prefers early shifts.')).toBeInTheDocument();
    expect(within(form).getByRole('heading', { name: 'Notes', level: 3 })).toBeInTheDocument();
    fireEvent.change(within(form).getByRole('textbox', { name: 'New note' }), {
      target: { value: 'Second' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Add note' }));
    await waitFor(() => expect(added).toEqual([{ body: 'Second' }]));
  });

  it('says when the user cannot be fetched for editing', async () => {
    openUsers({ [`GET /users/${dusty.id}`]: () => errorResponse(503) });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Dusty Rhodes' }));
    expect(await screen.findByText('An error occurred fetching the user')).toBeInTheDocument();
  });

  it('asks before deleting, and shows the server’s refusal', async () => {
    let answer: Response = errorResponse(
      409,
      'This user has registrations or payments and cannot be deleted.',
    );
    const { calls } = openUsers({ [`DELETE /users/${dusty.id}`]: () => answer });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Dusty Rhodes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete user' });
    expect(
      within(dialog).getByText('Delete Dusty Rhodes (dusty@example.org)? This cannot be undone.'),
    ).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(
      await within(dialog).findByText(
        'An error occurred deleting the user: This user has registrations or payments and cannot be deleted.',
      ),
    ).toBeInTheDocument();

    answer = new Response(null, { status: 204 });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('User Dusty Rhodes deleted.')).toBeInTheDocument();
    expect(calls.filter((call) => call === `DELETE /users/${dusty.id}`)).toHaveLength(2);
  });

  it('ends a person’s sessions after confirming, with a toast; says so when it fails', async () => {
    let answer: Response = errorResponse(500, 'Database unavailable');
    const { calls } = openUsers({ [`POST /users/${dusty.id}/end-sessions`]: () => answer });
    fireEvent.click(await screen.findByRole('button', { name: 'End sessions Dusty Rhodes' }));
    const dialog = await screen.findByRole('dialog', { name: 'End sessions' });
    expect(
      within(dialog).getByText(
        'Sign Dusty Rhodes (dusty@example.org) out on every device and browser? They will need a new sign-in code to continue.',
      ),
    ).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'End sessions' }));
    expect(
      await within(dialog).findByText('An error occurred ending the sessions: Database unavailable'),
    ).toBeInTheDocument();

    answer = jsonResponse({ success: true, sessionsEnded: 2 });
    fireEvent.click(within(dialog).getByRole('button', { name: 'End sessions' }));
    expect(await screen.findByText('Dusty Rhodes was signed out of 2 sessions.')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'End sessions' })).not.toBeInTheDocument(),
    );
    expect(calls.filter((call) => call === `POST /users/${dusty.id}/end-sessions`)).toHaveLength(2);
  });

  it('says when the person had no session, and cancelling sends nothing', async () => {
    const { calls } = openUsers({
      [`POST /users/${dusty.id}/end-sessions`]: () => jsonResponse({ success: true, sessionsEnded: 0 }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'End sessions Dusty Rhodes' }));
    let dialog = await screen.findByRole('dialog', { name: 'End sessions' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'End sessions' })).not.toBeInTheDocument(),
    );
    expect(calls.some((call) => call.endsWith('/end-sessions'))).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'End sessions Dusty Rhodes' }));
    dialog = await screen.findByRole('dialog', { name: 'End sessions' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'End sessions' }));
    expect(await screen.findByText('Dusty Rhodes had no active sessions.')).toBeInTheDocument();
    // Your own sessions end from your profile (Sign out everywhere), not from here.
    expect(screen.getByRole('button', { name: 'End sessions Ada Admin' }).getAttribute('aria-disabled')).toBe(
      'true',
    );
  });

  it('does not offer to delete your own account', async () => {
    openUsers({});
    const own = await screen.findByRole('button', { name: 'Delete Ada Admin' });
    expect(own).toHaveAttribute('aria-disabled', 'true');
  });

  it('on a phone shows each user as a card with Edit and Delete at the bottom, and a Sort by list', async () => {
    onPhone();
    openUsers({});
    const list = await screen.findByRole('list', { name: 'Users' });
    await within(list).findByRole('button', { name: 'Edit Ada Admin' });
    expect(screen.queryByRole('table', { name: 'Users' })).not.toBeInTheDocument();
    const cards = within(list)
      .getAllByRole('listitem')
      .filter((item) => item.parentElement === list);
    expect(cards).toHaveLength(2);
    const ada = cards[0] as HTMLElement;
    expect(Array.from(ada.querySelectorAll('dt')).map((dt) => dt.textContent)).toEqual([
      'Email',
      'Role',
      'Permissions',
    ]);
    expect(within(ada).getByRole('button', { name: 'Edit Ada Admin' })).toBeInTheDocument();
    expect(within(ada).getByRole('button', { name: 'Delete Ada Admin' }).getAttribute('aria-disabled')).toBe(
      'true',
    );
    expect(
      within(cards[1] as HTMLElement).getByRole('button', { name: 'Delete Dusty Rhodes' }),
    ).toBeInTheDocument();
    expect((screen.getByRole('combobox', { name: 'Sort by' }) as HTMLSelectElement).value).toBe('name:asc');
  });
});
