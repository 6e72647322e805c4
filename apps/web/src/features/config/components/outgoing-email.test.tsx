import type { EmailOutboxList, EmailOutboxMail } from '@camp/shared/outbox';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, onTestFinished } from 'vitest';
import {
  errorResponse,
  jsonResponse,
  mockApiRoutes,
  renderSignedIn,
  renderWithProviders,
  testUser,
  type ApiRouteHandler,
} from '../../../test/test-utils';
import { failedMailText } from '../routes/failed-mail-warning';
import { OutgoingEmail } from './outgoing-email';

const mail = (overrides: Partial<EmailOutboxMail>): EmailOutboxMail => ({
  id: 'm1',
  toAddress: 'sandy@example.org',
  subject: 'Your registration is confirmed',
  status: 'SENT',
  attempts: 1,
  lastError: null,
  nextAttemptAt: '2026-05-01T10:00:00.000Z',
  sentAt: '2026-05-01T10:00:05.000Z',
  createdAt: '2026-05-01T10:00:00.000Z',
  ...overrides,
});

const page = (mails: EmailOutboxMail[], overrides: Partial<EmailOutboxList> = {}): EmailOutboxList => ({
  mails,
  total: mails.length,
  page: 1,
  limit: 10,
  counts: {
    pending: mails.filter((m) => m.status === 'PENDING').length,
    sent: mails.filter((m) => m.status === 'SENT').length,
    failed: mails.filter((m) => m.status === 'FAILED').length,
  },
  ...overrides,
});

const failed = mail({
  id: 'f1',
  toAddress: 'dusty@example.org',
  subject: 'Your registration was cancelled',
  status: 'FAILED',
  attempts: 8,
  lastError: 'connect ECONNREFUSED 10.0.0.1:587',
  sentAt: null,
});
const pending = mail({
  id: 'p1',
  toAddress: 'rusty@example.org',
  subject: 'Payment received',
  status: 'PENDING',
  attempts: 2,
  lastError: '421 Try again later',
  sentAt: null,
});
const sent = mail({});

