import type { Registration } from '@camp/shared/registrations';
import { SHIFT_WAITLIST_MESSAGES } from '@camp/shared/rules';
import type { ShiftWait } from '@camp/shared/shift-waitlist';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorResponse, jsonResponse, type ApiRoutes } from '../../../test/test-utils';
import { dinnerCrew, fullBar, testRegistration } from '../../../test/registration-fixtures';
import { jobDetail, openDashboard } from '../test-fixtures';

// The dashboard's "Shift waitlist" card (docs/product.md §10, decision 052): positions, Leave, an offer's Take and
// Decline.

const REGISTRATION_ID = 'r0000000-0000-4000-8000-000000000001';
const WAIT_ID = 'w0000000-0000-4000-8000-000000000001';
const OFFER_WAIT_ID = 'w0000000-0000-4000-8000-000000000002';

const dinner = dinnerCrew();

const bar = fullBar({
  shiftId: 's0000000-0000-4000-8000-000000000003',
  shift: {
    id: 's0000000-0000-4000-8000-000000000003',
    name: 'Night',
    description: null,
    dayOfWeek: 'WEDNESDAY',
    startTime: '21:00',
    endTime: '23:00',
    dayOffset: 1,
    active: true,
  },
  waitlistEnabled: true,
});

/** Number `position` in Dinner crew's line. */
const waiting = (overrides: Partial<ShiftWait> = {}): ShiftWait => ({
  id: WAIT_ID,
  registrationId: REGISTRATION_ID,
  state: 'WAITING',
  joinedAt: '2026-03-02T10:00:00.000Z',
  position: 2,
  active: true,
  job: jobDetail(dinner),
  offer: null,
  ...overrides,
});

/** A place on Bar held until Aug 20, 2099, 12:00 PM PDT. */
const offered = (): ShiftWait => ({
  id: OFFER_WAIT_ID,
  registrationId: REGISTRATION_ID,
  state: 'OFFERED',
  joinedAt: '2026-03-01T10:00:00.000Z',
  position: null,
  active: true,
  job: jobDetail(bar),
  offer: { offeredAt: '2026-08-18T19:00:00.000Z', expiresAt: '2099-08-20T19:00:00.000Z' },
});

/** The dashboard with a PENDING registration and `waits` as GET /shift-waits/me answers (replaceable). */
function open(waits: ShiftWait[], routes: ApiRoutes = {}) {
  const state = { waits, registrations: [testRegistration()] as Registration[] };
  const api = openDashboard(() => jsonResponse(state.registrations), undefined, true, {
    config: { timeZone: 'America/Los_Angeles' },
    routes: {
      'GET /shift-waits/me': () => jsonResponse({ shiftWaits: state.waits }),
      'GET /registrations/me': () => jsonResponse(state.registrations),
      ...routes,
    },
  });
  return { ...api, state };
}

const card = async () =>
  (await screen.findByRole('heading', { name: 'Shift waitlist' })).closest('section') as HTMLElement;

