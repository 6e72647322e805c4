import type { User } from '@camp/shared/users';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { isAuthenticated } from '../../lib/auth-state';
import { getAccessToken } from '../../lib/auth-token';
import {
  currentRoute,
  jsonResponse,
  mockApiRoutes,
  renderApp,
  signedInApi,
  testConfig,
  testUser,
} from '../../test/test-utils';

function signedInAs(user: User, config = testConfig({ registrationOpen: true })) {
  return signedInApi(user, { 'POST /auth/logout': () => jsonResponse({ success: true }) }, config);
}

/** Waits for the screen's own heading, then checks the guard let it be (the dashboard greets instead). */
/** A lazy screen's first load (its module transformed on first import) can take seconds on a busy machine. */
const LAZY_SCREEN = { timeout: 10_000 };

async function expectLetThrough(path: string) {
  await within(screen.getByRole('main')).findByRole('heading', { level: 2 }, LAZY_SCREEN);
  expect(screen.queryByRole('heading', { name: /^Welcome, / })).not.toBeInTheDocument();
  expect(currentRoute()).toBe(path);
}

const participant = testUser({ role: 'PARTICIPANT', firstName: 'Pat', lastName: 'Doe' });
const staff = testUser({ role: 'STAFF', firstName: 'Stella' });
const admin = testUser({ role: 'ADMIN', firstName: 'Ada' });

