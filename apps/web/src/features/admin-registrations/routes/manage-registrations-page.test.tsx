import type {
  AdminRegistrationList,
  AuditRecord,
  CancelRegistrationResponse,
} from '@camp/shared/admin-registrations';
import type { CampingOption } from '@camp/shared/camping-options';
import type { PublicConfig } from '@camp/shared/config';
import type { Registration } from '@camp/shared/registrations';
import type { Job } from '@camp/shared/work';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { gate, kitchen, testJob, testOption, testRegistration } from '../../../test/registration-fixtures';
import { PICKER_FULL_SCREEN_QUERY } from '../components/shift-picker';
import {
  advanceTimersUntil,
  errorResponse,
  jsonResponse,
  queriesTo,
  renderApp,
  signedInApi,
  testAdmin as admin,
  testConfig,
  type ApiRoutes,
} from '../../../test/test-utils';
import { matchMediaQuery } from '../../../test/media';

// Jobs and options with real UUIDs: the edit's body is checked by the shared schema.
const gateJob: Job = testJob(gate, {
  id: '20000000-0000-4000-8000-000000000001',
  name: 'Gate greeter',
  maxRegistrations: 10,
  currentRegistrations: 7,
});
const dishJob: Job = testJob(kitchen, {
  id: '20000000-0000-4000-8000-000000000002',
  name: 'Dish duty',
  maxRegistrations: 4,
  currentRegistrations: 1,
  shift: {
    ...gateJob.shift,
    id: 's2',
    name: 'Evening',
    dayOfWeek: 'TUESDAY',
    startTime: '18:00',
    endTime: '21:00',
  },
});
const fullJob: Job = testJob(kitchen, {
  id: '20000000-0000-4000-8000-000000000003',
  name: 'Breakfast crew',
  maxRegistrations: 2,
  currentRegistrations: 2,
});
const JOBS = [gateJob, dishJob, fullJob];

const tent: CampingOption = testOption({
  id: '30000000-0000-4000-8000-000000000001',
  name: 'Tent Village',
  maxSignups: 10,
  currentRegistrations: 3,
});
const rv: CampingOption = testOption({
  id: '30000000-0000-4000-8000-000000000002',
  name: 'RV Row',
  maxSignups: 2,
  currentRegistrations: 2,
  availabilityStatus: 'FULL',
});
const OPTIONS = [tent, rv];

/** A job as a registration holds it. */
function heldJob(job: Job): Registration['jobs'][number] {
  const {
    maxRegistrations: _m,
    currentRegistrations: _c,
    staffOnly: _s,
    alwaysRequired: _a,
    waitlistEnabled: _w,
    ...detail
  } = job;
  return { id: `rj-${job.id}`, job: detail, attendance: null };
}

const heldOption = (option: CampingOption) => {
  const {
    jobCategoryIds: _j,
    currentRegistrations: _c,
    availabilityStatus: _a,
    fields: _f,
    waitlistEnabled: _w,
    ...summary
  } = option;
  const { createdAt: _cr, updatedAt: _up, ...rest } = summary;
  return { id: `ro-${option.id}`, campingOption: rest };
};

const payment = (n: number, amount: number, status: 'COMPLETED' | 'PENDING' | 'REFUNDED') => ({
  id: `p-${n}`,
  amount,
  currency: 'USD',
  status,
  createdAt: '2026-03-02T10:00:00.000Z',
  provider: 'STRIPE' as const,
  providerRefId: null,
  registrationId: null,
  refundStatus: null,
});

const dusty: Registration = testRegistration({
  id: '10000000-0000-4000-8000-000000000001',
  status: 'CONFIRMED',
  createdAt: '2026-03-02T10:00:00.000Z',
  user: {
    id: 'u1',
    firstName: 'Dusty',
    lastName: 'Rhodes',
    playaName: 'Sparkle',
    email: 'dusty@example.org',
  },
  jobs: [heldJob(gateJob), heldJob(fullJob)],
  campingOptions: [heldOption(tent)],
  payments: [payment(1, 100, 'COMPLETED'), payment(2, 50.5, 'COMPLETED'), payment(3, 75, 'PENDING')],
});
const sandy: Registration = testRegistration({
  id: '10000000-0000-4000-8000-000000000002',
  status: 'PENDING',
  createdAt: '2026-03-01T09:00:00.000Z',
  user: { id: 'u2', firstName: 'Sandy', lastName: 'Dunes', playaName: null, email: 'sandy@example.org' },
  jobs: [],
  campingOptions: [heldOption(tent)],
  payments: [payment(4, 150, 'PENDING')],
});
const max: Registration = testRegistration({
  id: '10000000-0000-4000-8000-000000000003',
  year: 2025,
  status: 'CANCELLED',
  createdAt: '2025-02-01T09:00:00.000Z',
  user: { id: 'u3', firstName: 'Max', lastName: 'Playa', playaName: null, email: 'max@example.org' },
  jobs: [],
  campingOptions: [],
  payments: [payment(5, 150, 'REFUNDED')],
});
const ALL = [dusty, sandy, max];