describe('dashboard: the shift waitlist (docs/product.md §10)', () => {
  it('shows no card when the person is in no shift line', async () => {
    const { calls } = open([]);
    await screen.findByRole('heading', { name: 'Current Registration 2026' });
    await waitFor(() => expect(calls).toContain('GET /shift-waits/me'));
    expect(screen.queryByRole('heading', { name: 'Shift waitlist' })).not.toBeInTheDocument();
  });

  it('shows the position in each line, or that it waits for a place in camp', async () => {
    open([
      waiting(),
      waiting({
        id: 'w0000000-0000-4000-8000-000000000003',
        position: 1,
        active: false,
        job: jobDetail(bar),
      }),
    ]);
    const section = await card();
    expect(
      within(section)
        .getAllByRole('listitem')
        .map((item) => item.firstChild?.textContent),
    ).toEqual([
      'You are number 2 in line for Dinner crew (Evening, Tuesday).Tuesday 18:00–21:00 · Main kitchenLeave this line',
      'Bar (Night, Wednesday): You will be offered a place once your registration holds a place in camp.Wednesday 21:00–23:00 · SaloonLeave this line',
    ]);
    // Below the current registration: nothing is offered.
    const headings = screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);
    expect(headings.indexOf('Shift waitlist')).toBeGreaterThan(headings.indexOf('Current Registration 2026'));
  });

  it('Leave this line asks first; Cancel keeps the place, confirming leaves and says so', async () => {
    const { calls, state } = open([waiting()], {
      [`POST /shift-waits/${WAIT_ID}/leave`]: () => {
        const left = waiting({ state: 'LEFT', position: null });
        state.waits = [];
        return jsonResponse({ shiftWait: left });
      },
    });
    const section = await card();
    fireEvent.click(within(section).getByRole('button', { name: 'Leave this line' }));
    let dialog = await screen.findByRole('dialog', { name: 'Leave this line' });
    expect(
      within(dialog).getByText(
        'Leave the waitlist for Dinner crew (Evening, Tuesday)? You lose your place in line.',
      ),
    ).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls).not.toContain(`POST /shift-waits/${WAIT_ID}/leave`);

    fireEvent.click(within(section).getByRole('button', { name: 'Leave this line' }));
    dialog = await screen.findByRole('dialog', { name: 'Leave this line' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Leave this line' }));
    expect(
      await screen.findByText('You left the waitlist for Dinner crew (Evening, Tuesday).'),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'Shift waitlist' })).not.toBeInTheDocument(),
    );
    expect(calls.filter((call) => call.endsWith('/leave'))).toHaveLength(1);
    // The card went with its last entry: focus is on the page's main content.
    await waitFor(() => expect(document.getElementById('main-content')).toHaveFocus());
  });

  it('shows an offer first, with its deadline in the camp time zone; Take the shift adds it to the registration', async () => {
    const { calls, state } = open([offered(), waiting()], {
      [`POST /shift-waits/${OFFER_WAIT_ID}/accept`]: () => {
        state.waits = [waiting({ position: 1 })];
        state.registrations = [
          testRegistration({
            jobs: [...testRegistration().jobs, { id: 'rj-2', job: jobDetail(bar), attendance: null }],
          }),
        ];
        return jsonResponse({ shiftWait: { ...offered(), state: 'ACCEPTED', offer: null } });
      },
    });
    const section = await card();
    // Above the registration while an offer waits for an answer.
    const headings = screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);
    expect(headings.indexOf('Shift waitlist')).toBeLessThan(headings.indexOf('Current Registration 2026'));
    const offer = within(section)
      .getByRole('heading', { name: 'A place on Bar (Night, Wednesday) is free for you' })
      .closest('li') as HTMLElement;
    expect(
      within(offer).getByText(
        'We are holding it for you until Aug 20, 2099, 12:00 PM PDT. Accept to take the shift, or decline to pass it on.',
      ),
    ).toBeInTheDocument();
    fireEvent.click(within(offer).getByRole('button', { name: 'Take the shift' }));
    expect(await screen.findByText('Bar (Night, Wednesday) is now one of your shifts.')).toBeInTheDocument();
    // The registration is read again: the shift is among the person's shifts.
    const current = (await screen.findByRole('heading', { name: 'Current Registration 2026' })).closest(
      'section',
    ) as HTMLElement;
    expect(await within(current).findByText('Bar')).toBeInTheDocument();
    expect(
      await within(await card()).findByText('You are number 1 in line for Dinner crew (Evening, Tuesday).'),
    ).toBeInTheDocument();
    // The buttons pressed are gone: focus is on the card's heading.
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Shift waitlist' })).toHaveFocus());
    expect(calls.filter((call) => call.endsWith('/accept'))).toHaveLength(1);
  });

  it("says why taking the shift failed, with the server's message", async () => {
    const { state } = open([offered()], {
      [`POST /shift-waits/${OFFER_WAIT_ID}/accept`]: () => {
        state.waits = [];
        return errorResponse(409, SHIFT_WAITLIST_MESSAGES.offerExpired);
      },
    });
    fireEvent.click(within(await card()).getByRole('button', { name: 'Take the shift' }));
    expect(await screen.findByText('The shift could not be taken')).toBeInTheDocument();
    expect(screen.getByText('This offer has expired.')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'Shift waitlist' })).not.toBeInTheDocument(),
    );
  });

  it('Decline asks first, then ends the offer and says so; a refusal is said with the server message', async () => {
    let refuse = true;
    const { state } = open([offered()], {
      [`POST /shift-waits/${OFFER_WAIT_ID}/decline`]: () => {
        if (refuse) return errorResponse(503, 'Try again in a moment');
        state.waits = [];
        return jsonResponse({ shiftWait: { ...offered(), state: 'DECLINED', offer: null } });
      },
    });
    const section = await card();
    fireEvent.click(within(section).getByRole('button', { name: 'Decline' }));
    let dialog = await screen.findByRole('dialog', { name: 'Decline' });
    expect(
      within(dialog).getByText(
        'Decline the place on Bar (Night, Wednesday)? It goes to the next person in line, and you leave this line.',
      ),
    ).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Decline' }));
    expect(await screen.findByText('The offer could not be declined')).toBeInTheDocument();
    expect(screen.getByText('Try again in a moment')).toBeInTheDocument();

    refuse = false;
    fireEvent.click(within(await card()).getByRole('button', { name: 'Decline' }));
    dialog = await screen.findByRole('dialog', { name: 'Decline' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Decline' }));
    expect(await screen.findByText('You declined the place on Bar (Night, Wednesday).')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'Shift waitlist' })).not.toBeInTheDocument(),
    );
  });

  it('says when the shift lines cannot be read, with Try again', async () => {
    let fail = true;
    open([waiting()], {
      'GET /shift-waits/me': () => (fail ? errorResponse(503) : jsonResponse({ shiftWaits: [waiting()] })),
    });
    expect(await screen.findByText('Failed to load your shift waitlist')).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await card()).toBeInTheDocument();
  });
});
