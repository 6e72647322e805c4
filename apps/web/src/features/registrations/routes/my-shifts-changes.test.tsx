import { SHIFT_CHANGE_MESSAGES } from '@camp/shared/rules';
import type { PublicConfig } from '@camp/shared/rules';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  errorResponse,
  jsonResponse,
  renderSignedIn,
  testConfig,
  testUser,
  type ApiRoutes,
} from '../../../test/test-utils';
import { gate, kitchen, testJob, testRegistration } from '../../../test/registration-fixtures';

// Changing one's own shifts on /shifts (docs/product.md §11 "Changing my shifts").

const tuesday = {
  id: 's-tue',
  name: 'Evening',
  description: 'Wear gloves',
  dayOfWeek: 'TUESDAY' as const,
  dayOffset: 1,
  startTime: '18:00',
  endTime: '21:00',
  active: true,
};
const BREAKFAST = 'j0000000-0000-4000-8000-000000000001';
const DINNER = 'j0000000-0000-4000-8000-000000000003';

function openShifts(config: Partial<PublicConfig> = {}, routes: ApiRoutes = {}) {
  return renderSignedIn(
    '/shifts',
    testUser(),
    {
      'GET /registrations/me': () => jsonResponse([testRegistration()]),
      'GET /shift-waits/me': () => jsonResponse({ shiftWaits: [] }),
      'GET /jobs': () =>
        jsonResponse([
          testJob(kitchen),
          testJob(gate, { id: 'j2', name: 'Gate greeter', location: 'Front gate', currentRegistrations: 4 }),
          testJob(kitchen, { id: DINNER, name: 'Dinner crew', shift: tuesday }),
        ]),
      ...routes,
    },
    testConfig({ registrationOpen: true, ...config }),
  );
}

const section = async (name: string) =>
  (await screen.findByRole('heading', { name })).closest('section') as HTMLElement;

