import type { AdminDraw } from '@camp/shared/draw';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorResponse, jsonResponse, renderSignedIn, testAdmin, testConfig } from '../../../test/test-utils';

// The admins' draw screen (docs/product.md §10, decision 049).

const entry = (
  id: string,
  name: string,
  email: string,
  overrides: Partial<AdminDraw['entries'][number]> = {},
) => ({
  id,
  userId: `u-${id}`,
  name,
  email,
  state: 'ENTERED' as const,
  campWith: [],
  drawnPosition: null,
  registrationId: null,
  createdAt: '2026-03-02T10:00:00.000Z',
  ...overrides,
});

const before: AdminDraw = {
  year: 2026,
  window: { opensAt: '2026-03-01T17:00:00.000Z', closesAt: '2026-03-07T17:00:00.000Z' },
  counts: { entered: 3, won: 0, waitlisted: 0, withdrawn: 0, groups: 2 },
  draw: {
    algorithm: 'sha256-counter/fisher-yates/all-or-nothing/v1',
    seed: null,
    ranAt: null,
    ranBy: null,
    summary: null,
  },
  entries: [
    entry('e1', 'Ada Lovelace', 'ada@example.org', { campWith: ['bob@example.org'] }),
    entry('e2', 'Bob Builder', 'bob@example.org', { campWith: ['ada@example.org'] }),
    entry('e3', 'Cy Young', 'cy@example.org'),
  ],
};

const after: AdminDraw = {
  ...before,
  counts: { entered: 0, won: 2, waitlisted: 1, withdrawn: 0, groups: 0 },
  draw: {
    algorithm: 'sha256-counter/fisher-yates/all-or-nothing/v1',
    seed: '0123456789abcdef0123456789abcdef',
    ranAt: '2026-03-07T17:00:05.000Z',
    ranBy: testAdmin.id,
    summary: {
      entries: 3,
      groups: 2,
      groupsOfSeveral: 1,
      winners: 2,
      waitlisted: 1,
      optionPlacesUsed: [{ id: 'o1', name: 'Cabin', used: 2 }],
      jobPlacesUsed: [],
      split: [],
      digest: 'f'.repeat(64),
    },
  },
  entries: [
    entry('e1', 'Ada Lovelace', 'ada@example.org', { state: 'WON', drawnPosition: 0, registrationId: 'r1' }),
    entry('e2', 'Bob Builder', 'bob@example.org', { state: 'WON', drawnPosition: 1, registrationId: 'r2' }),
    entry('e3', 'Cy Young', 'cy@example.org', {
      state: 'WAITLISTED',
      drawnPosition: 2,
      registrationId: 'r3',
    }),
  ],
};

const config = testConfig({ timeZone: 'UTC' });

describe('Admin → The Draw', { timeout: 20_000 }, () => {
  it('shows the window, the entries and their groups, and runs the draw after a confirmation', async () => {
    const { calls } = renderSignedIn(
      '/admin/draw',
      testAdmin,
      {
        'GET /admin/draw': () => jsonResponse(before),
        'POST /admin/draw/run': () => jsonResponse(after),
      },
      config,
    );
    expect(await screen.findByRole('heading', { name: 'The draw', level: 2 })).toBeInTheDocument();
    expect(await screen.findByText('3 entries waiting in 2 groups; 0 withdrawn.')).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Draw entries' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    expect(within(list).getByText('Camp with: bob@example.org')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Draw now' }));
    const dialog = await screen.findByRole('dialog', { name: 'Draw now' });
    expect(calls).not.toContain('POST /admin/draw/run');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Draw now' }));

    expect(await screen.findByText(/2 won a place, 1 joined the waitlist/)).toBeInTheDocument();
    expect(calls).toContain('POST /admin/draw/run');
    expect(screen.getByText('0123456789abcdef0123456789abcdef')).toBeInTheDocument();
    expect(screen.getByText('Cabin: 2')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Entries in drawn order' })).toBeInTheDocument();
    // Nobody is waiting any more: the record tells the outcome instead.
    expect(screen.queryByText(/entries waiting in/)).not.toBeInTheDocument();
    const drawn = within(screen.getByRole('list', { name: 'Draw entries' })).getAllByRole('listitem');
    expect(drawn.map((item) => within(item).getByText(/Lovelace|Builder|Young/).textContent)).toEqual([
      'Ada Lovelace',
      'Bob Builder',
      'Cy Young',
    ]);
    expect(within(drawn[2]!).getByText('Waitlisted')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Draw now' })).not.toBeInTheDocument());
  });

  it('says why Draw now was refused', async () => {
    renderSignedIn(
      '/admin/draw',
      testAdmin,
      {
        'GET /admin/draw': () => jsonResponse(before),
        'POST /admin/draw/run': () => errorResponse(409, 'The 2026 draw has already been run'),
      },
      config,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Draw now' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Draw now' })).getByRole('button', {
        name: 'Draw now',
      }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('The 2026 draw has already been run');
  });

  it('says when the draw could not be loaded', async () => {
    renderSignedIn('/admin/draw', testAdmin, { 'GET /admin/draw': () => errorResponse(503) }, config);
    expect(await screen.findByText('Failed to load the draw')).toBeInTheDocument();
  });

  it('without a window: first come, first served, no Draw now', async () => {
    renderSignedIn(
      '/admin/draw',
      testAdmin,
      {
        'GET /admin/draw': () =>
          jsonResponse({
            ...before,
            window: null,
            draw: null,
            entries: [],
            counts: { ...before.counts, entered: 0, groups: 0 },
          }),
      },
      config,
    );
    expect(
      await screen.findByText('No application window is set: registration is first come, first served.'),
    ).toBeInTheDocument();
    expect(screen.getByText('No entries yet.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Draw now' })).not.toBeInTheDocument();
  });
});
