import type { Registration } from '@camp/shared/registrations';
import { SHIFT_WAITLIST_MESSAGES } from '@camp/shared/rules';
import type { ShiftWait } from '@camp/shared/shift-waitlist';
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
import { kitchen, testJob, testRegistration } from '../../../test/registration-fixtures';
import { jobDetail } from '../test-fixtures';

// /shifts with the shift waitlist (docs/product.md §10, decision 052): a full shift whose waitlist is on can be
// joined from its row; in line, the row says so with the position and Leave.

const WAIT_ID = 'w0000000-0000-4000-8000-000000000001';

const tuesday = {
  id: 's0000000-0000-4000-8000-000000000002',
  name: 'Evening',
  description: null,
  dayOfWeek: 'TUESDAY' as const,
  startTime: '18:00',
  endTime: '21:00',
  dayOffset: 1,
  active: true,
};

/** Full, waitlist on. */
const dinner = testJob(kitchen, {
  id: 'j0000000-0000-4000-8000-000000000002',
  name: 'Dinner crew',
  shiftId: tuesday.id,
  shift: tuesday,
  maxRegistrations: 2,
  currentRegistrations: 2,
  waitlistEnabled: true,
});
/** Full, waitlist off. */
const bar = testJob(kitchen, {
  id: 'j0000000-0000-4000-8000-000000000003',
  name: 'Bar',
  location: 'Saloon',
  shiftId: tuesday.id,
  shift: tuesday,
  maxRegistrations: 1,
  currentRegistrations: 1,
});
/** Places left, waitlist on. */
const lunch = testJob(kitchen, {
  id: 'j0000000-0000-4000-8000-000000000004',
  name: 'Lunch crew',
  shiftId: tuesday.id,
  shift: tuesday,
  waitlistEnabled: true,
});

const inLine = (overrides: Partial<ShiftWait> = {}): ShiftWait => ({
  id: WAIT_ID,
  registrationId: 'r0000000-0000-4000-8000-000000000001',
  state: 'WAITING',
  joinedAt: '2026-03-02T10:00:00.000Z',
  position: 3,
  active: true,
  job: jobDetail(dinner),
  offer: null,
  ...overrides,
});

/** /shifts for a person with `registrations`, in the lines of `waits` (replaceable as `state.waits`). */
function openShifts(
  {
    registrations = [testRegistration()],
    waits = [],
    registrationOpen = true,
  }: { registrations?: Registration[]; waits?: ShiftWait[]; registrationOpen?: boolean },
  routes: ApiRoutes = {},
) {
  const state = { waits };
  const api = renderSignedIn(
    '/shifts',
    testUser(),
    {
      'GET /registrations/me': () => jsonResponse(registrations),
      'GET /jobs': () => jsonResponse([testJob(kitchen), dinner, bar, lunch]),
      'GET /shift-waits/me': () => jsonResponse({ shiftWaits: state.waits }),
      ...routes,
    },
    testConfig({ timeZone: 'America/Los_Angeles', registrationOpen }),
  );
  return { ...api, state };
}

/** The row of a job in Available Shifts. */
const row = async (name: string) => {
  const available = (await screen.findByRole('heading', { name: 'Available Shifts' })).closest(
    'section',
  ) as HTMLElement;
  return (await within(available).findByText(name)).closest('li') as HTMLElement;
};

