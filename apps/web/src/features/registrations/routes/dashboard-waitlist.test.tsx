import { type Registration, RegistrationCampingOptionSchema } from '@camp/shared/registrations';
import { WAITLIST_MESSAGES } from '@camp/shared/rules';
import type { RegistrationWaitlist } from '@camp/shared/waitlist';
import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkoutAnswer, withPayments } from '../../../test/payment-fixtures';
import {
  errorResponse,
  jsonResponse,
  mockApiRoutes,
  renderApp,
  startSignedIn,
  testConfig,
  testUser,
  type ApiRouteHandler,
} from '../../../test/test-utils';
import {
  kitchen,
  pendingPayment,
  testCampRegistration,
  testJob,
  testOption,
  testRegistration,
} from '../../../test/registration-fixtures';

// The waitlist on the dashboard (docs/product.md §10): positions, leaving, and an offer's Accept and Decline.

afterEach(() => notifications.clean());

const REGISTRATION_ID = 'r0000000-0000-4000-8000-000000000001';
const OFFER_ID = '6d1f7a2e-3b4c-4d5e-8f90-1a2b3c4d5e6f';
const tent = testOption();
const tentLink = {
  id: 'link-1',
  // The option as a registration's summary carries it (RegistrationCampingOptionSchema).
  campingOption: RegistrationCampingOptionSchema.shape.campingOption.parse(tent),
};

/** A WAITLISTED registration of 2026 for Tent Camping, number 3 in line, with an offer when given. */
function waitlistedRegistration(offer: RegistrationWaitlist['offer'] = null): Registration {
  return testRegistration({
    status: 'WAITLISTED',
    payments: [],
    campingOptions: [tentLink],
    waitlist: {
      joinedAt: '2026-03-02T10:00:00.000Z',
      positions: [
        { campingOptionId: tent.id, name: 'Tent Camping', position: 3 },
        { campingOptionId: 'o2', name: 'RV Camping', position: 1 },
      ],
      offer,
    },
  });
}

const openOffer = (expiresAt = '2099-08-20T19:00:00.000Z'): RegistrationWaitlist['offer'] => ({
  id: OFFER_ID,
  state: 'OPEN',
  offeredAt: '2026-08-18T19:00:00.000Z',
  expiresAt,
});

/** What accepting answers: PENDING with the dues row, or CONFIRMED with nothing owed. */
function acceptedRegistration(owed: number): Registration {
  return testRegistration({
    status: owed > 0 ? 'PENDING' : 'CONFIRMED',
    campingOptions: [tentLink],
    waitlist: null,
    payments: owed > 0 ? [pendingPayment(owed, REGISTRATION_ID, '2026-08-19T10:00:00.000Z')] : [],
  });
}

/**
 * The dashboard with `registration` as GET /registrations/me's answer; a route's answer may replace it (what the
 * server holds after the call), as `mine.current`.
 */
function openDashboard(
  registration: Registration,
  {
    routes = {},
    path = '/dashboard',
    config = {},
  }: {
    routes?: Record<string, ApiRouteHandler>;
    path?: string;
    config?: Parameters<typeof testConfig>[0];
  } = {},
) {
  startSignedIn();
  const mine = { current: [registration] };
  const api = mockApiRoutes(
    {
      'GET /auth/profile': () => jsonResponse(testUser()),
      'GET /registrations/me': () => jsonResponse(mine.current),
      'GET /registrations/camp/me': () => jsonResponse(testCampRegistration()),
      'GET /shift-waits/me': () => jsonResponse({ shiftWaits: [] }),
      ...routes,
    },
    testConfig({ registrationOpen: true, timeZone: 'America/Los_Angeles', ...config }),
  );
  renderApp(path);
  return { ...api, mine };
}

const offerPanel = async () =>
  (await screen.findByRole('heading', { name: 'A place is free for you' })).closest('section') as HTMLElement;

