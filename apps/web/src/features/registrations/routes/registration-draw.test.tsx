import type { DrawEntryDto } from '@camp/shared/draw';
import type { PublicConfig } from '@camp/shared/config';
import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { kitchen, testCampRegistration, testJob, testOption } from '../../../test/registration-fixtures';
import {
  currentRoute,
  jsonResponse,
  mockApiRoutes,
  renderApp,
  startSignedIn,
  testConfig,
  testUser,
  type ApiRoutes,
} from '../../../test/test-utils';
import { click, openWizard, toPayment } from '../test-fixtures';

// The fair start in the wizard and on the dashboard (docs/product.md §10, decision 049).

afterEach(() => notifications.clean());

const OPEN_WINDOW: Partial<PublicConfig> = {
  drawOpensAt: '2026-01-01T00:00:00.000Z',
  drawClosesAt: '2099-03-07T17:00:00.000Z',
  timeZone: 'UTC',
};

const ENTRY: DrawEntryDto = {
  id: 'e0000000-0000-4000-8000-000000000001',
  year: 2026,
  state: 'ENTERED',
  campWith: ['friend@example.org'],
  campingOptions: [{ id: testOption().id, name: 'Tent Camping' }],
  jobs: [{ id: testJob(kitchen).id, label: 'Breakfast crew (Morning, Monday)' }],
  createdAt: '2026-03-02T10:00:00.000Z',
  drawClosesAt: '2099-03-07T17:00:00.000Z',
  drawnPosition: null,
  registrationId: null,
};

/** The wizard with registration itself closed: the window alone lets people enter. */
const openDrawWizard = (config: Partial<PublicConfig>, routes: ApiRoutes = {}) =>
  openWizard({ routes, config: { registrationOpen: false, ...config } });

describe('the wizard with an application window', { timeout: 30_000 }, () => {
  it('before the window opens: says when it opens', async () => {
    openDrawWizard({ ...OPEN_WINDOW, drawOpensAt: '2099-03-01T17:00:00.000Z' });
    expect(await screen.findByRole('heading', { name: 'Registration Not Available' })).toBeInTheDocument();
    expect(screen.getByText(/^Applications for the draw open on Mar 1, 2099/)).toBeInTheDocument();
  });

  it('while it is open: the last step enters the draw with a checked camp-with list, and nothing is paid', async () => {
    const posted: unknown[] = [];
    const { calls } = openDrawWizard(OPEN_WINDOW, {
      'POST /registrations/camp': ({ body }) => {
        posted.push(body);
        return jsonResponse({ drawEntry: ENTRY }, { status: 201 });
      },
    });
    await toPayment();
    expect(screen.getByRole('note')).toHaveTextContent(/^Applications are open until Mar 7, 2099/);
    expect(screen.queryByRole('button', { name: /^Pay/ })).not.toBeInTheDocument();
    const campWith = screen.getByRole('textbox', { name: 'Camp with (optional)' });
    fireEvent.change(campWith, { target: { value: 'not-an-address' } });
    click('Enter the draw');
    expect(
      await screen.findByText('Each person to camp with must be a valid email address'),
    ).toBeInTheDocument();
    expect(calls).not.toContain('POST /registrations/camp');
    fireEvent.change(campWith, { target: { value: 'Friend@Example.org\n' } });
    click('Enter the draw');
    await waitFor(() => expect(currentRoute()).toBe('/dashboard'));
    expect(posted).toEqual([
      expect.objectContaining({ campingOptions: [testOption().id], campWith: ['friend@example.org'] }),
    ]);
    expect(await screen.findByText("You're in the draw")).toBeInTheDocument();
  });
});

describe('the dashboard with a draw entry', { timeout: 30_000 }, () => {
  it("shows You're in the draw with the choices, and withdraws after a confirmation", async () => {
    startSignedIn();
    let entry: DrawEntryDto | null = ENTRY;
    const { calls } = mockApiRoutes(
      {
        'GET /auth/profile': () => jsonResponse(testUser()),
        'GET /registrations/me': () => jsonResponse([]),
        'GET /registrations/camp/me': () => jsonResponse(testCampRegistration()),
        'GET /draw-entries/me': () => jsonResponse({ drawEntry: entry }),
        [`POST /draw-entries/${ENTRY.id}/withdraw`]: () => {
          entry = null;
          return jsonResponse({ ...ENTRY, state: 'WITHDRAWN' });
        },
      },
      testConfig({ registrationOpen: false, ...OPEN_WINDOW }),
    );
    renderApp('/dashboard');
    const panel = (await screen.findByRole('heading', { name: "You're in the draw" })).closest(
      'div.mantine-Paper-root',
    ) as HTMLElement;
    expect(
      within(panel).getByText(/^The places are drawn when applications close on Mar 7, 2099/),
    ).toBeInTheDocument();
    expect(within(panel).getByText('Tent Camping')).toBeInTheDocument();
    expect(within(panel).getByText('Breakfast crew (Morning, Monday)')).toBeInTheDocument();
    expect(within(panel).getByText('friend@example.org')).toBeInTheDocument();

    fireEvent.click(within(panel).getByRole('button', { name: 'Withdraw from the draw' }));
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw from the draw' });
    expect(calls).not.toContain(`POST /draw-entries/${ENTRY.id}/withdraw`);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Withdraw from the draw' }));
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: "You're in the draw" })).not.toBeInTheDocument(),
    );
    expect(calls).toContain(`POST /draw-entries/${ENTRY.id}/withdraw`);
  });
});
