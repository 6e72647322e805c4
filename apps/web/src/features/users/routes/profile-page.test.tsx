import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { getAccessToken } from '../../../lib/auth-token';
import {
  advanceTimersUntil,
  bearerOf,
  currentRoute,
  errorResponse,
  jsonResponse,
  renderSignedIn,
  testAuthResponse,
  testUser,
  type ApiRoutes,
} from '../../../test/test-utils';

const complete = testUser({ firstName: 'Dusty', lastName: 'Rhodes', city: 'Reno' });
const incomplete = testUser({ firstName: null, lastName: null, phone: null, emergencyContact: null });

function field(label: string) {
  return screen.getByLabelText<HTMLInputElement>(label, { exact: false });
}

function type(label: string, value: string) {
  fireEvent.change(field(label), { target: { value } });
}

/** Your Profile (at `path`) signed in as `user`, with `routes` added to the fake API. */
function openProfile(routes: ApiRoutes, user = complete, path = '/profile') {
  return renderSignedIn(path, user, routes);
}

describe('Your Profile', () => {
  it("shows 'Loading your profile information...', then the form with the first name focused", async () => {
    let answer: (response: Response) => void = () => {};
    openProfile({ 'GET /auth/profile': () => new Promise<Response>((resolve) => (answer = resolve)) });
    // The guard shows 'Loading...' until it knows who is signed in; the page then loads the profile itself.
    expect(await screen.findByText(/^Loading/)).toBeInTheDocument();
    act(() => answer(jsonResponse(complete)));
    expect(await screen.findByRole('heading', { name: 'Your Profile' })).toBeInTheDocument();
    await waitFor(() => expect(document.activeElement).toBe(field('First name')));
    expect(field('First name').value).toBe('Dusty');
    expect(field('City').value).toBe('Reno');
    const email = field('Email');
    expect(email.value).toBe(complete.email);
    expect(email.readOnly).toBe(true);
    expect(screen.getByText('Email cannot be changed (yet)')).toBeInTheDocument();
    expect(screen.getByText('Name, phone, relationship')).toBeInTheDocument();
  });

  it("says 'Failed to load user profile' when the profile cannot be loaded", async () => {
    vi.useFakeTimers();
    const { calls } = openProfile({
      'GET /auth/profile': () => errorResponse(500, 'Database unavailable'),
    });
    // One retry first (docs/product.md §9), a second later.
    expect(
      await advanceTimersUntil(() => screen.getByText('Failed to load user profile')),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    // The screen mounting does not fetch again by itself (no fetch loop while the server fails).
    await act(() => vi.advanceTimersByTimeAsync(1200));
    expect(calls.filter((call) => call === 'GET /auth/profile')).toHaveLength(2);
  });

  it('checks the rules before saving and sends nothing while they fail', async () => {
    const { calls } = openProfile({});
    await screen.findByRole('heading', { name: 'Your Profile' });
    type('First name', ' ');
    type('Phone', '');
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('First name is required')).toBeInTheDocument();
    expect(screen.getByText('Phone is required')).toBeInTheDocument();
    expect(field('First name')).toHaveAttribute('aria-invalid', 'true');
    expect(document.activeElement).toBe(field('First name'));
    expect(calls.some((call) => call.startsWith('PUT '))).toBe(false);
  });

  it('saves with PUT /users/{id} (exactly the profile fields), shows a notice and stays', async () => {
    const bodies: unknown[] = [];
    openProfile({
      [`PUT /users/${complete.id}`]: ({ body }) => {
        bodies.push(body);
        return jsonResponse({ ...complete, playaName: 'Sparkle' });
      },
    });
    await screen.findByRole('heading', { name: 'Your Profile' });
    type('Playa name', '  Sparkle ');
    type('City', '');
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Your profile has been saved.')).toBeInTheDocument();
    expect(bodies).toEqual([
      {
        firstName: 'Dusty',
        lastName: 'Rhodes',
        playaName: 'Sparkle',
        phone: complete.phone,
        city: null,
        stateProvince: null,
        country: null,
        emergencyContact: complete.emergencyContact,
      },
    ]);
    expect(currentRoute()).toBe('/profile');
  });

  it("shows the server's messages when it refuses the profile", async () => {
    openProfile({
      [`PUT /users/${complete.id}`]: () =>
        errorResponse(400, ['First name is required', 'Phone is required']),
    });
    await screen.findByRole('heading', { name: 'Your Profile' });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(
      await screen.findByText('Failed to update profile: First name is required, Phone is required'),
    ).toBeInTheDocument();
    expect(screen.getByText('Phone is required')).toBeInTheDocument();
  });

  it("says 'Authentication expired. Please log in again.' when the save is refused as unauthenticated", async () => {
    openProfile({
      [`PUT /users/${complete.id}`]: () => errorResponse(401, 'Unauthorized'),
      // The refresh works, but the retried save is refused again.
      'POST /auth/refresh': () => jsonResponse(testAuthResponse(complete, 'fresh-token')),
    });
    await screen.findByRole('heading', { name: 'Your Profile' });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Authentication expired. Please log in again.')).toBeInTheDocument();
  });

  it("says 'Failed to update profile: {message}' for other failures", async () => {
    openProfile({ [`PUT /users/${complete.id}`]: () => errorResponse(500, 'Internal Server Error') });
    await screen.findByRole('heading', { name: 'Your Profile' });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Failed to update profile: Internal Server Error')).toBeInTheDocument();
  });

  it('signs out everywhere after confirming: the server ends every session, this browser forgets its own', async () => {
    let answer: Response = errorResponse(500, 'Database unavailable');
    const { calls } = openProfile({ 'POST /auth/logout-all': () => answer });
    fireEvent.click(await screen.findByRole('button', { name: 'Sign out everywhere' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign out everywhere' });
    expect(
      within(dialog).getByText(
        'Sign out on every device and browser where you are signed in, including this one? You will need a new sign-in code to continue.',
      ),
    ).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sign out everywhere' }));
    // Refused: still signed in here, and told so.
    expect(
      await within(dialog).findByText('Could not sign out everywhere. Please try again.'),
    ).toBeInTheDocument();
    expect(getAccessToken()).not.toBeNull();

    answer = jsonResponse({ success: true, sessionsEnded: 3 });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sign out everywhere' }));
    await waitFor(() => expect(currentRoute()).toBe('/'));
    expect(getAccessToken()).toBeNull();
    expect(document.cookie).not.toContain('auth_state=authenticated');
    expect(calls.filter((call) => call === 'POST /auth/logout-all')).toHaveLength(2);
  });

  it('offers Sign out everywhere only once the profile is complete', async () => {
    openProfile({}, incomplete);
    expect(await screen.findByRole('heading', { name: 'Complete Your Profile' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign out everywhere' })).not.toBeInTheDocument();
  });
});

describe('Complete Your Profile', () => {
  function fillRequired() {
    type('First name', 'Nova');
    type('Last name', 'Stone');
    type('Phone', '555-0199');
    type('Emergency contact', 'Mo Stone, 555-0198, partner');
  }

  it('saves with POST /auth/register, stores the new token and goes on to the pending returnTo', async () => {
    const bodies: unknown[] = [];
    let completed = false;
    const after = { ...incomplete, firstName: 'Nova', lastName: 'Stone', phone: '555-0199' };
    openProfile(
      {
        'POST /auth/register': ({ body }) => {
          bodies.push(body);
          completed = true;
          return jsonResponse(testAuthResponse(incomplete, 'token-after-register'));
        },
        'GET /auth/profile': ({ init }) =>
          jsonResponse(
            completed && bearerOf(init) === 'token-after-register'
              ? { ...after, emergencyContact: 'Mo Stone, 555-0198, partner' }
              : incomplete,
          ),
      },
      incomplete,
      '/profile?returnTo=%2Fdashboard%3Fwelcome%3D1',
    );
    expect(await screen.findByRole('heading', { name: 'Complete Your Profile' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Save and Continue' }));
    expect(await screen.findByText('First name is required')).toBeInTheDocument();

    fillRequired();
    fireEvent.click(screen.getByRole('button', { name: 'Save and Continue' }));
    expect(await screen.findByRole('heading', { name: 'Welcome, Nova Stone!' })).toBeInTheDocument();
    expect(currentRoute()).toBe('/dashboard?welcome=1');
    expect(getAccessToken()).toBe('token-after-register');
    expect(bodies).toEqual([
      {
        firstName: 'Nova',
        lastName: 'Stone',
        playaName: null,
        phone: '555-0199',
        city: null,
        stateProvince: null,
        country: null,
        emergencyContact: 'Mo Stone, 555-0198, partner',
        email: incomplete.email,
        password: expect.any(String) as unknown,
      },
    ]);
    expect(screen.queryByText('Please complete your profile')).not.toBeInTheDocument();
  });

  it('goes to the dashboard when there is no returnTo', async () => {
    openProfile(
      { 'POST /auth/register': () => jsonResponse(testAuthResponse(incomplete, 'token-after-register')) },
      incomplete,
    );
    await screen.findByRole('heading', { name: 'Complete Your Profile' });
    fillRequired();
    fireEvent.click(screen.getByRole('button', { name: 'Save and Continue' }));
    await waitFor(() => expect(currentRoute()).toBe('/dashboard'));
  });
});
