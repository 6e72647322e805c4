import {
  OverdueRegistrationListSchema,
  OwedRegistrationListSchema,
  PaymentListSchema,
  PaymentSchema,
  RefundPaymentResponseSchema,
  ReleasePlaceResponseSchema,
  type OverdueRegistration,
  type OwedRegistration,
  type Payment,
  type Refund,
} from '@camp/shared/payments';
import { PAYMENT_DEADLINE_MESSAGES } from '@camp/shared/rules';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, onTestFinished } from 'vitest';
import { contractOf } from '../../../test/api-contract';
import { STRIPE_UNREACHABLE, stripeDown, testPayment } from '../../../test/payment-fixtures';
import {
  errorResponse,
  jsonResponse,
  offContract,
  queriesTo,
  renderSignedIn,
  testAdmin as admin,
  type ApiRoutes,
} from '../../../test/test-utils';

interface SchemaLike {
  parse(input: unknown): unknown;
}

/**
 * An answer of a payment endpoint. src/test/api-contract.ts checks every fake answer against the API's schemas
 * once it lists the endpoint; for one it does not list yet, the answer is checked here against the same
 * shared schema (no key more, none missing) and passed on.
 */
function answer(schema: SchemaLike, method: string, path: string, body: unknown, status = 200): Response {
  const response = jsonResponse(body, { status });
  if (contractOf(method, path)) return response;
  expect(schema.parse(body)).toEqual(body);
  return offContract(response);
}

const person = (n: number, firstName: string, lastName: string) => ({
  id: `00000000-0000-4000-8000-00000000010${n}`,
  email: `${firstName.toLowerCase()}@example.org`,
  firstName,
  lastName,
});

/** Payment `n` of `user`: a completed $275.00 Stripe payment of their own registration. */
function payment(n: number, overrides: Partial<Payment> & Pick<Payment, 'user'>): Payment {
  return testPayment(n, {
    userId: overrides.user.id,
    registrationId: `00000000-0000-4000-a000-00000000000${n}`,
    amount: 275,
    createdAt: `2026-03-0${n}T18:30:00.000Z`,
    updatedAt: `2026-03-0${n}T18:30:00.000Z`,
    ...overrides,
  });
}

function refundOf(paid: Payment, amount: number, reason: string): Refund {
  return {
    id: `00000000-0000-4000-b000-0000000000${String(paid.refunds.length + 1).padStart(2, '0')}`,
    paymentId: paid.id,
    amount,
    status: 'SUCCEEDED',
    reason,
    source: 'ADMIN',
    providerRefId: 're_test_1',
    admin: { id: admin.id, email: admin.email, firstName: 'Ada', lastName: 'Admin' },
    failureReason: null,
    attempts: 1,
    lastAttemptAt: '2026-03-09T10:00:00.000Z',
    createdAt: '2026-03-09T10:00:00.000Z',
  };
}

const dusty = payment(1, { user: person(1, 'Dusty', 'Rhodes') });
const sandy = payment(2, { user: person(2, 'Sandy', 'Dunes'), amount: 200, refundedAmount: 50 });
sandy.refunds = [refundOf(sandy, 50, 'Left a day early')];
const max = payment(3, {
  user: person(3, 'Max', 'Playa'),
  amount: 100,
  refundedAmount: 100,
  status: 'REFUNDED',
  registrationYear: 2025,
});
const lee = payment(4, {
  user: person(4, 'Lee', 'Gulch'),
  amount: 150,
  status: 'PENDING',
  providerRefId: null,
});
const kim = payment(5, {
  user: person(5, 'Kim', 'Mesa'),
  amount: 80,
  provider: 'MANUAL',
  providerRefId: null,
  method: 'CHECK',
  reference: '#1042',
});
// Newest first, as the API answers.
const ALL = [kim, lee, max, sandy, dusty];