describe('/shifts: changing my shifts', () => {
  it('drops a shift after asking, with one call', async () => {
    const sent: unknown[] = [];
    openShifts(
      {},
      {
        'POST /registrations/me/shift-changes': ({ body }) => {
          sent.push(body);
          return jsonResponse(testRegistration({ jobs: [] }));
        },
      },
    );
    const mine = await section('My Assigned Shifts');
    expect(
      await within(mine).findByText('You can change your shifts while registration is open.'),
    ).toBeInTheDocument();
    fireEvent.click(within(mine).getByRole('button', { name: 'Drop Breakfast crew' }));
    const dialog = await screen.findByRole('dialog', { name: 'Drop this shift?' });
    expect(
      within(dialog).getByText(
        '"Breakfast crew" will no longer be one of your shifts, and its place goes to someone else.',
      ),
    ).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Drop shift' }));
    expect(await screen.findByText('You dropped "Breakfast crew".')).toBeInTheDocument();
    expect(sent).toEqual([{ drop: [BREAKFAST], take: [] }]);
  });

  it("shows the server's refusal above my shifts", async () => {
    const refusal = SHIFT_CHANGE_MESSAGES.checkedIn('Breakfast crew (Morning, Monday)');
    openShifts({}, { 'POST /registrations/me/shift-changes': () => errorResponse(409, refusal) });
    const mine = await section('My Assigned Shifts');
    fireEvent.click(await within(mine).findByRole('button', { name: 'Drop Breakfast crew' }));
    const dialog = await screen.findByRole('dialog', { name: 'Drop this shift?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Drop shift' }));
    const alert = await within(mine).findByRole('alert');
    expect(within(alert).getByText(refusal)).toBeInTheDocument();
    expect(within(alert).getByText(SHIFT_CHANGE_MESSAGES.failed)).toBeInTheDocument();
  });

  it('takes a shift with free places; a full one offers no Take', async () => {
    const sent: unknown[] = [];
    openShifts(
      {},
      {
        'POST /registrations/me/shift-changes': ({ body }) => {
          sent.push(body);
          return jsonResponse(testRegistration());
        },
      },
    );
    const available = await section('Available Shifts');
    const dinnerRow = (await within(available).findByText('Dinner crew')).closest('li') as HTMLElement;
    const gateRow = within(available).getByText('Gate greeter').closest('li') as HTMLElement;
    expect(within(gateRow).queryByRole('button')).not.toBeInTheDocument();
    fireEvent.click(within(dinnerRow).getByRole('button', { name: 'Take this shift: Dinner crew' }));
    expect(await screen.findByText('"Dinner crew" is now one of your shifts.')).toBeInTheDocument();
    expect(sent).toEqual([{ drop: [], take: [DINNER] }]);
  });

  it('swaps a shift for one with free places in one call', async () => {
    const sent: unknown[] = [];
    openShifts(
      {},
      {
        'POST /registrations/me/shift-changes': ({ body }) => {
          sent.push(body);
          return jsonResponse(testRegistration());
        },
      },
    );
    const mine = await section('My Assigned Shifts');
    fireEvent.click(await within(mine).findByRole('button', { name: 'Swap for… Breakfast crew' }));
    const dialog = await screen.findByRole('dialog', { name: 'Swap this shift' });
    const choice = within(dialog).getByLabelText('Take instead');
    expect(
      within(choice)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Dinner crew — Tuesday 18:00–21:00 · Main kitchen']);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Swap shifts' }));
    expect(await screen.findByText('You swapped "Breakfast crew" for "Dinner crew".')).toBeInTheDocument();
    expect(sent).toEqual([{ drop: [BREAKFAST], take: [DINNER] }]);
  });

  it('says until when changes are open after registration closed', async () => {
    openShifts({ registrationOpen: false, shiftChangesClose: '2099-12-31' });
    const mine = await section('My Assigned Shifts');
    expect(
      await within(mine).findByText('You can change your shifts until Thu, Dec 31.'),
    ).toBeInTheDocument();
    expect(within(mine).getByRole('button', { name: 'Drop Breakfast crew' })).toBeInTheDocument();
  });

  it('says when changes are closed, and offers no Drop, Swap or Take', async () => {
    openShifts({ registrationOpen: false, shiftChangesClose: '2020-01-01' });
    const mine = await section('My Assigned Shifts');
    expect(await within(mine).findByText('Shift changes for 2026 are closed.')).toBeInTheDocument();
    expect(within(mine).getByText('Breakfast crew')).toBeInTheDocument();
    expect(within(mine).queryByRole('button', { name: /Drop|Swap/ })).not.toBeInTheDocument();
    const available = await section('Available Shifts');
    await within(available).findByText('Dinner crew');
    expect(within(available).queryByRole('button', { name: /Take this shift/ })).not.toBeInTheDocument();
  });

  it('puts shifts that are over under "Past shifts", without Drop', async () => {
    openShifts({ openingSunday: '2020-08-30' });
    const mine = await section('My Assigned Shifts');
    expect(await within(mine).findByRole('heading', { name: 'Past shifts' })).toBeInTheDocument();
    expect(within(mine).getByText('Breakfast crew')).toBeInTheDocument();
    expect(within(mine).queryByRole('button', { name: /Drop/ })).not.toBeInTheDocument();
  });

  it('filters the available shifts to those with free places', async () => {
    openShifts();
    const available = await section('Available Shifts');
    expect(await within(available).findByText('2 shifts, 1 with spots left')).toBeInTheDocument();
    fireEvent.click(within(available).getByRole('checkbox', { name: 'Only with free places' }));
    expect(await within(available).findByText('1 shift, 1 with spots left')).toBeInTheDocument();
    expect(within(available).queryByText('Gate greeter')).not.toBeInTheDocument();
    fireEvent.click(within(available).getByRole('button', { name: 'Clear filters' }));
    await waitFor(() =>
      expect(within(available).getByRole('checkbox', { name: 'Only with free places' })).not.toBeChecked(),
    );
  });
});
