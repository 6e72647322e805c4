import type { AdminWaitlist, AdminWaitlistEntry } from '@camp/shared/waitlist';
import { formatDateTime, WAITLIST_ADMIN_MESSAGES, WAITLIST_MESSAGES } from '@camp/shared/rules';
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
