import type { AdminShiftLine, AdminShiftWaitEntry } from '@camp/shared/shift-waitlist';
import type { AdminWaitlist, AdminWaitlistEntry } from '@camp/shared/waitlist';
import {
  formatDateTime,
  SHIFT_WAITLIST_MESSAGES,
  SHIFT_WAITLIST_TEXTS,
  WAITLIST_ADMIN_MESSAGES,
  WAITLIST_MESSAGES,
} from '@camp/shared/rules';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  errorResponse,
  jsonResponse,
  queriesTo,
  renderApp,
  signedInApi,
  testAdmin as admin,
  testConfig,
  type ApiRoutes,
} from '../../../test/test-utils';
import { cardsOf, onPhone } from '../../../test/media';

// The admin Waitlist screen (docs/product.md §10): fixtures shaped as GET /admin/waitlist answers.

const TZ = 'America/Los_Angeles';
const TENT = '30000000-0000-4000-8000-000000000001';
const RV = '30000000-0000-4000-8000-000000000002';
const ADA = '40000000-0000-4000-8000-000000000001';
const BO = '40000000-0000-4000-8000-000000000002';

const ada: AdminWaitlistEntry = {
  registrationId: ADA,
  name: 'Ada Lovelace',
  email: 'ada@example.org',
  joinedAt: '2026-02-01T18:30:00.000Z',
  position: 1,
  offer: {
    id: '50000000-0000-4000-8000-000000000001',
    state: 'OPEN',
    offeredAt: '2026-02-10T10:00:00.000Z',
    expiresAt: '2026-02-12T10:00:00.000Z',
  },
  lastOffer: null,
};
const bo: AdminWaitlistEntry = {
  registrationId: BO,
  name: 'Bo Diddley',
  email: 'bo@example.org',
  joinedAt: '2026-02-02T09:00:00.000Z',
  position: 2,
  offer: null,
  lastOffer: { state: 'EXPIRED', decidedAt: '2026-02-05T09:00:00.000Z' },
};

function lines(tentLine: AdminWaitlistEntry[] = [ada, bo], year = 2026): AdminWaitlist {
  return {
    year,
    options: [
      {
        campingOptionId: RV,
        name: 'RV Lot',
        enabled: true,
        waitlistEnabled: false,
        taken: 3,
        held: 0,
        maxSignups: 0,
        line: [],
      },
      {
        campingOptionId: TENT,
        name: 'Tent Village',
        enabled: true,
        waitlistEnabled: true,
        taken: 9,
        held: 1,
        maxSignups: 10,
        line: tentLine,
      },
    ],
    shifts: [],
    totals: {
      waitlisted: tentLine.length,
      openOffers: tentLine.filter((entry) => entry.offer).length,
      shiftWaiting: 0,
    },
  };
}

function openPage(routes: ApiRoutes = {}) {
  const api = signedInApi(
    admin,
    { 'GET /admin/waitlist': () => jsonResponse(lines()), ...routes },
    testConfig({ timeZone: TZ }),
  );
  renderApp('/admin/waitlist');
  return api;
}

const section = (name: string) => screen.getByRole('region', { name });
const rowOf = (name: string) =>
  within(screen.getByRole('table', { name: 'Line for Tent Village' }))
    .getByText(name, { selector: 'p' })
    .closest('tr') as HTMLElement;
const count = (label: string) =>
  within(section('Waitlist counts')).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

async function opened() {
  expect(await screen.findByRole('heading', { name: 'Waitlist', level: 2 })).toBeInTheDocument();
  expect(await screen.findByRole('table', { name: 'Line for Tent Village' })).toBeInTheDocument();
}