describe('/shifts: the shift waitlist (docs/product.md §10)', () => {
  it('offers Join the waitlist only on a full shift whose waitlist is on; joining says so and shows the place', async () => {
    let sent: unknown;
    const { state, calls } = openShifts(
      {},
      {
        'POST /shift-waits': ({ body }) => {
          sent = body;
          state.waits = [inLine()];
          return jsonResponse({ shiftWait: inLine() }, { status: 201 });
        },
      },
    );
    const dinnerRow = await row('Dinner crew');
    expect(within(await row('Bar')).queryByRole('button')).not.toBeInTheDocument();
    expect(within(await row('Lunch crew')).queryByRole('button')).not.toBeInTheDocument();
    const group = await within(dinnerRow).findByRole('group', {
      name: 'Shift waitlist: Dinner crew (Evening, Tuesday)',
    });
    fireEvent.click(within(group).getByRole('button', { name: 'Join the waitlist' }));
    expect(
      await screen.findByText('You joined the waitlist for Dinner crew (Evening, Tuesday).'),
    ).toBeInTheDocument();
    expect(sent).toEqual({ jobId: dinner.id });
    expect(await within(dinnerRow).findByText('On the waitlist')).toBeInTheDocument();
    expect(within(dinnerRow).getByText('Number 3 in line')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(dinnerRow).getByRole('button', { name: 'Leave this line' })).toHaveFocus(),
    );
    expect(within(dinnerRow).queryByRole('button', { name: 'Join the waitlist' })).not.toBeInTheDocument();
    expect(calls.filter((call) => call === 'POST /shift-waits')).toHaveLength(1);
  });

  it("shows the server's refusal of a join", async () => {
    openShifts(
      {},
      {
        'POST /shift-waits': () => errorResponse(409, SHIFT_WAITLIST_MESSAGES.alreadyWaiting('Dinner crew')),
      },
    );
    fireEvent.click(
      await within(await row('Dinner crew')).findByRole('button', { name: 'Join the waitlist' }),
    );
    expect(await screen.findByText('You could not join the waitlist')).toBeInTheDocument();
    expect(screen.getByText('You are already in line for "Dinner crew"')).toBeInTheDocument();
  });

  it('Leave asks first, then the row offers joining again', async () => {
    const { state } = openShifts(
      { waits: [inLine()] },
      {
        [`POST /shift-waits/${WAIT_ID}/leave`]: () => {
          state.waits = [];
          return jsonResponse({ shiftWait: inLine({ state: 'LEFT', position: null }) });
        },
      },
    );
    const dinnerRow = await row('Dinner crew');
    expect(await within(dinnerRow).findByText('On the waitlist')).toBeInTheDocument();
    fireEvent.click(within(dinnerRow).getByRole('button', { name: 'Leave this line' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave this line' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Leave this line' }));
    expect(
      await screen.findByText('You left the waitlist for Dinner crew (Evening, Tuesday).'),
    ).toBeInTheDocument();
    const join = await within(dinnerRow).findByRole('button', { name: 'Join the waitlist' });
    await waitFor(() => expect(join).toHaveFocus());
  });

  it('shows an offer on its row with the deadline, Take the shift and Decline', async () => {
    openShifts({
      waits: [
        inLine({
          state: 'OFFERED',
          position: null,
          offer: { offeredAt: '2026-08-18T19:00:00.000Z', expiresAt: '2099-08-20T19:00:00.000Z' },
        }),
      ],
    });
    const dinnerRow = await row('Dinner crew');
    expect(await within(dinnerRow).findByText('A place is held for you')).toBeInTheDocument();
    expect(within(dinnerRow).getByText('Until Aug 20, 2099, 12:00 PM PDT')).toBeInTheDocument();
    expect(within(dinnerRow).getByRole('button', { name: 'Take the shift' })).toBeInTheDocument();
    expect(within(dinnerRow).getByRole('button', { name: 'Decline' })).toBeInTheDocument();
  });

  it('offers no Join while registration is closed, as the server refuses it then', async () => {
    // The person already waits for Lunch crew: once that row says so, the lines are read and Join would show.
    const { calls } = openShifts({
      registrationOpen: false,
      waits: [inLine({ id: 'w0000000-0000-4000-8000-000000000002', job: jobDetail(lunch) })],
    });
    const dinnerRow = await row('Dinner crew');
    expect(within(dinnerRow).getByText('Full')).toBeInTheDocument();
    expect(await within(await row('Lunch crew')).findByText('On the waitlist')).toBeInTheDocument();
    expect(calls).toContain('GET /shift-waits/me');
    expect(within(dinnerRow).queryByRole('button', { name: 'Join the waitlist' })).not.toBeInTheDocument();
  });

  it('offers no waitlist without a registration of the year, and reads no lines', async () => {
    const { calls } = openShifts({ registrations: [] });
    const dinnerRow = await row('Dinner crew');
    expect(within(dinnerRow).getByText('Full')).toBeInTheDocument();
    expect(within(dinnerRow).queryByRole('button')).not.toBeInTheDocument();
    await waitFor(() => expect(calls).toContain('GET /jobs'));
    expect(calls).not.toContain('GET /shift-waits/me');
  });
});