describe('dashboard: a waitlisted registration (docs/product.md §10)', () => {
  it('shows the status Waitlisted and the place in each line', async () => {
    openDashboard(waitlistedRegistration());
    const section = (await screen.findByRole('heading', { name: 'Current Registration 2026' })).closest(
      'section',
    ) as HTMLElement;
    expect(within(section).getByText('Waitlisted')).toBeInTheDocument();
    expect(within(section).queryByText('WAITLISTED')).not.toBeInTheDocument();
    const lines = within(section).getByRole('heading', { name: 'Your place in line' }).closest('section')!;
    expect(
      within(lines as HTMLElement)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['You are number 3 in line for "Tent Camping".', 'You are number 1 in line for "RV Camping".']);
    expect(screen.queryByRole('heading', { name: 'A place is free for you' })).not.toBeInTheDocument();
  });

  it('Leave the waitlist asks first; Cancel keeps the registration, confirming cancels it', async () => {
    const { calls, mine } = openDashboard(waitlistedRegistration(), {
      routes: {
        [`POST /registrations/${REGISTRATION_ID}/leave-waitlist`]: () => {
          const cancelled = testRegistration({ status: 'CANCELLED', payments: [], waitlist: null });
          mine.current = [cancelled];
          return jsonResponse(cancelled);
        },
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Leave the waitlist' }));
    let dialog = await screen.findByRole('dialog', { name: 'Leave the waitlist' });
    expect(within(dialog).getByText('Leave the waitlist? You lose your place in line.')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls).not.toContain(`POST /registrations/${REGISTRATION_ID}/leave-waitlist`);

    fireEvent.click(screen.getByRole('button', { name: 'Leave the waitlist' }));
    dialog = await screen.findByRole('dialog', { name: 'Leave the waitlist' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Leave the waitlist' }));
    expect(await screen.findByText('You left the waitlist.')).toBeInTheDocument();
    expect(calls.filter((call) => call.endsWith('/leave-waitlist'))).toHaveLength(1);
    expect(await screen.findByRole('heading', { name: 'Registration History' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start Registration' })).toBeInTheDocument();
  });

  it('keeps the dialog open with the server message when leaving fails', async () => {
    openDashboard(waitlistedRegistration(), {
      routes: {
        [`POST /registrations/${REGISTRATION_ID}/leave-waitlist`]: () =>
          errorResponse(409, WAITLIST_MESSAGES.notWaitlisted),
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Leave the waitlist' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave the waitlist' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Leave the waitlist' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This registration is not on the waitlist.',
    );
  });
});

describe('dashboard: a waitlist offer (docs/product.md §10)', () => {
  it('shows the offer with its deadline in the camp time zone; Accept with dues owed leads to the Pay button', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    let sent: unknown = 'nothing';
    const { mine, calls } = openDashboard(waitlistedRegistration(openOffer('2099-08-20T19:00:00.000Z')), {
      config: withPayments,
      routes: {
        [`POST /waitlist-offers/${OFFER_ID}/accept`]: ({ body }) => {
          sent = body;
          mine.current = [acceptedRegistration(150)];
          return jsonResponse(mine.current[0]);
        },
        'POST /payments/stripe': () => checkoutAnswer('https://checkout.stripe.test/c/pay/cs_test_1'),
      },
    });
    const panel = await offerPanel();
    expect(
      within(panel).getByText(
        'We are holding it for you until Aug 20, 2099, 12:00 PM PDT. Accept to take it, or decline to pass it to the next person.',
      ),
    ).toBeInTheDocument();
    expect(within(panel).getByText('Camping: Tent Camping')).toBeInTheDocument();
    fireEvent.click(within(panel).getByRole('button', { name: 'Accept' }));
    // Said twice: the note, and the alert that stays where the offer was.
    await waitFor(() =>
      expect(screen.getAllByText('Your registration is now pending until your dues are paid.')).toHaveLength(
        2,
      ),
    );
    expect(sent).toEqual({});
    expect(screen.queryByRole('heading', { name: 'A place is free for you' })).not.toBeInTheDocument();
    const dues = screen.getByRole('heading', { name: 'Outstanding Dues' });
    await waitFor(() => expect(dues).toHaveFocus());
    fireEvent.click(screen.getByRole('button', { name: 'Complete Dues Payment - $150.00' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.stripe.test/c/pay/cs_test_1'));
    expect(calls.filter((call) => call.endsWith('/accept'))).toHaveLength(1);
  }, 20_000);

  it('Accept from the mail link says the place is yours even when the registrations are read again slowly', async () => {
    let slow = false;
    const { mine } = openDashboard(waitlistedRegistration(openOffer()), {
      path: `/dashboard?offer=${OFFER_ID}`,
      routes: {
        'GET /registrations/me': async () => {
          // The read after the accept takes a while: the panel is gone (the answer took the offer out) meanwhile.
          if (slow) await new Promise((resolve) => setTimeout(resolve, 300));
          return jsonResponse(mine.current);
        },
        [`POST /waitlist-offers/${OFFER_ID}/accept`]: () => {
          mine.current = [acceptedRegistration(150)];
          slow = true;
          return jsonResponse(mine.current[0]);
        },
      },
    });
    fireEvent.click(within(await offerPanel()).getByRole('button', { name: 'Accept' }));
    await waitFor(() =>
      expect(screen.getAllByText('Your registration is now pending until your dues are paid.')).toHaveLength(
        2,
      ),
    );
    expect(
      screen.getByText('The place is yours.', { selector: '.mantine-Notification-title' }),
    ).toBeInTheDocument();
    expect(screen.queryByText('This offer is no longer open.')).not.toBeInTheDocument();
  }, 20_000);

  it('on 409 SHIFTS_FULL shows the message and the shift step, checks the shift rules, then re-sends with the jobs', async () => {
    const breakfast = testJob(kitchen, { maxRegistrations: 4, currentRegistrations: 4 });
    const lunch = testJob(kitchen, {
      id: 'j0000000-0000-4000-8000-000000000002',
      name: 'Lunch crew',
      currentRegistrations: 1,
    });
    const bodies: unknown[] = [];
    const { mine } = openDashboard(waitlistedRegistration(openOffer()), {
      routes: {
        'GET /camping-options': () => jsonResponse([tent]),
        'GET /job-categories': () => jsonResponse([kitchen]),
        'GET /jobs': () => jsonResponse([breakfast, lunch]),
        [`POST /waitlist-offers/${OFFER_ID}/accept`]: ({ body }) => {
          bodies.push(body);
          if (bodies.length === 1) return errorResponse(409, WAITLIST_MESSAGES.shiftsFullOnAccept);
          mine.current = [acceptedRegistration(0)];
          return jsonResponse(mine.current[0]);
        },
      },
    });
    const panel = await offerPanel();
    fireEvent.click(within(panel).getByRole('button', { name: 'Accept' }));
    expect(await within(panel).findByText(WAITLIST_MESSAGES.shiftsFullOnAccept)).toBeInTheDocument();
    expect(
      await within(panel).findByRole('heading', { name: 'Choose your shifts again' }),
    ).toBeInTheDocument();
    // The full shift it had is not kept; the wizard's rule asks for one.
    const breakfastBox = await within(panel).findByRole('checkbox', { name: /Breakfast crew/ });
    expect(breakfastBox).not.toBeChecked();
    expect(breakfastBox).toBeDisabled();
    fireEvent.click(within(panel).getByRole('button', { name: 'Accept with these shifts' }));
    expect(await within(panel).findByText('You need to select at least 1 shift')).toBeInTheDocument();
    expect(bodies).toHaveLength(1);
    fireEvent.click(within(panel).getByRole('checkbox', { name: /Lunch crew/ }));
    fireEvent.click(within(panel).getByRole('button', { name: 'Accept with these shifts' }));
    expect(await screen.findByText('You are registered for 2026.')).toBeInTheDocument();
    expect(bodies).toEqual([{}, { jobs: ['j0000000-0000-4000-8000-000000000002'] }]);
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'A place is free for you' })).not.toBeInTheDocument(),
    );
  }, 20_000);

  it('Decline asks first, then ends the offer and says so', async () => {
    const { calls, mine } = openDashboard(waitlistedRegistration(openOffer()), {
      routes: {
        [`POST /waitlist-offers/${OFFER_ID}/decline`]: () => {
          const cancelled = testRegistration({ status: 'CANCELLED', payments: [], waitlist: null });
          mine.current = [cancelled];
          return jsonResponse(cancelled);
        },
      },
    });
    const panel = await offerPanel();
    fireEvent.click(within(panel).getByRole('button', { name: 'Decline' }));
    let dialog = await screen.findByRole('dialog', { name: 'Decline the offer' });
    expect(
      within(dialog).getByText(
        'Decline this place? It goes to the next person in line, and you leave the waitlist.',
      ),
    ).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.some((call) => call.endsWith('/decline'))).toBe(false);
    fireEvent.click(within(panel).getByRole('button', { name: 'Decline' }));
    dialog = await screen.findByRole('dialog', { name: 'Decline the offer' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Decline' }));
    expect(await screen.findByText('You declined the offer and left the waitlist.')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'A place is free for you' })).not.toBeInTheDocument(),
    );
    expect(calls.filter((call) => call.endsWith('/decline'))).toHaveLength(1);
  }, 20_000);

  it('an offer past its deadline says it has expired and offers no buttons', async () => {
    openDashboard(waitlistedRegistration(openOffer('2026-01-01T00:00:00.000Z')));
    const panel = await offerPanel();
    expect(
      within(panel).getByText('This offer has expired. The place went to the next person in line.'),
    ).toBeInTheDocument();
    expect(within(panel).queryByRole('button')).not.toBeInTheDocument();
  });

  it('says the offer expired when Accept finds it so, after the offer is gone', async () => {
    const { mine } = openDashboard(waitlistedRegistration(openOffer()), {
      routes: {
        [`POST /waitlist-offers/${OFFER_ID}/accept`]: () => {
          mine.current = [waitlistedRegistration(null)];
          return errorResponse(409, WAITLIST_MESSAGES.offerExpired);
        },
      },
    });
    fireEvent.click(within(await offerPanel()).getByRole('button', { name: 'Accept' }));
    expect(await screen.findByText('This offer has expired.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument());
    expect(screen.getByText('This offer has expired.')).toBeInTheDocument();
  });

  it('the mail link (?offer=) moves focus to the offer', async () => {
    openDashboard(waitlistedRegistration(openOffer()), { path: `/dashboard?offer=${OFFER_ID}` });
    const heading = await screen.findByRole('heading', { name: 'A place is free for you' });
    await waitFor(() => expect(heading).toHaveFocus());
  });

  it('the mail link opened over a dashboard read before the offer reads it again and shows the offer', async () => {
    const { mine, calls } = openDashboard(waitlistedRegistration(null));
    expect(await screen.findByText('You are number 3 in line for "Tent Camping".')).toBeInTheDocument();
    mine.current = [waitlistedRegistration(openOffer())];
    // Only the hash changes, as when the link is opened in the tab that shows the dashboard.
    window.location.hash = `#/dashboard?offer=${OFFER_ID}`;
    window.dispatchEvent(new PopStateEvent('popstate'));
    const heading = await screen.findByRole('heading', { name: 'A place is free for you' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(within(await offerPanel()).getByRole('button', { name: 'Accept' })).toBeInTheDocument();
    expect(screen.queryByText('This offer is no longer open.')).not.toBeInTheDocument();
    expect(calls.filter((call) => call === 'GET /registrations/me')).toHaveLength(2);
  });

  it('a link to an offer that is no longer open says so', async () => {
    openDashboard(waitlistedRegistration(null), { path: `/dashboard?offer=${OFFER_ID}` });
    expect(await screen.findByText('This offer is no longer open.')).toBeInTheDocument();
  });
});