describe('Waitlist screen (docs/product.md §10)', { timeout: 20_000 }, () => {
  it('shows each option with its places, its switch and its line in order, and an empty line', async () => {
    const { fetchMock } = openPage();
    await opened();
    expect(queriesTo(fetchMock, '/admin/waitlist')[0]).toEqual({ year: '2026' });
    expect(screen.getByRole('link', { name: /Back to Admin/ })).toHaveAttribute('href', '#/admin');
    expect(count('Waitlisted people')).toBe('2');
    expect(count('Open offers')).toBe('1');

    const tent = section('Tent Village');
    expect(within(tent).getByText('9 taken / 1 held / 10')).toBeInTheDocument();
    expect(within(tent).getByText('Waitlist on')).toBeInTheDocument();
    const rv = section('RV Lot');
    expect(within(rv).getByText('3 taken / 0 held / unlimited')).toBeInTheDocument();
    expect(within(rv).getByText('Waitlist off')).toBeInTheDocument();
    expect(within(rv).getByText('Nobody is waiting for RV Lot.')).toBeInTheDocument();

    const first = rowOf('Ada Lovelace');
    expect(within(first).getByText('1')).toBeInTheDocument();
    expect(within(first).getByText('ada@example.org')).toBeInTheDocument();
    expect(within(first).getByText(formatDateTime(ada.joinedAt, TZ))).toBeInTheDocument();
    expect(within(first).getByText('Offered')).toBeInTheDocument();
    expect(
      within(first).getByText(`Offered until ${formatDateTime(ada.offer!.expiresAt, TZ)}`),
    ).toBeInTheDocument();
    expect(within(first).getByRole('button', { name: 'Skip Ada Lovelace' })).toBeInTheDocument();
    expect(within(first).queryByRole('button', { name: 'Offer now Ada Lovelace' })).not.toBeInTheDocument();
    expect(within(first).getByRole('button', { name: 'Move up Ada Lovelace' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );

    const second = rowOf('Bo Diddley');
    expect(within(second).getByText('Waiting')).toBeInTheDocument();
    expect(within(second).getByText('Last offer: Expired')).toBeInTheDocument();
    expect(within(second).getByRole('button', { name: 'Offer now Bo Diddley' })).toBeInTheDocument();
    expect(within(second).getByRole('button', { name: 'Move down Bo Diddley' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(within(second).getByRole('button', { name: 'Move up Bo Diddley' })).not.toHaveAttribute(
      'aria-disabled',
    );
  });

  it('Offer now and Move up post the action, show its answer and a toast', async () => {
    const bodies: unknown[] = [];
    const offered = lines([
      ada,
      { ...bo, offer: { ...ada.offer!, id: '50000000-0000-4000-8000-000000000002' } },
    ]);
    openPage({
      [`POST /admin/waitlist/${BO}/offer`]: ({ body }) => {
        bodies.push(body);
        return jsonResponse(offered);
      },
      [`POST /admin/waitlist/${BO}/move`]: ({ body }) => {
        bodies.push(body);
        return jsonResponse(
          lines([
            { ...bo, position: 1 },
            { ...ada, position: 2 },
          ]),
        );
      },
    });
    await opened();
    fireEvent.click(within(rowOf('Bo Diddley')).getByRole('button', { name: 'Offer now Bo Diddley' }));
    expect(await screen.findByText('Bo Diddley has been offered the places.')).toBeInTheDocument();
    await waitFor(() => expect(within(rowOf('Bo Diddley')).getByText('Offered')).toBeInTheDocument());
    expect(count('Open offers')).toBe('2');

    fireEvent.click(within(rowOf('Bo Diddley')).getByRole('button', { name: 'Move up Bo Diddley' }));
    expect(await screen.findByText('Bo Diddley was moved.')).toBeInTheDocument();
    expect(bodies).toEqual([{}, { campingOptionId: TENT, direction: 'up' }]);
    await waitFor(() =>
      expect(
        within(screen.getByRole('table', { name: 'Line for Tent Village' }))
          .getAllByRole('row')
          .slice(1)
          .map((row) => row.querySelector('td')?.textContent),
      ).toEqual(['1', '2']),
    );
    expect(within(rowOf('Bo Diddley')).getByText('1')).toBeInTheDocument();
  });

  it('Skip asks first; Remove asks a reason (checked with the shared rule) and sends it', async () => {
    const bodies: Array<[string, unknown]> = [];
    openPage({
      [`POST /admin/waitlist/${ADA}/skip`]: ({ body }) => {
        bodies.push(['skip', body]);
        return jsonResponse(
          lines([
            { ...bo, position: 1 },
            { ...ada, position: 2, offer: null },
          ]),
        );
      },
      [`POST /admin/waitlist/${BO}/remove`]: ({ body }) => {
        bodies.push(['remove', body]);
        return jsonResponse(lines([ada]));
      },
    });
    await opened();
    fireEvent.click(within(rowOf('Ada Lovelace')).getByRole('button', { name: 'Skip Ada Lovelace' }));
    const skip = await screen.findByRole('dialog', { name: 'Skip this offer' });
    expect(within(skip).getByText(/End the open offer of Ada Lovelace\?/)).toBeInTheDocument();
    fireEvent.click(within(skip).getByRole('button', { name: 'Skip' }));
    expect(await screen.findByText('The offer of Ada Lovelace was skipped.')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Skip this offer' })).not.toBeInTheDocument(),
    );

    fireEvent.click(within(rowOf('Bo Diddley')).getByRole('button', { name: 'Remove Bo Diddley' }));
    const remove = await screen.findByRole('dialog', { name: 'Remove from the waitlist' });
    fireEvent.click(within(remove).getByRole('button', { name: 'Remove' }));
    expect(await within(remove).findByText(WAITLIST_ADMIN_MESSAGES.reason)).toBeInTheDocument();
    expect(bodies).toEqual([['skip', {}]]);
    fireEvent.change(within(remove).getByRole('textbox', { name: /Reason/ }), {
      target: { value: 'Asked by phone' },
    });
    fireEvent.click(within(remove).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Bo Diddley was removed from the waitlist.')).toBeInTheDocument();
    expect(bodies).toEqual([
      ['skip', {}],
      ['remove', { reason: 'Asked by phone' }],
    ]);
    await waitFor(() =>
      expect(
        within(screen.getByRole('table', { name: 'Line for Tent Village' })).queryByText('Bo Diddley', {
          selector: 'p',
        }),
      ).not.toBeInTheDocument(),
    );
  });

  it('shows a card per person on a phone, in line order, with the actions as buttons', async () => {
    onPhone();
    openPage();
    const list = await screen.findByRole('list', { name: 'Line for Tent Village' });
    expect(screen.queryByRole('table', { name: 'Line for Tent Village' })).not.toBeInTheDocument();
    // The line keeps its order: nothing to sort by.
    expect(screen.queryByRole('combobox', { name: 'Sort by' })).not.toBeInTheDocument();
    const cards = cardsOf(list);
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByText('Ada Lovelace', { selector: 'p' })).toBeInTheDocument();
    expect(within(cards[0]!).getByRole('button', { name: 'Skip Ada Lovelace' })).toBeInTheDocument();
    expect(within(cards[1]!).getByText('Bo Diddley', { selector: 'p' })).toBeInTheDocument();
    expect(within(cards[1]!).getByRole('button', { name: 'Offer now Bo Diddley' })).toBeInTheDocument();
    expect(screen.getByText('Nobody is waiting for RV Lot.')).toBeInTheDocument();
  });

  it("shows the server's message when an action is refused", async () => {
    openPage({
      [`POST /admin/waitlist/${BO}/offer`]: () =>
        errorResponse(409, WAITLIST_MESSAGES.noPlaceFree('Tent Village')),
    });
    await opened();
    fireEvent.click(within(rowOf('Bo Diddley')).getByRole('button', { name: 'Offer now Bo Diddley' }));
    expect(await screen.findByText('The waitlist could not be changed')).toBeInTheDocument();
    expect(screen.getByText('No place is free on "Tent Village"')).toBeInTheDocument();
  });

  it('says when the lines could not be loaded, and loads again on Try again; the year select asks again', async () => {
    let fail = true;
    const { fetchMock } = openPage({
      'GET /admin/waitlist': ({ url }) => {
        if (fail) return errorResponse(500, 'Internal Server Error');
        const year = Number(new URL(url, 'http://localhost').searchParams.get('year'));
        return jsonResponse(lines(year === 2026 ? [ada, bo] : [], year));
      },
    });
    expect(await screen.findByText('The waitlist could not be loaded')).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await opened();
    fireEvent.change(screen.getByRole('combobox', { name: 'Year' }), { target: { value: '2025' } });
    expect(await screen.findByText('Nobody is waiting for Tent Village.')).toBeInTheDocument();
    expect(queriesTo(fetchMock, '/admin/waitlist').at(-1)).toEqual({ year: '2025' });
    expect(count('Waitlisted people')).toBe('0');
  });
});

// The Shifts section (decision 052): one card per job whose waitlist is on or that has people in line.

const BAR = '60000000-0000-4000-8000-000000000001';
const GATE = '60000000-0000-4000-8000-000000000002';
const CY_WAIT = '70000000-0000-4000-8000-000000000001';
const DEE_WAIT = '70000000-0000-4000-8000-000000000002';
const ELI_WAIT = '70000000-0000-4000-8000-000000000003';
const BAR_TITLE = 'Bar, Monday 18:00–22:00';

const cy: AdminShiftWaitEntry = {
  shiftWaitId: CY_WAIT,
  registrationId: '40000000-0000-4000-8000-000000000011',
  name: 'Cy Twombly',
  email: 'cy@example.org',
  joinedAt: '2026-03-01T18:30:00.000Z',
  position: 1,
  active: true,
  offer: { offeredAt: '2026-03-10T10:00:00.000Z', expiresAt: '2026-03-12T10:00:00.000Z' },
  lastOffer: null,
};
const dee: AdminShiftWaitEntry = {
  shiftWaitId: DEE_WAIT,
  registrationId: '40000000-0000-4000-8000-000000000012',
  name: 'Dee Dee Ramone',
  email: 'dee@example.org',
  joinedAt: '2026-03-02T18:30:00.000Z',
  position: 2,
  active: false,
  offer: null,
  lastOffer: null,
};
const eli: AdminShiftWaitEntry = {
  shiftWaitId: ELI_WAIT,
  registrationId: '40000000-0000-4000-8000-000000000013',
  name: 'Eli Whitney',
  email: 'eli@example.org',
  joinedAt: '2026-03-03T18:30:00.000Z',
  position: 3,
  active: true,
  offer: null,
  lastOffer: { state: 'SKIPPED', endedAt: '2026-03-05T09:00:00.000Z' },
};

const shift = (
  id: string,
  name: string,
  dayOfWeek: 'MONDAY' | 'TUESDAY',
  startTime: string,
  endTime: string,
) => ({
  id,
  name,
  description: null,
  dayOfWeek,
  dayOffset: 1,
  active: true,
  startTime,
  endTime,
});

function shiftLines(barLine: AdminShiftWaitEntry[] = [cy, dee, eli]): AdminShiftLine[] {
  return [
    {
      jobId: BAR,
      name: 'Bar',
      location: 'Main bar',
      shift: shift('80000000-0000-4000-8000-000000000001', 'Monday evening', 'MONDAY', '18:00', '22:00'),
      waitlistEnabled: true,
      taken: 3,
      held: barLine.filter((entry) => entry.offer).length,
      maxRegistrations: 4,
      line: barLine,
    },
    {
      jobId: GATE,
      name: 'Gate',
      location: 'Front gate',
      shift: shift('80000000-0000-4000-8000-000000000002', 'Tuesday dawn', 'TUESDAY', '06:00', '08:00'),
      waitlistEnabled: false,
      taken: 1,
      held: 0,
      maxRegistrations: 2,
      line: [],
    },
  ];
}

function withShifts(barLine?: AdminShiftWaitEntry[]): AdminWaitlist {
  const base = lines();
  const shifts = shiftLines(barLine);
  const waiting = shifts.flatMap((line) => line.line);
  return {
    ...base,
    shifts,
    totals: {
      ...base.totals,
      openOffers: base.totals.openOffers + waiting.filter((entry) => entry.offer).length,
      shiftWaiting: waiting.length,
    },
  };
}

const barRow = (name: string) =>
  within(screen.getByRole('table', { name: `Line for ${BAR_TITLE}` }))
    .getByText(name, { selector: 'p' })
    .closest('tr') as HTMLElement;

async function openShifts(routes: ApiRoutes = {}) {
  const api = openPage({ 'GET /admin/waitlist': () => jsonResponse(withShifts()), ...routes });
  expect(await screen.findByRole('table', { name: `Line for ${BAR_TITLE}` })).toBeInTheDocument();
  return api;
}

describe('Waitlist screen: shift lines (decision 052)', { timeout: 20_000 }, () => {
  it('shows a card per job after the options: when, where, places, switch and the line in order', async () => {
    await openShifts();
    const shifts = section('Shifts');
    expect(within(shifts).getByRole('heading', { name: 'Shifts', level: 3 })).toBeInTheDocument();
    expect(within(shifts).getByText(SHIFT_WAITLIST_TEXTS.adminIntro)).toBeInTheDocument();
    expect(count('Waiting for shifts')).toBe('3');
    expect(count('Open offers')).toBe('2');

    const bar = section(BAR_TITLE);
    expect(within(bar).getByRole('heading', { name: BAR_TITLE, level: 4 })).toBeInTheDocument();
    expect(within(bar).getByText('Main bar · Monday evening')).toBeInTheDocument();
    expect(within(bar).getByText('3 taken / 1 held / 4')).toBeInTheDocument();
    expect(within(bar).getByText('Waitlist on')).toBeInTheDocument();
    const gate = section('Gate, Tuesday 06:00–08:00');
    expect(within(gate).getByText('Waitlist off')).toBeInTheDocument();
    expect(
      within(gate).getByText(SHIFT_WAITLIST_TEXTS.adminEmpty('Gate, Tuesday 06:00–08:00')),
    ).toBeInTheDocument();
    // After the camping options, in the order the API gives (festival order).
    const headings = screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);
    expect(headings).toEqual(['RV Lot', 'Tent Village', 'Shifts']);

    const first = barRow('Cy Twombly');
    expect(within(first).getByText('cy@example.org')).toBeInTheDocument();
    expect(within(first).getByText(formatDateTime(cy.joinedAt, TZ))).toBeInTheDocument();
    expect(
      within(first).getByText(`Offered until ${formatDateTime(cy.offer!.expiresAt, TZ)}`),
    ).toBeInTheDocument();
    expect(within(first).getByRole('button', { name: 'Skip Cy Twombly' })).toBeInTheDocument();
    expect(within(first).getByRole('button', { name: 'Move up Cy Twombly' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(within(first).getByText(SHIFT_WAITLIST_MESSAGES.atTop)).toBeInTheDocument();

    // Dormant: in line, but no Offer now until the registration holds a place in camp.
    const second = barRow('Dee Dee Ramone');
    expect(within(second).getByText(SHIFT_WAITLIST_TEXTS.adminDormant)).toBeInTheDocument();
    expect(within(second).getByRole('button', { name: 'Offer now Dee Dee Ramone' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(within(second).getByText(SHIFT_WAITLIST_MESSAGES.adminNotActive)).toBeInTheDocument();

    const third = barRow('Eli Whitney');
    expect(within(third).getByText('Waiting')).toBeInTheDocument();
    expect(within(third).getByText('Last offer: Skipped')).toBeInTheDocument();
    expect(within(third).getByRole('button', { name: 'Offer now Eli Whitney' })).not.toHaveAttribute(
      'aria-disabled',
    );
    expect(within(third).getByRole('button', { name: 'Move down Eli Whitney' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
  });

  it('Offer now and Move up post to the entry, show the answer and a toast', async () => {
    const calls: Array<[string, unknown]> = [];
    await openShifts({
      [`POST /admin/waitlist/shift-waits/${ELI_WAIT}/offer`]: ({ body }) => {
        calls.push(['offer', body]);
        return jsonResponse(withShifts([cy, dee, { ...eli, offer: cy.offer }]));
      },
      [`POST /admin/waitlist/shift-waits/${ELI_WAIT}/move`]: ({ body }) => {
        calls.push(['move', body]);
        return jsonResponse(
          withShifts([cy, { ...eli, position: 2, offer: cy.offer }, { ...dee, position: 3 }]),
        );
      },
    });
    fireEvent.click(within(barRow('Eli Whitney')).getByRole('button', { name: 'Offer now Eli Whitney' }));
    expect(
      await screen.findByText(SHIFT_WAITLIST_TEXTS.adminOffered('Eli Whitney', BAR_TITLE)),
    ).toBeInTheDocument();
    await waitFor(() => expect(within(barRow('Eli Whitney')).getByText('Offered')).toBeInTheDocument());
    expect(count('Open offers')).toBe('3');

    fireEvent.click(within(barRow('Eli Whitney')).getByRole('button', { name: 'Move up Eli Whitney' }));
    expect(await screen.findByText('Eli Whitney was moved.')).toBeInTheDocument();
    await waitFor(() =>
      expect(
        within(screen.getByRole('table', { name: `Line for ${BAR_TITLE}` }))
          .getAllByRole('row')
          .slice(1)
          .map((row) => row.querySelectorAll('td')[1]?.querySelector('p')?.textContent),
      ).toEqual(['Cy Twombly', 'Eli Whitney', 'Dee Dee Ramone']),
    );
    expect(calls).toEqual([
      ['offer', {}],
      ['move', { direction: 'up' }],
    ]);
  });

  it('Skip asks first; Remove asks a reason and sends it; both name the job', async () => {
    const calls: Array<[string, unknown]> = [];
    await openShifts({
      [`POST /admin/waitlist/shift-waits/${CY_WAIT}/skip`]: ({ body }) => {
        calls.push(['skip', body]);
        return jsonResponse(
          withShifts([
            { ...dee, position: 1 },
            { ...eli, position: 2 },
            {
              ...cy,
              position: 3,
              offer: null,
              lastOffer: { state: 'SKIPPED', endedAt: cy.offer!.offeredAt },
            },
          ]),
        );
      },
      [`POST /admin/waitlist/shift-waits/${DEE_WAIT}/remove`]: ({ body }) => {
        calls.push(['remove', body]);
        return jsonResponse(withShifts([cy, { ...eli, position: 2 }]));
      },
    });
    fireEvent.click(within(barRow('Cy Twombly')).getByRole('button', { name: 'Skip Cy Twombly' }));
    const skip = await screen.findByRole('dialog', { name: 'Skip this offer' });
    expect(
      within(skip).getByText(SHIFT_WAITLIST_TEXTS.adminSkipConfirm('Cy Twombly', BAR_TITLE)),
    ).toBeInTheDocument();
    fireEvent.click(within(skip).getByRole('button', { name: 'Skip' }));
    expect(
      await screen.findByText(SHIFT_WAITLIST_TEXTS.adminSkipped('Cy Twombly', BAR_TITLE)),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(within(barRow('Cy Twombly')).getByText('Last offer: Skipped')).toBeInTheDocument(),
    );

    fireEvent.click(within(barRow('Dee Dee Ramone')).getByRole('button', { name: 'Remove Dee Dee Ramone' }));
    const remove = await screen.findByRole('dialog', { name: SHIFT_WAITLIST_TEXTS.adminRemoveTitle });
    expect(
      within(remove).getByText(SHIFT_WAITLIST_TEXTS.adminRemoveConfirm('Dee Dee Ramone', BAR_TITLE)),
    ).toBeInTheDocument();
    fireEvent.click(within(remove).getByRole('button', { name: 'Remove' }));
    expect(await within(remove).findByText(WAITLIST_ADMIN_MESSAGES.reason)).toBeInTheDocument();
    expect(calls).toEqual([['skip', {}]]);
    fireEvent.change(within(remove).getByRole('textbox', { name: /Reason/ }), {
      target: { value: 'Signed up twice' },
    });
    fireEvent.click(within(remove).getByRole('button', { name: 'Remove' }));
    expect(
      await screen.findByText(SHIFT_WAITLIST_TEXTS.adminRemoved('Dee Dee Ramone', BAR_TITLE)),
    ).toBeInTheDocument();
    expect(calls).toEqual([
      ['skip', {}],
      ['remove', { reason: 'Signed up twice' }],
    ]);
    await waitFor(() =>
      expect(
        within(screen.getByRole('table', { name: `Line for ${BAR_TITLE}` })).queryByText('Dee Dee Ramone', {
          selector: 'p',
        }),
      ).not.toBeInTheDocument(),
    );
  });

  it("shows the server's message when a shift action is refused", async () => {
    await openShifts({
      [`POST /admin/waitlist/shift-waits/${ELI_WAIT}/offer`]: () =>
        errorResponse(409, SHIFT_WAITLIST_MESSAGES.noPlaceFree('Bar (Monday evening, Monday)')),
    });
    fireEvent.click(within(barRow('Eli Whitney')).getByRole('button', { name: 'Offer now Eli Whitney' }));
    expect(await screen.findByText('The waitlist could not be changed')).toBeInTheDocument();
    expect(screen.getByText('No place is free on "Bar (Monday evening, Monday)"')).toBeInTheDocument();
  });

  it('says so when no job has a line', async () => {
    openPage();
    await opened();
    expect(within(section('Shifts')).getByText(SHIFT_WAITLIST_TEXTS.adminNoJobs)).toBeInTheDocument();
    expect(count('Waiting for shifts')).toBe('0');
  });

  it('shows a card per person on a phone, with the actions as buttons', async () => {
    onPhone();
    openPage({ 'GET /admin/waitlist': () => jsonResponse(withShifts()) });
    const list = await screen.findByRole('list', { name: `Line for ${BAR_TITLE}` });
    expect(screen.queryByRole('table', { name: `Line for ${BAR_TITLE}` })).not.toBeInTheDocument();
    const cards = cardsOf(list);
    expect(cards).toHaveLength(3);
    expect(within(cards[0]!).getByRole('button', { name: 'Skip Cy Twombly' })).toBeInTheDocument();
    expect(within(cards[1]!).getByText(SHIFT_WAITLIST_TEXTS.adminDormant)).toBeInTheDocument();
    expect(within(cards[2]!).getByRole('button', { name: 'Offer now Eli Whitney' })).toBeInTheDocument();
  });
});