function listOf(
  registrations: Registration[],
  extra: Partial<AdminRegistrationList> = {},
): AdminRegistrationList {
  return {
    registrations,
    total: registrations.length,
    page: 1,
    limit: 25,
    counts: { total: 3, confirmed: 1, pending: 1, waitlisted: 0, cancelled: 1, openOffers: 0 },
    ...extra,
  };
}

/** Card payments on (Stripe enabled with its keys): the cancel may refund them. */
const STRIPE_ON = { stripeEnabled: true, stripePublicKey: 'pk_test_123' };

function openPage(routes: ApiRoutes = {}, config: Partial<PublicConfig> = STRIPE_ON) {
  const api = signedInApi(
    admin,
    {
      'GET /admin/registrations': () => jsonResponse(listOf(ALL)),
      'GET /jobs': () => jsonResponse(JOBS),
      'GET /camping-options': () => jsonResponse(OPTIONS),
      [`GET /admin/registrations/${dusty.id}/camping-options`]: () => jsonResponse([heldOption(tent)]),
      ...routes,
    },
    testConfig(config),
  );
  /** The query of each list request, in order. */
  return { ...api, listQueries: () => queriesTo(api.fetchMock, '/admin/registrations') };
}

const table = () => screen.getByRole('table', { name: 'Registrations' });
const rowOf = (name: string) => within(table()).getByText(name).closest('tr') as HTMLElement;
const count = (label: string) =>
  within(screen.getByRole('region', { name: 'Registration counts' })).getByText(label, { selector: 'dt' })
    .nextElementSibling?.textContent;

async function openList() {
  renderApp('/admin/manage-registrations');
  // The first render loads the lazy page: it may take longer than findBy's default second.
  expect(
    await screen.findByRole('heading', { name: 'Manage Registrations', level: 2 }, { timeout: 5000 }),
  ).toBeInTheDocument();
  await within(await screen.findByRole('table', { name: 'Registrations' })).findByText('Dusty Rhodes');
}