const owedRegistration = (
  n: number,
  firstName: string,
  lastName: string,
  owed: number,
): OwedRegistration => ({
  registrationId: `00000000-0000-4c00-8000-00000000000${n}`,
  year: 2026,
  status: 'PENDING',
  user: person(n + 5, firstName, lastName),
  dues: 275,
  paid: 275 - owed,
  owed,
});

/** The Payments screen as the admin, `payments` listed and `routes` added; `paymentQueries` are the list's queries. */
function openPayments(routes: ApiRoutes = {}, payments: Payment[] = ALL) {
  const api = renderSignedIn('/admin/payments', admin, {
    'GET /payments': () => answer(PaymentListSchema, 'GET', '/payments', { payments }),
    'GET /admin/payments/overdue': () => jsonResponse({ registrations: [] }),
    ...routes,
  });
  return { ...api, paymentQueries: () => queriesTo(api.fetchMock, '/payments') };
}

/**
 * Types into a searchable select and takes the first match with the keyboard (arrow down, Enter). (Its list
 * is shown under the field by Mantine's popover, which the test DOM, without layout, keeps hidden.)
 */
async function chooseByKeyboard(input: HTMLElement, text: string) {
  // Mantine takes a change to an input without focus for the browser's autofill: typing needs focus.
  act(() => input.focus());
  fireEvent.click(input);
  fireEvent.change(input, { target: { value: text } });
  await waitFor(async () => {
    const shown = await optionsOf(input);
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.every((label) => label?.toLowerCase().includes(text))).toBe(true);
  });
  fireEvent.keyDown(input, { key: 'ArrowDown', code: 'ArrowDown' });
  await waitFor(() => expect(input).toHaveAttribute('aria-activedescendant'));
  fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' });
}

/** The options of an open searchable select (hidden: see chooseByKeyboard). */
async function optionsOf(input: HTMLElement): Promise<(string | null)[]> {
  const listId = await waitFor(() => {
    const id = input.getAttribute('aria-controls');
    expect(id).toBeTruthy();
    return id as string;
  });
  const list = document.getElementById(listId) as HTMLElement;
  return within(list)
    .queryAllByRole('option', { hidden: true })
    .map((option) => option.textContent);
}

const table = () => screen.getByRole('table', { name: 'Payments' });
const totals = () => screen.getByRole('region', { name: 'Totals' });

/** The figure a total shows, by its label. */
function total(label: string): string | null | undefined {
  const term = within(totals()).getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent;
}