describe('route guards (docs/product.md §2)', { timeout: 20_000 }, () => {
  it('sends a signed-out visitor from a protected route to login, keeping path and query in returnTo', async () => {
    mockApiRoutes({});
    renderApp('/dashboard?tab=shifts&year=2026');
    await screen.findByRole('heading', { name: 'Sign In' });
    expect(currentRoute()).toBe('/login?returnTo=%2Fdashboard%3Ftab%3Dshifts%26year%3D2026');
  });

  it.each(['/admin/camping-options/opt-1/fields', '/reports/payments', '/registration', '/profile'])(
    'guards %s for signed-out visitors',
    async (path) => {
      mockApiRoutes({});
      renderApp(path);
      await screen.findByRole('heading', { name: 'Sign In' });
      expect(currentRoute()).toBe(`/login?returnTo=${encodeURIComponent(path)}`);
    },
  );

  it("shows 'Loading...' while the signed-in user is being loaded", async () => {
    let answer: (response: Response) => void = () => {};
    signedInApi(participant, {
      'GET /auth/profile': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    renderApp('/dashboard');
    expect(await screen.findByText('Loading...')).toBeInTheDocument();
    expect(currentRoute()).toBe('/dashboard');
    act(() => answer(jsonResponse(participant)));
    expect(await screen.findByRole('heading', { name: 'Welcome, Pat Doe!' })).toBeInTheDocument();
  });

  it('sends a participant from admin and staff routes to the dashboard', async () => {
    signedInAs(participant);
    renderApp('/admin');
    expect(await screen.findByRole('heading', { name: 'Welcome, Pat Doe!' })).toBeInTheDocument();
    expect(currentRoute()).toBe('/dashboard');
  });

  it('lets staff into reports but not into payment reports or admin', async () => {
    signedInAs(staff);
    const { unmount } = renderApp('/reports/users');
    await expectLetThrough('/reports/users');
    unmount();

    renderApp('/reports/payments');
    await screen.findByRole('heading', { name: /^Welcome, Stella/ });
    expect(currentRoute()).toBe('/dashboard');
  });

  it('lets an admin into admin routes', async () => {
    signedInAs(admin);
    renderApp('/admin/users');
    await expectLetThrough('/admin/users');
  });

  it('sends a signed-in user on /login to returnTo, or to the dashboard', async () => {
    signedInAs(participant);
    const { unmount } = renderApp('/login?returnTo=%2Fprofile%3Ftab%3D1');
    expect(await screen.findByRole('heading', { name: 'Your Profile' })).toBeInTheDocument();
    expect(currentRoute()).toBe('/profile?tab=1');
    unmount();

    renderApp('/login');
    expect(await screen.findByRole('heading', { name: 'Welcome, Pat Doe!' })).toBeInTheDocument();
    expect(currentRoute()).toBe('/dashboard');
  });

  it('never follows a returnTo that leaves the app', async () => {
    signedInAs(participant);
    renderApp('/login?returnTo=%2F%2Fevil.example%2Fphish');
    expect(await screen.findByRole('heading', { name: 'Welcome, Pat Doe!' })).toBeInTheDocument();
    expect(currentRoute()).toBe('/dashboard');
  });

  it('refuses /registration with the reason and a dashboard button when registration is not open for them', async () => {
    // The registration issue: 'Registration Not Available' with the availability message (docs/product.md §2 wizard).
    signedInAs(participant, testConfig({ registrationOpen: false, earlyRegistrationOpen: true }));
    renderApp('/registration');
    expect(
      await screen.findByRole('heading', { name: 'Registration Not Available' }, LAZY_SCREEN),
    ).toBeInTheDocument();
    expect(screen.getByText('Registration for 2026 is not currently open.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '#/dashboard');
  });

  it('lets an early-registration user into /registration while only early registration is open', async () => {
    signedInAs(
      testUser({ allowEarlyRegistration: true }),
      testConfig({ registrationOpen: false, earlyRegistrationOpen: true }),
    );
    renderApp('/registration');
    await expectLetThrough('/registration');
  });
});

describe('navigation by role (docs/product.md §2 Layout)', () => {
  async function navLabels() {
    await screen.findByRole('heading', { name: /^Welcome, / });
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    // The inline list (the mobile menu repeats the same entries).
    const list = nav.querySelector('ul');
    return [...(list?.querySelectorAll('a, button') ?? [])].map((element) => element.textContent);
  }
  // Registration joins once the person's registrations are known, so the list is awaited, not read once.
  async function expectNav(labels: string[]) {
    await screen.findByRole('heading', { name: /^Welcome, / });
    await waitFor(async () => expect(await navLabels()).toEqual(labels));
  }

  it('shows a participant Profile, Registration and Sign Out', async () => {
    signedInAs(participant);
    renderApp('/dashboard');
    await expectNav(['Dashboard', 'Profile', 'Registration', 'Sign Out']);
  });

  it("leaves Registration out until the person's registrations have loaded, so it never flashes up", async () => {
    let answer: (response: Response) => void = () => {};
    signedInApi(
      participant,
      { 'GET /registrations/me': () => new Promise<Response>((resolve) => (answer = resolve)) },
      testConfig({ registrationOpen: true }),
    );
    renderApp('/dashboard');
    await expectNav(['Dashboard', 'Profile', 'Sign Out']);
    act(() => answer(jsonResponse([])));
    await expectNav(['Dashboard', 'Profile', 'Registration', 'Sign Out']);
  });

  it('hides Registration when it is not open for the user', async () => {
    signedInAs(participant, testConfig({ registrationOpen: false }));
    renderApp('/dashboard');
    await expectNav(['Dashboard', 'Profile', 'Sign Out']);
  });

  it('adds Check-in and Reports for staff, and Admin too for an admin', async () => {
    signedInAs(staff);
    const { unmount } = renderApp('/dashboard');
    await expectNav(['Dashboard', 'Profile', 'Registration', 'Check-in', 'Reports', 'Sign Out']);
    unmount();

    signedInAs(admin);
    renderApp('/dashboard');
    await expectNav(['Dashboard', 'Profile', 'Registration', 'Check-in', 'Reports', 'Admin', 'Sign Out']);
  });

  it('signs out: logs out on the server, forgets the session and goes home with Sign In shown', async () => {
    const { calls } = signedInAs(participant);
    renderApp('/dashboard');
    await screen.findByRole('heading', { name: 'Welcome, Pat Doe!' });
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    act(() => within(nav).getAllByRole('button', { name: 'Sign Out' })[0]?.click());

    await waitFor(() => expect(currentRoute()).toBe('/'));
    expect(calls).toContain('POST /auth/logout');
    expect(getAccessToken()).toBeNull();
    expect(isAuthenticated()).toBe(false);
    expect((await within(nav).findAllByRole('link', { name: 'Sign In' })).length).toBeGreaterThan(0);
    expect(within(nav).queryByRole('button', { name: 'Sign Out' })).not.toBeInTheDocument();
  });
});