describe('the Outgoing e-mail section', () => {
  it('shows the counts and each mail with its status, recipient, subject, attempts and last error', async () => {
    const { calls } = mockApiRoutes({
      'GET /admin/email-outbox': () => jsonResponse(page([failed, pending, sent])),
    });
    renderWithProviders(<OutgoingEmail />);
    expect(screen.getByRole('heading', { name: 'Outgoing e-mail' })).toBeInTheDocument();
    await screen.findByText('dusty@example.org');
    const table = screen.getByRole('table', { name: 'Outgoing e-mail messages' });
    const counts = screen.getByText('Pending', { selector: 'dt' }).closest('dl')!;
    expect(counts.textContent).toBe('Pending1Sent1Failed1');

    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    const [failedRow, pendingRow, sentRow] = rows as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(failedRow).getByText('Failed')).toBeInTheDocument();
    expect(within(failedRow).getByText('dusty@example.org')).toBeInTheDocument();
    expect(within(failedRow).getByText('Your registration was cancelled')).toBeInTheDocument();
    expect(within(failedRow).getByText('8')).toBeInTheDocument();
    expect(within(failedRow).getByText('connect ECONNREFUSED 10.0.0.1:587')).toBeInTheDocument();
    expect(
      within(failedRow).getByRole('button', { name: 'Retry the e-mail to dusty@example.org' }),
    ).toBeInTheDocument();
    expect(within(pendingRow).getByText('Pending')).toBeInTheDocument();
    expect(within(pendingRow).getByText(/^Next attempt/)).toBeInTheDocument();
    expect(within(pendingRow).queryByRole('button', { name: /Retry/ })).not.toBeInTheDocument();
    expect(within(sentRow).getByText('Sent')).toBeInTheDocument();
    expect(within(sentRow).getByText(/^Sent .+/)).toBeInTheDocument();
    expect(within(sentRow).queryByRole('button', { name: /Retry/ })).not.toBeInTheDocument();
    expect(calls).toEqual(['GET /admin/email-outbox']);
  });

  it('shows each mail as a card on a phone, the Retry at hand', async () => {
    const viewport = (window as unknown as { happyDOM: { setViewport(size: { width: number }): void } })
      .happyDOM;
    const { innerWidth } = window;
    onTestFinished(() => viewport.setViewport({ width: innerWidth }));
    viewport.setViewport({ width: 375 });
    mockApiRoutes({ 'GET /admin/email-outbox': () => jsonResponse(page([failed, sent])) });
    renderWithProviders(<OutgoingEmail />);
    const list = await screen.findByRole('list', { name: 'Outgoing e-mail messages' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const [failedCard, sentCard] = within(list).getAllByRole('listitem') as [HTMLElement, HTMLElement];
    expect(within(failedCard).getByText('dusty@example.org')).toBeInTheDocument();
    // Every other column as its header and value (the shared DataTable's phone cards).
    const fields = [...failedCard.querySelectorAll('dt')].map((term) => [
      term.textContent,
      term.nextElementSibling?.textContent,
    ]);
    expect(fields).toEqual([
      ['Status', 'Failed'],
      ['Subject', 'Your registration was cancelled'],
      ['Attempts', '8'],
      ['Last error', 'connect ECONNREFUSED 10.0.0.1:587'],
      ['Dates', expect.stringMatching(/^Created /)],
    ]);
    expect(
      within(failedCard).getByRole('button', { name: 'Retry the e-mail to dusty@example.org' }),
    ).toBeInTheDocument();
    expect(within(sentCard).queryByRole('button')).not.toBeInTheDocument();
  });

  it('filters by status and pages through the server’s pages', async () => {
    const urls: string[] = [];
    mockApiRoutes({
      'GET /admin/email-outbox': ({ url }) => {
        urls.push(new URL(url, 'http://localhost').search);
        const query = new URL(url, 'http://localhost').searchParams;
        if (query.get('status') === 'FAILED')
          return jsonResponse(page([failed], { counts: { pending: 1, sent: 30, failed: 1 } }));
        const currentPage = Number(query.get('page') ?? 1);
        return jsonResponse(
          page([mail({ id: `s${currentPage}`, toAddress: `page${currentPage}@example.org` })], {
            total: 12,
            page: currentPage,
            limit: 10,
            counts: { pending: 1, sent: 30, failed: 1 },
          }),
        );
      },
    });
    renderWithProviders(<OutgoingEmail />);
    expect(await screen.findByText('page1@example.org')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('page2@example.org')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Failed' }));
    expect(await screen.findByText('dusty@example.org')).toBeInTheDocument();
    expect(urls).toEqual(['?page=1&limit=10', '?page=2&limit=10', '?status=FAILED&page=1&limit=10']);
  });

  it('retries a failed mail, says so, and fetches the list again', async () => {
    let state: EmailOutboxMail[] = [failed, sent];
    const retried: string[] = [];
    const { calls } = mockApiRoutes({
      'GET /admin/email-outbox': () => jsonResponse(page(state)),
      'POST /admin/email-outbox/f1/retry': () => {
        retried.push('f1');
        const back = { ...failed, status: 'PENDING' as const, attempts: 0 };
        state = [back, sent];
        return jsonResponse(back);
      },
    });
    renderWithProviders(<OutgoingEmail />);
    fireEvent.click(await screen.findByRole('button', { name: 'Retry the e-mail to dusty@example.org' }));
    expect(
      await screen.findByText(
        'The e-mail to dusty@example.org is queued and will be sent again in a moment.',
      ),
    ).toBeInTheDocument();
    expect(retried).toEqual(['f1']);
    const table = screen.getByRole('table', { name: 'Outgoing e-mail messages' });
    expect(await within(table).findByText('Pending')).toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: /Retry/ })).not.toBeInTheDocument();
    expect(calls.filter((call) => call === 'GET /admin/email-outbox')).toHaveLength(2);
  });

  it('says why a retry failed', async () => {
    mockApiRoutes({
      'GET /admin/email-outbox': () => jsonResponse(page([failed])),
      'POST /admin/email-outbox/f1/retry': () =>
        errorResponse(409, 'Only an e-mail that could not be sent (status FAILED) can be retried'),
    });
    renderWithProviders(<OutgoingEmail />);
    fireEvent.click(await screen.findByRole('button', { name: 'Retry the e-mail to dusty@example.org' }));
    expect(
      await screen.findByText(
        'Could not send the e-mail again: Only an e-mail that could not be sent (status FAILED) can be retried',
      ),
    ).toBeInTheDocument();
  });

  it('says when there is no mail yet', async () => {
    mockApiRoutes({ 'GET /admin/email-outbox': () => jsonResponse(page([])) });
    renderWithProviders(<OutgoingEmail />);
    expect(await screen.findByText('No outgoing e-mail yet')).toBeInTheDocument();
    // The table's headers stay, with no rows and the text under them, and no pager.
    const table = screen.getByRole('table', { name: 'Outgoing e-mail messages' });
    expect(within(table).getAllByRole('row')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: /^Page / })).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Failed' }));
    expect(await screen.findByText('No failed e-mail')).toBeInTheDocument();
  });

  it('says when the list cannot be loaded, and tries again', async () => {
    let answer = () => errorResponse(503);
    mockApiRoutes({ 'GET /admin/email-outbox': () => answer() });
    renderWithProviders(<OutgoingEmail />);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Failed to load outgoing e-mail')).toBeInTheDocument();
    answer = () => jsonResponse(page([sent]));
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('sandy@example.org')).toBeInTheDocument();
    expect(screen.queryByText('Failed to load outgoing e-mail')).not.toBeInTheDocument();
  });
});

/** The admin panel, signed in as an admin, with the outbox's answer. */
const openAdminPanel = (outbox: ApiRouteHandler) =>
  renderSignedIn('/admin', testUser({ role: 'ADMIN' }), { 'GET /admin/email-outbox': outbox });

describe('the admin panel’s failed mail warning', () => {
  it('counts the failed mail and links to the Outgoing e-mail section', async () => {
    openAdminPanel(() =>
      jsonResponse(page([failed], { counts: { pending: 0, sent: 4, failed: 3 }, total: 3 })),
    );
    const warning = await screen.findByRole('alert');
    expect(within(warning).getByText('3 e-mails could not be sent')).toBeInTheDocument();
    expect(
      within(warning)
        .getByRole('link', { name: /See the errors/ })
        .getAttribute('href'),
    ).toBe('#/admin/configuration#outgoing-email');
    expect(failedMailText(1)).toBe('1 e-mail could not be sent');
  });

  it('shows nothing while no mail failed', async () => {
    openAdminPanel(() => jsonResponse(page([sent])));
    expect(await screen.findByRole('heading', { name: 'Admin Panel', level: 2 })).toBeInTheDocument();
    await screen.findByRole('list', { name: 'Admin areas' });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