describe('Admin → Payments', { timeout: 20_000 }, () => {
  it('lists every payment with its totals, refunds and provider, and offers a refund only where one can be made', async () => {
    const { paymentQueries } = openPayments();
    expect(await screen.findByRole('heading', { name: 'Payments', level: 2 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Back to Admin/ })).toHaveAttribute('href', '#/admin');
    const rows = await within(await screen.findByRole('table', { name: 'Payments' })).findAllByRole('row');
    expect(rows).toHaveLength(ALL.length + 1);

    expect(total('Payments')).toBe('5');
    expect(total('Completed')).toBe('$655.00');
    expect(total('Refunded')).toBe('$150.00');
    expect(total('Net')).toBe('$505.00');
    expect(total('Pending')).toBe('$150.00');

    const sandyRow = within(table()).getByText('Sandy Dunes').closest('tr') as HTMLElement;
    expect(within(sandyRow).getByText('sandy@example.org')).toBeInTheDocument();
    expect(within(sandyRow).getByText('$200.00')).toBeInTheDocument();
    expect(within(sandyRow).getByText('COMPLETED')).toBeInTheDocument();
    expect(within(sandyRow).getByText('Refunded $50.00')).toBeInTheDocument();
    const kimRow = within(table()).getByText('Kim Mesa').closest('tr') as HTMLElement;
    expect(within(kimRow).getByText('Manual · Check')).toBeInTheDocument();
    expect(within(kimRow).getByText('Ref. #1042')).toBeInTheDocument();
    const maxRow = within(table()).getByText('Max Playa').closest('tr') as HTMLElement;
    expect(within(maxRow).getByText('2025')).toBeInTheDocument();
    expect(within(maxRow).getByText('REFUNDED')).toBeInTheDocument();

    const refundButtons = within(table())
      .getAllByRole('button', { name: /^Refund payment of/ })
      .map((button) => button.textContent?.trim());
    expect(refundButtons).toEqual([
      'Refund payment of Kim Mesa',
      'Refund payment of Sandy Dunes',
      'Refund payment of Dusty Rhodes',
    ]);
    expect(paymentQueries()[0]).toEqual({ take: '10000' });
  });

  it('shows each payment as a card on a phone, with its refund at hand', async () => {
    const viewport = (window as unknown as { happyDOM: { setViewport(size: { width: number }): void } })
      .happyDOM;
    const { innerWidth } = window;
    onTestFinished(() => viewport.setViewport({ width: innerWidth }));
    viewport.setViewport({ width: 375 });
    openPayments();
    const list = await screen.findByRole('list', { name: 'Payments' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(ALL.length);
    expect(within(cards[3] as HTMLElement).getByText('Sandy Dunes')).toBeInTheDocument();
    expect(within(cards[3] as HTMLElement).getByText('Refunded $50.00')).toBeInTheDocument();
    expect(
      within(cards[3] as HTMLElement).getByRole('button', { name: 'Refund payment of Sandy Dunes' }),
    ).toBeInTheDocument();
    expect(within(cards[2] as HTMLElement).queryByRole('button')).not.toBeInTheDocument();
  });

  it('sends each filter to the server, the person after a pause, and clears them all', async () => {
    const { paymentQueries } = openPayments();
    await screen.findByRole('table', { name: 'Payments' });
    const last = () => paymentQueries().at(-1);

    fireEvent.change(screen.getByRole('combobox', { name: 'Status' }), { target: { value: 'COMPLETED' } });
    await waitFor(() => expect(last()).toEqual({ status: 'COMPLETED', take: '10000' }));
    fireEvent.change(screen.getByRole('combobox', { name: 'Provider' }), { target: { value: 'MANUAL' } });
    await waitFor(() => expect(last()).toMatchObject({ status: 'COMPLETED', provider: 'MANUAL' }));
    const provider = screen.getByRole('combobox', { name: 'Provider' });
    expect(
      within(provider)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All providers', 'Stripe', 'PayPal', 'Manual']);
    const year = screen.getByRole('combobox', { name: 'Year' });
    expect((year as HTMLSelectElement).value).toBe('');
    fireEvent.change(year, { target: { value: '2025' } });
    await waitFor(() => expect(last()).toMatchObject({ year: '2025' }));

    const before = paymentQueries().length;
    fireEvent.change(screen.getByRole('searchbox', { name: 'Person' }), { target: { value: ' dusty ' } });
    expect(paymentQueries()).toHaveLength(before);
    await waitFor(() =>
      expect(last()).toEqual({
        status: 'COMPLETED',
        provider: 'MANUAL',
        year: '2025',
        search: 'dusty',
        take: '10000',
      }),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Clear all' }));
    await waitFor(() => expect(last()).toEqual({ take: '10000' }));
    expect((screen.getByRole('searchbox', { name: 'Person' }) as HTMLInputElement).value).toBe('');
    expect(screen.getByRole('button', { name: 'Clear all' })).toBeDisabled();
  });

  it('refunds part of a payment with a reason: the shared rules first, then one request with its key', async () => {
    const sent: unknown[] = [];
    let list = ALL;
    const { paymentQueries } = openPayments({
      'GET /payments': () => answer(PaymentListSchema, 'GET', '/payments', { payments: list }),
      [`POST /admin/payments/${sandy.id}/refunds`]: ({ body }) => {
        sent.push(body);
        const made = refundOf(sandy, 25.5, 'Tent spot was never used');
        const updated = { ...sandy, refundedAmount: 75.5, refunds: [...sandy.refunds, made] };
        list = ALL.map((item) => (item.id === sandy.id ? updated : item));
        return answer(RefundPaymentResponseSchema, 'POST', `/admin/payments/${sandy.id}/refunds`, {
          payment: updated,
          refund: made,
        });
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Refund payment of Sandy Dunes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund payment' });
    expect(within(dialog).getByText('Left to refund $150.00')).toBeInTheDocument();
    const amount = within(dialog).getByRole('textbox', { name: /Refund amount/ }) as HTMLInputElement;
    expect(amount.value).toBe('$150.00');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(await within(dialog).findByText('Please provide a reason for the refund.')).toBeInTheDocument();
    const reason = within(dialog).getByRole('textbox', { name: /Reason/ });
    fireEvent.change(reason, { target: { value: 'Too late' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(
      await within(dialog).findByText('Reason must be at least 10 characters long.'),
    ).toBeInTheDocument();

    fireEvent.change(reason, { target: { value: 'Tent spot was never used' } });
    fireEvent.change(amount, { target: { value: '150.01' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(
      await within(dialog).findByText('The refund cannot be more than the $150.00 left on this payment'),
    ).toBeInTheDocument();
    expect(sent).toHaveLength(0);

    fireEvent.change(amount, { target: { value: '25.5' } });
    const queriesBefore = paymentQueries().length;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(await screen.findByText('Refund recorded')).toBeInTheDocument();
    expect(screen.getByText('$25.50 refunded to Sandy Dunes.')).toBeInTheDocument();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toEqual({
      amount: 25.5,
      reason: 'Tent spot was never used',
      idempotencyKey: expect.stringMatching(
        /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
      ) as unknown,
    });
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Refund payment' })).not.toBeInTheDocument(),
    );
    await waitFor(() => expect(paymentQueries().length).toBeGreaterThan(queriesBefore));
    const sandyRow = (await within(table()).findByText('Refunded $75.50')).closest('tr') as HTMLElement;
    expect(within(sandyRow).getByText('Sandy Dunes')).toBeInTheDocument();
    await waitFor(() => expect(total('Refunded')).toBe('$175.50'));
  });

  it('shows the server’s refusal in the refund form and retries with the same key', async () => {
    const keys: unknown[] = [];
    openPayments({
      [`POST /admin/payments/${dusty.id}/refunds`]: ({ body }) => {
        keys.push((body as { idempotencyKey: unknown }).idempotencyKey);
        return stripeDown();
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Refund payment of Dusty Rhodes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund payment' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Reason/ }), {
      target: { value: 'Camp was cancelled for everyone' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    const alert = await within(dialog).findByRole('alert');
    expect(within(alert).getByText('Failed to refund payment')).toBeInTheDocument();
    expect(within(alert).getByText(STRIPE_UNREACHABLE)).toBeInTheDocument();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(keys).toHaveLength(2));
    expect(keys[1]).toBe(keys[0]);
    expect(screen.getByRole('dialog', { name: 'Refund payment' })).toBeInTheDocument();
  });

  it('records a manual payment against a registration that owes dues', async () => {
    const sent: unknown[] = [];
    const owing = [owedRegistration(1, 'River', 'Stone', 275), owedRegistration(2, 'Sky', 'Walker', 125.5)];
    openPayments({
      'GET /admin/payments/dues': () =>
        answer(OwedRegistrationListSchema, 'GET', '/admin/payments/dues', { registrations: owing }),
      'POST /admin/payments': ({ body }) => {
        sent.push(body);
        const [sky] = owing.slice(1);
        const recorded = payment(6, {
          user: sky!.user,
          registrationId: sky!.registrationId,
          amount: 100,
          provider: 'MANUAL',
          providerRefId: null,
          method: 'BANK_TRANSFER',
          reference: 'TRF-778',
        });
        return answer(PaymentSchema, 'POST', '/admin/payments', recorded, 201);
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Record manual payment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record manual payment' });
    const registration = await within(dialog).findByRole('combobox', { name: /Registration/ });

    fireEvent.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    expect(
      await within(dialog).findByText('Please choose the registration this payment is for'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('Please choose how the payment was made')).toBeInTheDocument();
    expect(
      within(dialog).getByText('Please enter a reference (receipt or check number, transfer id)'),
    ).toBeInTheDocument();

    fireEvent.click(registration);
    expect(await optionsOf(registration)).toEqual([
      'River Stone (river@example.org) — 2026 — owes $275.00',
      'Sky Walker (sky@example.org) — 2026 — owes $125.50',
    ]);
    await chooseByKeyboard(registration, 'sky');
    const amount = within(dialog).getByRole('textbox', { name: /Amount/ }) as HTMLInputElement;
    await waitFor(() => expect(amount.value).toBe('$125.50'));
    expect(within(dialog).getByText('Dues $275.00, paid $149.50, owes $125.50')).toBeInTheDocument();

    fireEvent.change(amount, { target: { value: '130' } });
    const method = within(dialog).getByRole('combobox', { name: /Method/ });
    expect(
      within(method)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Select how it was paid', 'Cash', 'Check', 'Bank transfer']);
    fireEvent.change(method, { target: { value: 'BANK_TRANSFER' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Reference/ }), {
      target: { value: ' TRF-778 ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    expect(
      await within(dialog).findByText('The amount is more than the $125.50 owed for this registration'),
    ).toBeInTheDocument();
    expect(sent).toHaveLength(0);

    fireEvent.change(amount, { target: { value: '100' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    expect(await screen.findByText('Payment recorded')).toBeInTheDocument();
    expect(screen.getByText('$100.00 from Sky Walker was recorded.')).toBeInTheDocument();
    expect(sent).toEqual([
      {
        registrationId: owing[1]!.registrationId,
        amount: 100,
        method: 'BANK_TRANSFER',
        reference: 'TRF-778',
      },
    ]);
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Record manual payment' })).not.toBeInTheDocument(),
    );
  });

  it('shows the server’s refusal of a manual payment in its form', async () => {
    const owing = [owedRegistration(1, 'River', 'Stone', 275)];
    openPayments({
      'GET /admin/payments/dues': () =>
        answer(OwedRegistrationListSchema, 'GET', '/admin/payments/dues', { registrations: owing }),
      'POST /admin/payments': () => errorResponse(400, 'Nothing is owed for this registration'),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Record manual payment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record manual payment' });
    const registration = await within(dialog).findByRole('combobox', { name: /Registration/ });
    await chooseByKeyboard(registration, 'river');
    await waitFor(() => expect((registration as HTMLInputElement).value).toMatch(/^River Stone/));
    fireEvent.change(within(dialog).getByRole('combobox', { name: /Method/ }), { target: { value: 'CASH' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Reference/ }), {
      target: { value: 'Receipt 12' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    const alert = await within(dialog).findByRole('alert');
    expect(within(alert).getByText('Failed to record payment')).toBeInTheDocument();
    expect(within(alert).getByText('Nothing is owed for this registration')).toBeInTheDocument();
  });

  it('says when nobody owes dues', async () => {
    openPayments({
      'GET /admin/payments/dues': () =>
        answer(OwedRegistrationListSchema, 'GET', '/admin/payments/dues', { registrations: [] }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Record manual payment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record manual payment' });
    expect(await within(dialog).findByText('Nobody owes dues right now.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Record payment' })).not.toBeInTheDocument();
    const [, close] = within(dialog).getAllByRole('button', { name: 'Close' });
    fireEvent.click(close!);
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Record manual payment' })).not.toBeInTheDocument(),
    );
  });

  it('says when there are no payments', async () => {
    openPayments({}, []);
    expect(await screen.findByText('No payments found')).toBeInTheDocument();
    expect(total('Payments')).toBe('0');
    expect(total('Net')).toBe('$0.00');
  });

  it('says when the payments cannot be fetched, and tries again', async () => {
    let fail = true;
    openPayments({
      'GET /payments': () =>
        fail ? errorResponse(500) : answer(PaymentListSchema, 'GET', '/payments', { payments: ALL }),
    });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Failed to fetch payments data')).toBeInTheDocument();
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Payments' })).toBeInTheDocument();
    expect(screen.queryByText('Failed to fetch payments data')).not.toBeInTheDocument();
  });
});

describe('Admin payments: a refund that failed, and its Retry', { timeout: 20_000 }, () => {
  const refused: Refund = {
    ...refundOf(dusty, 150, 'The camp had to cancel'),
    status: 'FAILED',
    providerRefId: null,
    failureReason: 'Stripe refused the refund. Check the payment in the Stripe dashboard.',
    attempts: 1,
  };
  const failing: Payment = { ...dusty, refunds: [refused] };
  const path = `/admin/payments/${failing.id}/refunds/${refused.id}/retry`;

  it('shows the failed refund with its reason, offers Retry (not a second Refund), and says when Retry fails', async () => {
    let calls = 0;
    openPayments(
      {
        [`POST ${path}`]: () => {
          calls += 1;
          return errorResponse(502, 'Stripe refused the refund. Check the payment in the Stripe dashboard.');
        },
      },
      [failing],
    );
    const table = await screen.findByRole('table', { name: 'Payments' });
    const row = (await within(table).findByText('Dusty Rhodes')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Refund failed: $150.00')).toBeInTheDocument();
    expect(
      within(row).getByText('Stripe refused the refund. Check the payment in the Stripe dashboard.'),
    ).toBeInTheDocument();
    expect(within(row).getByText(/^1 attempt, last /)).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: /^Refund payment/ })).not.toBeInTheDocument();
    fireEvent.click(within(row).getByRole('button', { name: 'Retry refund of $150.00 to Dusty Rhodes' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('The refund was not made')).toBeInTheDocument();
    expect(
      within(alert).getByText('Stripe refused the refund. Check the payment in the Stripe dashboard.'),
    ).toBeInTheDocument();
    expect(calls).toBe(1);
  });

  it('Retry that works: a toast says the refund was made and the list reloads', async () => {
    const made: Refund = { ...refused, status: 'SUCCEEDED', failureReason: null, attempts: 2 };
    const refunded: Payment = { ...failing, status: 'REFUNDED', refundedAmount: 150, refunds: [made] };
    let done = false;
    openPayments({
      'GET /payments': () =>
        answer(PaymentListSchema, 'GET', '/payments', { payments: [done ? refunded : failing] }),
      [`POST ${path}`]: () => {
        done = true;
        return answer(RefundPaymentResponseSchema, 'POST', path, { payment: refunded, refund: made });
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Retry refund of $150.00 to Dusty Rhodes' }));
    expect(await screen.findByText('Refund made')).toBeInTheDocument();
    expect(screen.getByText('$150.00 refunded to Dusty Rhodes.')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: /^Retry refund/ })).not.toBeInTheDocument(),
    );
    expect(screen.queryByText(/Refund failed/)).not.toBeInTheDocument();
  });
});

describe('Admin payments: overdue places (docs/product.md §10)', { timeout: 20_000 }, () => {
  const late = (n: number, firstName: string, overdueDays: number): OverdueRegistration => ({
    registrationId: `00000000-0000-4d00-8000-00000000000${n}`,
    year: 2026,
    user: person(n + 5, firstName, 'Late'),
    campingOptions: ['Car camping', 'RV spot'],
    owed: 150,
    payBy: '2026-06-02T00:30:00.000Z',
    overdueDays,
  });
  const lou = late(1, 'Lou', 3);
  const pat = late(2, 'Pat', 0);
  const overdueTable = () => screen.findByRole('table', { name: 'Overdue' });
  /** Presses a row's Release place (once the list has settled: its rows are drawn again as it loads). */
  const openRelease = async (name: string) => {
    await screen.findByRole('button', { name });
    return waitFor(() => {
      if (!screen.queryByRole('dialog')) fireEvent.click(screen.getByRole('button', { name }));
      return screen.getByRole('dialog', { name: 'Release this place?' });
    });
  };

  it('lists each overdue registration with what it owes, its deadline and how long ago', async () => {
    openPayments({
      'GET /admin/payments/overdue': () =>
        answer(OverdueRegistrationListSchema, 'GET', '/admin/payments/overdue', {
          registrations: [lou, pat],
        }),
    });
    expect(await screen.findByRole('heading', { name: 'Overdue', level: 3 })).toBeInTheDocument();
    const table = await overdueTable();
    const louRow = (await within(table).findByText('Lou Late')).closest('tr') as HTMLElement;
    expect(within(louRow).getByText('lou@example.org')).toBeInTheDocument();
    expect(within(louRow).getByText('Car camping, RV spot')).toBeInTheDocument();
    expect(within(louRow).getByText('$150.00')).toBeInTheDocument();
    expect(within(louRow).getByText('Jun 2, 2026, 12:30 AM UTC')).toBeInTheDocument();
    expect(within(louRow).getByText('3 days')).toBeInTheDocument();
    const patRow = within(table).getByText('Pat Late').closest('tr') as HTMLElement;
    expect(within(patRow).getByText('less than a day')).toBeInTheDocument();
    expect(within(patRow).getByRole('button', { name: 'Release place of Pat Late' })).toBeInTheDocument();
  });

  it('says when nobody is overdue', async () => {
    openPayments();
    expect(await screen.findByText('No registration is past its payment deadline.')).toBeInTheDocument();
    // No empty table with its sort and page controls.
    expect(screen.queryByRole('table', { name: 'Overdue' })).not.toBeInTheDocument();
  });

  it('releases a place after the confirmation, and the list reloads without it', async () => {
    const path = `/admin/registrations/${lou.registrationId}/release`;
    let released = 0;
    openPayments({
      'GET /admin/payments/overdue': () =>
        answer(OverdueRegistrationListSchema, 'GET', '/admin/payments/overdue', {
          registrations: released > 0 ? [] : [lou],
        }),
      [`POST ${path}`]: () => {
        released += 1;
        return answer(ReleasePlaceResponseSchema, 'POST', path, {
          registration: { id: lou.registrationId, status: 'CANCELLED' },
        });
      },
    });
    const dialog = await openRelease('Release place of Lou Late');
    expect(
      within(dialog).getByText(
        'Lou Late\'s registration is cancelled ("Payment deadline passed"), its places go to the next person in line, and Lou Late is told by e-mail.',
      ),
    ).toBeInTheDocument();
    // Cancel changes nothing.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(released).toBe(0);

    const again = await openRelease('Release place of Lou Late');
    fireEvent.click(within(again).getByRole('button', { name: 'Release place' }));
    expect(await screen.findByText('Place released')).toBeInTheDocument();
    expect(released).toBe(1);
    expect(await screen.findByText('No registration is past its payment deadline.')).toBeInTheDocument();
  });

  it('says why a release was refused', async () => {
    const path = `/admin/registrations/${lou.registrationId}/release`;
    openPayments({
      'GET /admin/payments/overdue': () =>
        answer(OverdueRegistrationListSchema, 'GET', '/admin/payments/overdue', { registrations: [lou] }),
      [`POST ${path}`]: () => errorResponse(409, PAYMENT_DEADLINE_MESSAGES.notOverdue),
    });
    const dialog = await openRelease('Release place of Lou Late');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Release place' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('The place could not be released')).toBeInTheDocument();
    expect(within(alert).getByText(PAYMENT_DEADLINE_MESSAGES.notOverdue)).toBeInTheDocument();
  });

  it('says when the overdue list cannot be loaded', async () => {
    openPayments({ 'GET /admin/payments/overdue': () => errorResponse(500, 'Internal Server Error') });
    expect(await screen.findByText('The overdue registrations could not be loaded')).toBeInTheDocument();
  });
});