describe('Manage Registrations (docs/product.md §2)', { timeout: 20_000 }, () => {
  it('shows the count cards and the eight columns, with actions only where they apply', async () => {
    const { listQueries } = openPage();
    await openList();
    expect(screen.getByRole('link', { name: /Back to Admin/ })).toHaveAttribute('href', '#/admin');
    expect(count('Total')).toBe('3');
    expect(count('Confirmed')).toBe('1');
    expect(count('Pending')).toBe('1');
    expect(count('Cancelled')).toBe('1');
    expect(listQueries()[0]).toEqual({ page: '1', limit: '25' });

    expect(
      within(table())
        .getAllByRole('columnheader')
        // The sort buttons' arrows are hidden from assistive technology.
        .map((header) => header.textContent?.replace(/[⇅▲▼]/g, '')),
    ).toEqual(['User', 'Email', 'Year', 'Status', 'Work Shifts', 'Payment', 'Registered', 'Actions']);
    const dustyRow = rowOf('Dusty Rhodes');
    expect(within(dustyRow).getByText('“Sparkle”')).toBeInTheDocument();
    expect(within(dustyRow).getByText('dusty@example.org')).toBeInTheDocument();
    expect(within(dustyRow).getByText('2026')).toBeInTheDocument();
    expect(within(dustyRow).getByText('CONFIRMED')).toBeInTheDocument();
    expect(within(dustyRow).getByText('Gate greeter, Breakfast crew')).toBeInTheDocument();
    // Completed payments only: $100 + $50.50.
    expect(within(dustyRow).getByText('$150.50')).toBeInTheDocument();
    expect(within(dustyRow).getByText('Mar 2, 2026')).toBeInTheDocument();

    const sandyRow = rowOf('Sandy Dunes');
    expect(within(sandyRow).getByText('No shifts assigned')).toBeInTheDocument();
    expect(within(sandyRow).getByText('No payments')).toBeInTheDocument();
    expect(
      within(sandyRow).getByRole('button', { name: 'Edit registration of Sandy Dunes' }),
    ).toBeInTheDocument();
    expect(
      within(sandyRow).getByRole('button', { name: 'Cancel registration of Sandy Dunes' }),
    ).toBeInTheDocument();

    const maxRow = rowOf('Max Playa');
    expect(within(maxRow).getByText('CANCELLED')).toBeInTheDocument();
    expect(within(maxRow).getByText('No payments')).toBeInTheDocument();
    expect(
      within(maxRow).getByRole('button', { name: 'Audit trail registration of Max Playa' }),
    ).toBeInTheDocument();
    expect(within(maxRow).queryByRole('button', { name: /^Edit/ })).not.toBeInTheDocument();
    expect(within(maxRow).queryByRole('button', { name: /^Cancel/ })).not.toBeInTheDocument();
  });

  it('shows each registration as a card with its actions on a phone', async () => {
    const viewport = (window as unknown as { happyDOM: { setViewport(size: { width: number }): void } })
      .happyDOM;
    const { innerWidth } = window;
    onTestFinished(() => viewport.setViewport({ width: innerWidth }));
    viewport.setViewport({ width: 375 });
    openPage();
    renderApp('/admin/manage-registrations');
    const list = await screen.findByRole('list', { name: 'Registrations' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(3);
    const first = cards[0] as HTMLElement;
    expect(within(first).getByText('Dusty Rhodes')).toBeInTheDocument();
    expect(within(first).getByText('$150.50')).toBeInTheDocument();
    expect(
      within(first).getByRole('button', { name: 'Edit registration of Dusty Rhodes' }),
    ).toBeInTheDocument();
    expect(
      within(first).getByRole('button', { name: 'Cancel registration of Dusty Rhodes' }),
    ).toBeInTheDocument();
    expect(within(cards[2] as HTMLElement).queryByRole('button', { name: /^Edit/ })).not.toBeInTheDocument();
  });

  it('pages on the server, and applies filters after a 500 ms pause from page 1', async () => {
    const { listQueries } = openPage({
      'GET /admin/registrations': ({ url }) => {
        const params = new URL(url, 'http://localhost').searchParams;
        const page = Number(params.get('page'));
        const limit = Number(params.get('limit'));
        return jsonResponse(listOf(ALL, { total: 60, page, limit }));
      },
    });
    await openList();
    const last = () => listQueries().at(-1);
    expect(screen.getByText('Showing 1–3 of 60')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(last()).toEqual({ page: '2', limit: '25' }));
    await waitFor(() => expect(screen.getByText('Showing 26–28 of 60')).toBeInTheDocument());

    // The panel opens with the Filters button.
    const toggle = screen.getByRole('button', { name: 'Filters' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('region', { name: 'Filters' })).not.toBeInTheDocument();
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const panel = screen.getByRole('region', { name: 'Filters' });

    // From here the clock is fake: the 500 ms pause is stepped through, not waited for.
    vi.useFakeTimers();
    const before = listQueries().length;
    fireEvent.change(within(panel).getByRole('searchbox', { name: 'Name' }), { target: { value: ' dust' } });
    fireEvent.change(within(panel).getByRole('searchbox', { name: 'Email' }), {
      target: { value: 'example' },
    });
    fireEvent.change(within(panel).getByRole('combobox', { name: 'Status' }), {
      target: { value: 'CONFIRMED' },
    });
    fireEvent.change(within(panel).getByRole('combobox', { name: 'Year' }), { target: { value: '2026' } });
    await act(() => vi.advanceTimersByTimeAsync(499));
    expect(listQueries()).toHaveLength(before);
    await advanceTimersUntil(() =>
      expect(last()).toEqual({
        year: '2026',
        status: 'CONFIRMED',
        email: 'example',
        name: 'dust',
        page: '1',
        limit: '25',
      }),
    );
    expect(listQueries()).toHaveLength(before + 1);
    expect(screen.getByRole('button', { name: 'Filters 4 active' })).toBeInTheDocument();

    fireEvent.change(screen.getByRole('combobox', { name: 'Rows per page' }), { target: { value: '50' } });
    await advanceTimersUntil(() => expect(last()).toMatchObject({ page: '1', limit: '50' }));

    fireEvent.click(within(panel).getByRole('button', { name: 'Clear all' }));
    await advanceTimersUntil(() => expect(last()).toEqual({ page: '1', limit: '50' }));
    expect((within(panel).getByRole('searchbox', { name: 'Name' }) as HTMLInputElement).value).toBe('');
  });

  it('empties the list when it cannot be fetched, and tries again', async () => {
    let fail = true;
    openPage({
      'GET /admin/registrations': () => (fail ? errorResponse(503) : jsonResponse(listOf([sandy]))),
    });
    renderApp('/admin/manage-registrations');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Failed to fetch registrations data')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Sandy Dunes')).toBeInTheDocument();
  });

  it('says when no registration matches', async () => {
    openPage({
      'GET /admin/registrations': () =>
        jsonResponse(
          listOf([], {
            counts: { total: 0, confirmed: 0, pending: 0, waitlisted: 0, cancelled: 0, openOffers: 0 },
          }),
        ),
    });
    renderApp('/admin/manage-registrations');
    expect(await screen.findByText('No registrations found')).toBeInTheDocument();
    expect(count('Total')).toBe('0');
  });
});

describe('Manage Registrations: edit (docs/product.md §5 Admin edit)', { timeout: 20_000 }, () => {
  it('keeps Save disabled until something changes, marks full places, and sends only the changes', async () => {
    const sent: unknown[] = [];
    const { listQueries } = openPage({
      [`PUT /admin/registrations/${dusty.id}`]: ({ body }) => {
        sent.push(body);
        return jsonResponse({ ...dusty, status: 'WAITLISTED', jobs: [heldJob(fullJob), heldJob(dishJob)] });
      },
    });
    await openList();
    fireEvent.click(
      within(rowOf('Dusty Rhodes')).getByRole('button', { name: 'Edit registration of Dusty Rhodes' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Edit registration of Dusty Rhodes' });
    const save = await within(dialog).findByRole('button', { name: 'Save changes' });
    expect(save).toBeDisabled();
    expect(within(dialog).getByText('No changes have been made to the registration.')).toBeInTheDocument();

    const status = within(dialog).getByRole('combobox', { name: 'Status' }) as HTMLSelectElement;
    expect(status.value).toBe('CONFIRMED');
    expect([...status.options].map((option) => option.textContent)).toEqual([
      'Pending',
      'Confirmed',
      'Waitlisted',
    ]);

    // The shifts it holds are listed; the picker offers every job with its places.
    const shifts = await within(dialog).findByRole('region', { name: 'Work shifts (2 shifts selected)' });
    expect(within(shifts).getByText('Gate greeter')).toBeInTheDocument();
    expect(within(shifts).getByText('Breakfast crew')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Choose shifts' }));
    const shown = await screen.findByRole('dialog', { name: 'Work shifts of Dusty Rhodes' });
    const pick = (name: RegExp) => within(shown).getByRole('checkbox', { name }) as HTMLInputElement;
    expect(pick(/Gate greeter/).checked).toBe(true);
    expect(within(shown).getByText('3 of 10 left')).toBeInTheDocument();
    // Full, but held by this registration: it stays ticked and can be changed.
    expect(pick(/Breakfast crew/).checked).toBe(true);
    expect(pick(/Breakfast crew/).disabled).toBe(false);
    expect(pick(/Breakfast crew/).closest('li')?.textContent).toContain('Full');
    expect(pick(/Dish duty/).checked).toBe(false);
    // The ticks are a draft: Cancel leaves the form as it was.
    fireEvent.click(pick(/Dish duty/));
    expect(within(shown).getByText('3 shifts selected')).toBeInTheDocument();
    fireEvent.click(within(shown).getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Work shifts of Dusty Rhodes' })).not.toBeInTheDocument(),
    );
    expect(within(shifts).queryByText('Dish duty')).not.toBeInTheDocument();
    expect(save).toBeDisabled();
    // Escape closes the picker only: the edit stays open.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Choose shifts' }));
    const escaped = await screen.findByRole('dialog', { name: 'Work shifts of Dusty Rhodes' });
    fireEvent.keyDown(within(escaped).getByRole('searchbox', { name: 'Filter shifts' }), { key: 'Escape' });
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Work shifts of Dusty Rhodes' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('dialog', { name: 'Edit registration of Dusty Rhodes' })).toBeInTheDocument();

    const box = (name: RegExp) => within(dialog).getByRole('checkbox', { name }) as HTMLInputElement;
    expect(box(/Tent Village/).checked).toBe(true);
    expect(within(dialog).getByText('7 of 10 places left')).toBeInTheDocument();
    // Full and not held: marked and not offered.
    expect(box(/RV Row/).disabled).toBe(true);
    expect(within(dialog).getByText('Full')).toBeInTheDocument();

    // Notes alone are no change.
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Notes/ }), {
      target: { value: '  Swapped at the gate lead’s request ' },
    });
    expect(save).toBeDisabled();

    fireEvent.change(status, { target: { value: 'WAITLISTED' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Choose shifts' }));
    const picker = await screen.findByRole('dialog', { name: 'Work shifts of Dusty Rhodes' });
    fireEvent.click(within(picker).getByRole('checkbox', { name: /Gate greeter/ }));
    fireEvent.click(within(picker).getByRole('checkbox', { name: /Dish duty/ }));
    fireEvent.click(within(picker).getByRole('button', { name: 'Done' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Work shifts of Dusty Rhodes' })).not.toBeInTheDocument(),
    );
    const shiftsNow = within(dialog).getByRole('region', { name: 'Work shifts (2 shifts selected)' });
    expect(within(shiftsNow).getByText('Dish duty')).toBeInTheDocument();
    expect(within(shiftsNow).queryByText('Gate greeter')).not.toBeInTheDocument();
    // Moving to the waitlist is confirmed first (decision 048).
    expect(save).toBeDisabled();
    expect(
      within(dialog).getByText(
        'Moving this registration to the waitlist gives back its camping options and shifts and puts it at the end of the line.',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('Confirm the move to the waitlist to save.')).toBeInTheDocument();
    fireEvent.click(
      within(dialog).getByRole('checkbox', { name: 'I understand: move this registration to the waitlist' }),
    );
    expect(save).toBeEnabled();
    const notify = within(dialog).getByRole('checkbox', {
      name: 'Send notification e-mail to the participant',
    }) as HTMLInputElement;
    expect(notify).not.toBeChecked();
    fireEvent.click(notify);

    const before = listQueries().length;
    fireEvent.click(save);
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      status: 'WAITLISTED',
      jobIds: [fullJob.id, dishJob.id],
      notes: 'Swapped at the gate lead’s request',
      sendNotification: true,
    });
    expect(await screen.findByText('Registration updated')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(listQueries().length).toBeGreaterThan(before));
  });

  it('warns about shifts that overlap in time and saves them only with the acknowledgement (docs/product.md §11)', async () => {
    const sent: unknown[] = [];
    openPage(
      {
        [`PUT /admin/registrations/${dusty.id}`]: ({ body }) => {
          sent.push(body);
          return jsonResponse({ ...dusty, jobs: [heldJob(gateJob), heldJob(fullJob), heldJob(dishJob)] });
        },
      },
      { ...STRIPE_ON, openingSunday: '2026-08-30' },
    );
    await openList();
    fireEvent.click(
      within(rowOf('Dusty Rhodes')).getByRole('button', { name: 'Edit registration of Dusty Rhodes' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Edit registration of Dusty Rhodes' });
    await within(dialog).findByRole('region', { name: 'Work shifts (2 shifts selected)' });
    // Nothing is said while the shifts are as they were.
    expect(within(dialog).queryByText('These shifts overlap in time:')).not.toBeInTheDocument();

    // Dusty holds two Monday morning jobs; adding a third shift makes the edit one of overlapping shifts.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Choose shifts' }));
    const picker = await screen.findByRole('dialog', { name: 'Work shifts of Dusty Rhodes' });
    fireEvent.click(within(picker).getByRole('checkbox', { name: /Dish duty/ }));
    fireEvent.click(within(picker).getByRole('button', { name: 'Done' }));
    expect(await within(dialog).findByText('These shifts overlap in time:')).toBeInTheDocument();
    expect(
      within(dialog).getByText(
        'Breakfast crew — Morning (Monday, Aug 31, 08:00–11:00) overlaps Gate greeter — Morning (Monday, Aug 31, 08:00–11:00)',
      ),
    ).toBeInTheDocument();
    const save = within(dialog).getByRole('button', { name: 'Save changes' });
    expect(save).toBeDisabled();
    expect(
      within(dialog).getByText(
        'The shifts overlap in time. Tick the acknowledgement to save this registration anyway.',
      ),
    ).toBeInTheDocument();

    fireEvent.click(
      within(dialog).getByRole('checkbox', {
        name: 'Save anyway: I know this person is booked on overlapping shifts',
      }),
    );
    expect(save).toBeEnabled();
    fireEvent.click(save);
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      jobIds: expect.arrayContaining([gateJob.id, fullJob.id, dishJob.id]) as unknown,
      sendNotification: false,
      acknowledgeOverlap: true,
    });
    expect(await screen.findByText('Registration updated')).toBeInTheDocument();
  });

  it('shows the shift picker in place of the form (one dialog), full-screen on a phone, and Escape goes back', async () => {
    openPage({});
    await openList();
    // A phone from here on (the list above stays a table: it measured the screen already).
    matchMediaQuery(PICKER_FULL_SCREEN_QUERY);
    fireEvent.click(
      within(rowOf('Dusty Rhodes')).getByRole('button', { name: 'Edit registration of Dusty Rhodes' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Edit registration of Dusty Rhodes' });
    const choose = await within(dialog).findByRole('button', { name: 'Choose shifts' });
    expect(dialog.hasAttribute('data-full-screen')).toBe(false);
    fireEvent.click(choose);
    expect(await screen.findByRole('dialog', { name: 'Work shifts of Dusty Rhodes' })).toBe(dialog);
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    expect(dialog.hasAttribute('data-full-screen')).toBe(true);
    expect(within(dialog).queryByRole('combobox', { name: 'Status' })).not.toBeInTheDocument();
    const filter = within(dialog).getByRole('searchbox', { name: 'Filter shifts' });
    await waitFor(() => expect(document.activeElement).toBe(filter));
    fireEvent.keyDown(filter, { key: 'Escape' });
    expect(await screen.findByRole('dialog', { name: 'Edit registration of Dusty Rhodes' })).toBe(dialog);
    expect(dialog.hasAttribute('data-full-screen')).toBe(false);
    await waitFor(() =>
      expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Choose shifts' })),
    );
    // The close button of the picker goes back to the form too.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Choose shifts' }));
    await screen.findByRole('dialog', { name: 'Work shifts of Dusty Rhodes' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(await screen.findByRole('dialog', { name: 'Edit registration of Dusty Rhodes' })).toBe(dialog);
  });

  it('checks the options with the shared schema, and starts from the registration’s own options when they cannot be loaded', async () => {
    const sent: unknown[] = [];
    openPage({
      [`GET /admin/registrations/${dusty.id}/camping-options`]: () => errorResponse(500),
      'GET /camping-options': () => errorResponse(503),
      [`PUT /admin/registrations/${dusty.id}`]: ({ body }) => {
        sent.push(body);
        return errorResponse(409, ['"Tent Village" is full']);
      },
    });
    await openList();
    fireEvent.click(
      within(rowOf('Dusty Rhodes')).getByRole('button', { name: 'Edit registration of Dusty Rhodes' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Edit registration of Dusty Rhodes' });
    const tentBox = (await within(dialog).findByRole('checkbox', {
      name: /Tent Village/,
    })) as HTMLInputElement;
    expect(tentBox).toBeChecked();
    expect(within(dialog).getByText(/camping options could not be loaded/)).toBeInTheDocument();
    expect(within(dialog).queryByRole('checkbox', { name: /RV Row/ })).not.toBeInTheDocument();

    fireEvent.click(tentBox);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByText('Please select at least one camping option')).toBeInTheDocument();
    expect(sent).toHaveLength(0);

    fireEvent.click(tentBox);
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Status' }), {
      target: { value: 'PENDING' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(sent).toEqual([{ status: 'PENDING', sendNotification: false }]));
    expect(await screen.findByText('Failed to update registration')).toBeInTheDocument();
    expect(screen.getByText('"Tent Village" is full')).toBeInTheDocument();
    // The dialog stays open to fix the choice.
    expect(screen.getByRole('dialog', { name: 'Edit registration of Dusty Rhodes' })).toBeInTheDocument();
  });
});

describe('Manage Registrations: cancel (docs/product.md §5 Admin cancel)', { timeout: 20_000 }, () => {
  it('asks for a reason by the shared rules, offers the refund only with completed payments, and warns about a failed refund', async () => {
    const sent: unknown[] = [];
    const answer: CancelRegistrationResponse = {
      registration: { id: dusty.id, status: 'CANCELLED' },
      refunds: [
        { paymentId: 'p-1', amount: 100, status: 'SUCCEEDED', message: null },
        { paymentId: 'p-2', amount: 50.5, status: 'FAILED', message: 'The charge was disputed' },
      ],
    };
    const { listQueries } = openPage({
      [`DELETE /admin/registrations/${dusty.id}`]: ({ body }) => {
        sent.push(body);
        return jsonResponse(answer);
      },
    });
    await openList();

    fireEvent.click(
      within(rowOf('Sandy Dunes')).getByRole('button', { name: 'Cancel registration of Sandy Dunes' }),
    );
    let dialog = await screen.findByRole('dialog', { name: 'Cancel registration of Sandy Dunes' });
    expect(within(dialog).queryByRole('checkbox', { name: /Process refund/ })).not.toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep registration' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    fireEvent.click(
      within(rowOf('Dusty Rhodes')).getByRole('button', { name: 'Cancel registration of Dusty Rhodes' }),
    );
    dialog = await screen.findByRole('dialog', { name: 'Cancel registration of Dusty Rhodes' });
    const refund = within(dialog).getByRole('checkbox', { name: /Process refund/ }) as HTMLInputElement;
    expect(refund).not.toBeChecked();
    expect(
      within(dialog).getByText(
        '$150.50 paid by card is refunded through Stripe. If Stripe refuses, the refund is kept in Admin → Payments to retry.',
      ),
    ).toBeInTheDocument();
    const notify = within(dialog).getByRole('checkbox', {
      name: 'Send notification e-mail to the participant',
    }) as HTMLInputElement;
    expect(notify).not.toBeChecked();

    const submit = within(dialog).getByRole('button', { name: 'Cancel registration' });
    fireEvent.click(submit);
    expect(await within(dialog).findByText('Please provide a reason for cancellation.')).toBeInTheDocument();
    const reason = within(dialog).getByRole('textbox', { name: /Reason/ });
    fireEvent.change(reason, { target: { value: '  too short ' } });
    fireEvent.click(submit);
    expect(
      await within(dialog).findByText('Reason must be at least 10 characters long.'),
    ).toBeInTheDocument();
    expect(sent).toHaveLength(0);

    fireEvent.change(reason, { target: { value: ' Asked to cancel by phone ' } });
    fireEvent.click(refund);
    fireEvent.click(notify);
    const before = listQueries().length;
    fireEvent.click(submit);
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      reason: 'Asked to cancel by phone',
      sendNotification: true,
      processRefund: true,
    });
    expect(await screen.findByText('Registration cancelled')).toBeInTheDocument();
    expect(
      screen.getByText('The 2026 registration of Dusty Rhodes was cancelled. $100.00 refunded.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Refund failed: retry it from Admin → Payments')).toBeInTheDocument();
    expect(screen.getByText('$50.50: The charge was disputed')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(listQueries().length).toBeGreaterThan(before));
  });

  it('shows the server’s refusal in a red toast', async () => {
    openPage({
      [`DELETE /admin/registrations/${sandy.id}`]: () =>
        errorResponse(400, 'This registration is already cancelled.'),
    });
    await openList();
    fireEvent.click(
      within(rowOf('Sandy Dunes')).getByRole('button', { name: 'Cancel registration of Sandy Dunes' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Cancel registration of Sandy Dunes' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Reason/ }), {
      target: { value: 'Duplicate registration' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel registration' }));
    expect(await screen.findByText('Failed to cancel registration')).toBeInTheDocument();
    expect(screen.getByText('This registration is already cancelled.')).toBeInTheDocument();
  });
});

const record = (overrides: Partial<AuditRecord> & Pick<AuditRecord, 'id' | 'actionType'>): AuditRecord => ({
  transactionId: null,
  adminUser: { firstName: 'Ada', lastName: 'Admin' },
  createdAt: '2026-03-05T18:30:00.000Z',
  reason: null,
  oldValues: null,
  newValues: null,
  ...overrides,
});

describe('Manage Registrations: audit trail (docs/product.md §4)', { timeout: 20_000 }, () => {
  it('groups records by transaction, shows what differs, and folds out the related changes', async () => {
    const trail: AuditRecord[] = [
      record({
        id: 'a1',
        transactionId: 'tx-1',
        actionType: 'REGISTRATION_CANCEL',
        reason: 'Asked to cancel by phone',
        oldValues: { status: 'CONFIRMED', jobs: ['Gate greeter', 'Dishes'], year: 2025 },
        newValues: { status: 'CANCELLED', jobs: [], year: 2025 },
      }),
      record({
        id: 'a2',
        transactionId: 'tx-1',
        actionType: 'WORK_SHIFT_REMOVE',
        oldValues: { jobId: 'j1', name: 'Gate greeter' },
      }),
      record({
        id: 'a3',
        transactionId: 'tx-1',
        actionType: 'PAYMENT_REFUND',
        newValues: { amount: 150 },
      }),
      record({
        id: 'a4',
        actionType: 'REGISTRATION_EDIT',
        adminUser: null,
        createdAt: '2025-02-02T09:00:00.000Z',
        oldValues: { status: 'PENDING' },
        newValues: { status: 'CONFIRMED' },
      }),
    ];
    openPage({ [`GET /admin/registrations/${max.id}/audit-trail`]: () => jsonResponse(trail) });
    await openList();
    fireEvent.click(
      within(rowOf('Max Playa')).getByRole('button', { name: 'Audit trail registration of Max Playa' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Audit trail of Max Playa' });
    const groups = await within(dialog).findByRole('list', { name: 'Changes, newest first' });
    const cards = within(groups)
      .getAllByRole('listitem')
      .filter((item) => item.parentElement === groups);
    expect(cards).toHaveLength(2);

    const cancel = cards[0] as HTMLElement;
    expect(within(cancel).getByRole('heading', { name: 'Registration cancelled' })).toBeInTheDocument();
    expect(within(cancel).getByText('By Ada Admin')).toBeInTheDocument();
    expect(within(cancel).getByText('Asked to cancel by phone')).toBeInTheDocument();
    expect(within(cancel).getByText(/CONFIRMED → CANCELLED/)).toBeInTheDocument();
    expect(within(cancel).getByText(/Gate greeter, Dishes → —/)).toBeInTheDocument();
    // Ids are not shown, names are.
    expect(within(cancel).queryByText(/j1/)).not.toBeInTheDocument();
    // Unchanged values are left out.
    expect(within(cancel).queryByText(/Year:/)).not.toBeInTheDocument();
    const more = within(cancel).getByRole('button', { name: /2 related changes/ });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    expect(within(cancel).queryByText('Work shift removed')).not.toBeInTheDocument();
    fireEvent.click(more);
    expect(more).toHaveAttribute('aria-expanded', 'true');
    expect(within(cancel).getByText('Work shift removed')).toBeInTheDocument();
    expect(within(cancel).getByText(/Gate greeter → —/)).toBeInTheDocument();
    expect(within(cancel).getByText('Payment refunded')).toBeInTheDocument();
    expect(within(cancel).getByText(/— → \$150\.00/)).toBeInTheDocument();

    const edit = cards[1] as HTMLElement;
    expect(within(edit).getByRole('heading', { name: 'Registration edited' })).toBeInTheDocument();
    expect(within(edit).getByText('By Deleted admin')).toBeInTheDocument();
    expect(within(edit).getByText(/PENDING → CONFIRMED/)).toBeInTheDocument();
    expect(within(edit).queryByRole('button', { name: /related/ })).not.toBeInTheDocument();
  });

  it('says when there is no history, and when it cannot be loaded', async () => {
    let fail = true;
    openPage({
      [`GET /admin/registrations/${sandy.id}/audit-trail`]: () =>
        fail ? errorResponse(503) : jsonResponse([]),
    });
    await openList();
    fireEvent.click(
      within(rowOf('Sandy Dunes')).getByRole('button', { name: 'Audit trail registration of Sandy Dunes' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Audit trail of Sandy Dunes' });
    const alert = await within(dialog).findByRole('alert');
    expect(within(alert).getByText('Error Loading Audit Trail')).toBeInTheDocument();
    expect(within(alert).getByText('Failed to load audit trail')).toBeInTheDocument();
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog).findByText('No Audit Records')).toBeInTheDocument();
    expect(within(dialog).getByText('This registration has no modification history.')).toBeInTheDocument();
  });
});

describe('Manage Registrations: cards, sort, search and the address', { timeout: 20_000 }, () => {
  it('shows Waitlisted and Open offers cards, and every card shows the counts the server answers for the filters', async () => {
    openPage({
      'GET /admin/registrations': () =>
        jsonResponse(
          listOf(ALL, {
            counts: { total: 199, confirmed: 147, pending: 32, waitlisted: 9, cancelled: 11, openOffers: 3 },
          }),
        ),
    });
    await openList();
    const cards = within(screen.getByRole('region', { name: 'Registration counts' }));
    expect(cards.getAllByRole('term').map((term) => term.textContent)).toEqual([
      'Total',
      'Confirmed',
      'Pending',
      'Waitlisted',
      'Cancelled',
      'Open offers',
    ]);
    expect(['Total', 'Confirmed', 'Pending', 'Waitlisted', 'Cancelled', 'Open offers'].map(count)).toEqual([
      '199',
      '147',
      '32',
      '9',
      '11',
      '3',
    ]);
  });

  it('asks the server to sort by a header, toggling the order, and marks the header with aria-sort', async () => {
    const { listQueries } = openPage();
    await openList();
    const header = (name: string) =>
      within(table()).getByRole('columnheader', { name: new RegExp(`^${name}`) });
    expect(header('Registered')).toHaveAttribute('aria-sort', 'descending');
    expect(header('User')).toHaveAttribute('aria-sort', 'none');
    // The shifts and the payment are not sortable.
    expect(header('Work Shifts')).not.toHaveAttribute('aria-sort');
    expect(within(header('Payment')).queryByRole('button')).not.toBeInTheDocument();

    fireEvent.click(within(header('User')).getByRole('button'));
    await waitFor(() =>
      expect(listQueries().at(-1)).toEqual({ sort: 'name', order: 'asc', page: '1', limit: '25' }),
    );
    expect(window.location.hash).toBe('#/admin/manage-registrations?sort=name&order=asc');
    await waitFor(() => expect(header('User')).toHaveAttribute('aria-sort', 'ascending'));
    expect(header('Registered')).toHaveAttribute('aria-sort', 'none');

    fireEvent.click(within(header('User')).getByRole('button'));
    await waitFor(() =>
      expect(listQueries().at(-1)).toEqual({ sort: 'name', order: 'desc', page: '1', limit: '25' }),
    );
    expect(header('User')).toHaveAttribute('aria-sort', 'descending');

    fireEvent.click(within(header('Status')).getByRole('button'));
    await waitFor(() =>
      expect(listQueries().at(-1)).toEqual({ sort: 'status', order: 'asc', page: '1', limit: '25' }),
    );
  });

  it('searches name or e-mail from a box shown without opening Filters', async () => {
    const { listQueries } = openPage();
    await openList();
    expect(screen.queryByRole('region', { name: 'Filters' })).not.toBeInTheDocument();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search registrations' }), {
      target: { value: 'dusty@' },
    });
    expect(window.location.hash).toBe('#/admin/manage-registrations?q=dusty%40');
    await waitFor(() => expect(listQueries().at(-1)).toEqual({ q: 'dusty@', page: '1', limit: '25' }));
  });

  it('reads the filters, search, sort and page from the address, drops values the list would refuse', async () => {
    const { listQueries } = openPage();
    renderApp(
      '/admin/manage-registrations?status=PENDING&year=2026&q=ann&sort=email&order=desc&page=2&limit=50&name=x',
    );
    await waitFor(() =>
      expect(listQueries()[0]).toEqual({
        year: '2026',
        status: 'PENDING',
        name: 'x',
        q: 'ann',
        sort: 'email',
        order: 'desc',
        page: '2',
        limit: '50',
      }),
    );
    // A link that arrives with filters set shows them.
    const panel = await screen.findByRole('region', { name: 'Filters' });
    expect((within(panel).getByRole('combobox', { name: 'Status' }) as HTMLSelectElement).value).toBe(
      'PENDING',
    );
    expect((screen.getByRole('searchbox', { name: 'Search registrations' }) as HTMLInputElement).value).toBe(
      'ann',
    );
    expect(screen.getByRole('button', { name: 'Filters 3 active' })).toBeInTheDocument();
  });

  it('ignores parameters the server would refuse instead of showing an error', async () => {
    const { listQueries } = openPage();
    renderApp('/admin/manage-registrations?status=DONE&year=1999&sort=password&order=up&page=0&limit=7');
    await within(await screen.findByRole('table', { name: 'Registrations' })).findByText('Dusty Rhodes');
    expect(listQueries()[0]).toEqual({ page: '1', limit: '25' });
    expect(screen.queryByRole('region', { name: 'Filters' })).not.toBeInTheDocument();
  });
});

describe(
  'Manage Registrations: cancel with payments made by hand or while Stripe is off',
  { timeout: 20_000 },
  () => {
    const manualPayment = { ...payment(6, 275, 'COMPLETED'), provider: 'MANUAL' as const };
    const byHand: Registration = { ...dusty, payments: [manualPayment] };

    it('says that cash, check and transfer payments are refunded by hand', async () => {
      openPage({ 'GET /admin/registrations': () => jsonResponse(listOf([byHand])) });
      await openList();
      fireEvent.click(
        within(rowOf('Dusty Rhodes')).getByRole('button', { name: 'Cancel registration of Dusty Rhodes' }),
      );
      const dialog = await screen.findByRole('dialog', { name: 'Cancel registration of Dusty Rhodes' });
      expect(within(dialog).getByRole('checkbox', { name: /Process refund/ })).toBeInTheDocument();
      expect(
        within(dialog).getByText(
          '$275.00 paid by cash, check or transfer is recorded as refunded: give it back yourself.',
        ),
      ).toBeInTheDocument();
    });

    it('does not offer to refund card payments while Stripe is off, and says why', async () => {
      openPage({}, { stripeEnabled: false, stripePublicKey: null });
      await openList();
      fireEvent.click(
        within(rowOf('Dusty Rhodes')).getByRole('button', { name: 'Cancel registration of Dusty Rhodes' }),
      );
      const dialog = await screen.findByRole('dialog', { name: 'Cancel registration of Dusty Rhodes' });
      expect(
        await within(dialog).findByText(
          '$150.50 was paid by card, and card payments cannot be refunded while Stripe payments are not configured. Cancel without a refund and refund the payment from Admin → Payments once Stripe is set up.',
        ),
      ).toBeInTheDocument();
      expect(within(dialog).queryByRole('checkbox', { name: /Process refund/ })).not.toBeInTheDocument();
    });
  },
);
