import type { MyDataExport } from '@camp/shared/my-data';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { getAccessToken } from '../../../lib/auth-token';
import {
  currentRoute,
  errorResponse,
  jsonResponse,
  renderSignedIn,
  renderWithProviders,
  signedInApi,
  testAdmin as admin,
  testUser,
} from '../../../test/test-utils';
import { AdminUserData } from './my-data';

// My data (docs/product.md §12 My data): the profile page's card and the admin drawer's part, on a fake API.

const person = testUser({ firstName: 'Dusty', lastName: 'Rhodes', email: 'dusty@example.org' });

const exported: MyDataExport = {
  exportedAt: '2026-11-27T10:00:00.000Z',
  profile: {
    id: person.id,
    email: person.email,
    firstName: 'Dusty',
    lastName: 'Rhodes',
    playaName: null,
    profilePicture: null,
    phone: '555-0100',
    city: null,
    stateProvince: null,
    country: null,
    emergencyContact: 'Mum',
    role: 'PARTICIPANT',
    isEmailVerified: true,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  },
  registrations: [],
  drawEntries: [],
  payments: [],
  applications: [],
  securityEvents: [],
  passkeys: [],
  calendarFeed: { version: 0 },
};

/** Catches the file a screen hands the browser (Blob, object URL, link click) instead of saving it. */
function captureDownloads() {
  const files: { name: string; blob: Blob }[] = [];
  let blob: Blob | null = null;
  vi.spyOn(URL, 'createObjectURL').mockImplementation((made) => {
    blob = made as Blob;
    return 'blob:my-data';
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    if (blob) files.push({ name: this.download, blob });
  });
  return files;
}

describe('Profile → My data', () => {
  it('downloads the data as my-data-{date}.json, readable JSON of the answer', async () => {
    const files = captureDownloads();
    renderSignedIn('/profile', person, { 'GET /users/me/data': () => jsonResponse(exported) });
    const card = (await screen.findByRole('heading', { name: 'My data' })).closest('div')!;
    fireEvent.click(within(card).getByRole('button', { name: 'Download my data' }));
    await waitFor(() => expect(files).toHaveLength(1));
    expect(files[0]!.name).toMatch(/^my-data-\d{4}-\d\d-\d\d\.json$/);
    const text = await files[0]!.blob.text();
    expect(JSON.parse(text)).toEqual(exported);
    expect(text).toContain('\n  "profile": {');
  });

  it('says so when the download fails', async () => {
    captureDownloads();
    renderSignedIn('/profile', person, {
      'GET /users/me/data': () => errorResponse(503, 'Service Unavailable'),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Download my data' }));
    expect(
      await screen.findByText('Your data could not be downloaded. Please try again.'),
    ).toBeInTheDocument();
  });

  it('deletes the account once the address is typed, signs out and says so on the home page', async () => {
    const sent: unknown[] = [];
    let answer = () =>
      errorResponse(409, 'You cannot erase the last admin. Make another user an admin first.');
    const { calls } = renderSignedIn('/profile', person, {
      'DELETE /users/me': ({ body }) => {
        sent.push(body);
        return answer();
      },
      'POST /auth/logout': () => jsonResponse({ success: true }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    expect(within(dialog).getByText(/Your registrations stay counted/)).toBeInTheDocument();
    expect(
      within(dialog).getByText(/Payments are kept for the camp's accounts, without your name/),
    ).toBeInTheDocument();
    expect(within(dialog).getByText(/This cannot be undone/)).toBeInTheDocument();
    const input = within(dialog).getByLabelText('Type your e-mail address to confirm');

    // Nothing typed, then another address: refused here, nothing sent.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(
      await within(dialog).findByText('Type your e-mail address to confirm', { selector: 'p, div' }),
    ).toBeInTheDocument();
    fireEvent.change(input, { target: { value: 'someone@example.org' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(
      await within(dialog).findByText('The e-mail address does not match your account'),
    ).toBeInTheDocument();
    expect(sent).toEqual([]);

    // The server refuses: its reason shows, still signed in.
    fireEvent.change(input, { target: { value: ' DUSTY@example.org ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(
      await within(dialog).findByText(
        'Your account could not be deleted: You cannot erase the last admin. Make another user an admin first.',
      ),
    ).toBeInTheDocument();
    expect(sent).toEqual([{ confirmEmail: 'DUSTY@example.org' }]);
    expect(getAccessToken()).not.toBeNull();

    answer = () => new Response(null, { status: 204 });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    await waitFor(() => expect(currentRoute()).toBe('/'));
    expect(getAccessToken()).toBeNull();
    expect(
      await screen.findByText('Your account was deleted. Thank you for camping with us.'),
    ).toBeInTheDocument();
    expect(calls).toContain('POST /auth/logout');
  });
});

describe('Admin → Users drawer → Personal data', () => {
  const PERSON = person.id;

  it('downloads the person’s data and erases the account after the address is typed', async () => {
    const files = captureDownloads();
    const sent: unknown[] = [];
    signedInApi(admin, {
      [`GET /users/${PERSON}/data`]: () => jsonResponse(exported),
      [`POST /users/${PERSON}/erase`]: ({ body }) => {
        sent.push(body);
        return new Response(null, { status: 204 });
      },
    });
    renderWithProviders(<AdminUserData userId={PERSON} email={person.email} self={false} />);
    fireEvent.click(screen.getByRole('button', { name: 'Download data' }));
    await waitFor(() => expect(files).toHaveLength(1));
    expect(JSON.parse(await files[0]!.blob.text())).toEqual(exported);

    fireEvent.click(screen.getByRole('button', { name: 'Erase account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Erase this account?' });
    expect(
      within(dialog).getByText(/Registrations stay counted and payments are kept without the name/),
    ).toBeInTheDocument();
    const input = within(dialog).getByLabelText("Type the person's e-mail address to confirm");
    fireEvent.change(input, { target: { value: 'admin@example.org' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Erase account' }));
    expect(
      await within(dialog).findByText("The e-mail address does not match this person's account"),
    ).toBeInTheDocument();
    expect(sent).toEqual([]);
    fireEvent.change(input, { target: { value: person.email } });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Erase account' }));
    });
    expect(await screen.findByText('The account was erased.')).toBeInTheDocument();
    expect(sent).toEqual([{ confirmEmail: person.email }]);
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Erase account' })).not.toBeInTheDocument(),
    );
  });

  it('offers no erasure of one’s own account', () => {
    signedInApi(admin, {});
    renderWithProviders(<AdminUserData userId={admin.id} email={admin.email} self />);
    expect(screen.getByRole('button', { name: 'Download data' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Erase account' })).not.toBeInTheDocument();
  });
});
