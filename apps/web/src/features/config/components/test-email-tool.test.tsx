import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  errorResponse,
  jsonResponse,
  mockApiRoutes,
  offContract,
  renderWithProviders,
} from '../../../test/test-utils';
import { blankConfigValues } from '../config-form';
import { SmtpConnectionTest } from './smtp-connection-test';
import { checkTestEmailRecipients, TestEmailTool } from './test-email-tool';

const record = (overrides: Record<string, unknown>) => ({
  id: 'r1',
  recipientEmail: 'a@example.org',
  subject: 'Camp Dusty Gulch - Test Email',
  status: 'SENT',
  sentAt: '2026-05-01T10:00:00.000Z',
  createdAt: '2026-05-01T10:00:00.000Z',
  errorMessage: null,
  ...overrides,
});

const recipients = () => screen.getByLabelText(/^Recipient email addresses/);
const send = () => fireEvent.click(screen.getByRole('button', { name: 'Send Test Email' }));

describe('checkTestEmailRecipients (docs/product.md §5 Test email)', () => {
  it('needs at least one address and names the invalid ones', () => {
    expect(checkTestEmailRecipients(' , ')).toEqual({ error: 'Please enter at least one email address' });
    expect(checkTestEmailRecipients('a@example.org, nope, also bad')).toEqual({
      error: 'Invalid email address(es): nope, also bad',
    });
    expect(checkTestEmailRecipients('A@example.org, b@example.org, a@example.org')).toEqual({
      error: null,
      emails: ['a@example.org', 'b@example.org'],
    });
  });
});

describe('the test e-mail tool', () => {
  it('checks the addresses before sending', async () => {
    const { calls } = mockApiRoutes({
      'GET /notifications/email/test/history': () => jsonResponse({ testEmails: [] }),
    });
    renderWithProviders(<TestEmailTool />);
    expect(await screen.findByText('No test emails sent yet.')).toBeInTheDocument();
    send();
    expect(await screen.findByText('Please enter at least one email address')).toBeInTheDocument();
    fireEvent.change(recipients(), { target: { value: 'ok@example.org, broken' } });
    send();
    expect(await screen.findByText('Invalid email address(es): broken')).toBeInTheDocument();
    expect(calls).not.toContain('POST /notifications/email/test');
  });

  it('sends to every address, says how many got it, and shows the history', async () => {
    const sent: unknown[] = [];
    let history = [
      record({
        id: 'old',
        recipientEmail: 'old@example.org',
        status: 'FAILED',
        sentAt: null,
        errorMessage: 'Mailbox unavailable',
      }),
    ];
    mockApiRoutes({
      'GET /notifications/email/test/history': () => jsonResponse({ testEmails: history }),
      'POST /notifications/email/test': ({ body }) => {
        sent.push(body);
        history = [
          record({ id: 'n2', recipientEmail: 'b@example.org' }),
          record({ id: 'n1', recipientEmail: 'a@example.org', status: 'PENDING', sentAt: null }),
          ...history,
        ];
        return jsonResponse({
          success: true,
          auditRecordId: 'n1',
          timestamp: '2026-05-01T10:00:00.000Z',
          emailPreview: { subject: 'Camp Dusty Gulch - Test Email' },
          message: 'Test email sent successfully to 2 recipient(s)!',
          deliveries: [
            { id: 'n1', recipientEmail: 'a@example.org', status: 'SENT', errorMessage: null },
            { id: 'n2', recipientEmail: 'b@example.org', status: 'SENT', errorMessage: null },
          ],
        });
      },
    });
    renderWithProviders(<TestEmailTool />);
    const table = await screen.findByRole('table', { name: 'Recent test emails' });
    expect(within(table).getByText('Failed')).toBeInTheDocument();
    expect(within(table).getByText('Mailbox unavailable')).toBeInTheDocument();

    fireEvent.change(recipients(), { target: { value: 'a@example.org, b@example.org' } });
    send();
    expect(
      (await screen.findAllByText('Test email sent successfully to 2 recipient(s)!')).length,
    ).toBeGreaterThan(0);
    expect(sent).toEqual([
      { email: 'a@example.org, b@example.org', format: 'html', includeSmtpDetails: true },
    ]);
    expect(await within(table).findByText('b@example.org')).toBeInTheDocument();
    expect(within(table).getByText('Sent')).toBeInTheDocument();
    expect(within(table).getByText('Pending')).toBeInTheDocument();
  });

  it('shows the server’s reason when delivery failed, and its own text when the request did', async () => {
    let answer: Response = jsonResponse({
      success: false,
      auditRecordId: 'x',
      timestamp: '2026-05-01T10:00:00.000Z',
      emailPreview: { subject: 'S' },
      message: 'Failed to send test email to a@example.org (Mailbox unavailable)',
      deliveries: [
        { id: 'x', recipientEmail: 'a@example.org', status: 'FAILED', errorMessage: 'Mailbox unavailable' },
      ],
    });
    mockApiRoutes({
      'GET /notifications/email/test/history': () => jsonResponse({ testEmails: [] }),
      'POST /notifications/email/test': () => answer,
    });
    renderWithProviders(<TestEmailTool />);
    fireEvent.change(recipients(), { target: { value: 'a@example.org' } });
    send();
    expect(
      (await screen.findAllByText('Failed to send test email to a@example.org (Mailbox unavailable)')).length,
    ).toBeGreaterThan(0);

    // A failure without the API's message (a proxy's answer, say) shows the text of docs/product.md §8 Test email.
    answer = offContract(jsonResponse({ statusCode: 503, error: 'Service Unavailable' }, { status: 503 }));
    send();
    expect((await screen.findAllByText('Failed to send test email')).length).toBeGreaterThan(0);
  });

  it('says when the history cannot be loaded', async () => {
    mockApiRoutes({ 'GET /notifications/email/test/history': () => errorResponse(503) });
    renderWithProviders(<TestEmailTool />);
    expect(await screen.findByText('Failed to load test email history')).toBeInTheDocument();
  });
});

describe('the SMTP connection test', () => {
  const values = {
    ...blankConfigValues(),
    smtpHost: 'smtp.example.org',
    smtpPort: 2525,
    smtpUsername: 'mailer',
  };

  it('sends the form’s settings and shows the details of a success', async () => {
    const sent: unknown[] = [];
    mockApiRoutes({
      'POST /notifications/email/test-connection': ({ body }) => {
        sent.push(body);
        return jsonResponse({
          success: true,
          message: 'Connection Successful: smtp.example.org:2525 accepted the connection and the login.',
          details: {
            host: 'smtp.example.org',
            port: 2525,
            secure: false,
            authenticated: true,
            connectionTime: 42,
          },
        });
      },
    });
    renderWithProviders(<SmtpConnectionTest values={values} />);
    fireEvent.click(screen.getByRole('button', { name: 'Test SMTP Connection' }));
    expect(await screen.findByText('Connection Successful')).toBeInTheDocument();
    expect(screen.getByText('Host: smtp.example.org')).toBeInTheDocument();
    expect(screen.getByText('Authenticated: Yes')).toBeInTheDocument();
    expect(screen.getByText('Connection time: 42 ms')).toBeInTheDocument();
    expect(sent[0]).toMatchObject({
      smtpHost: 'smtp.example.org',
      smtpPort: 2525,
      smtpUsername: 'mailer',
      smtpPassword: null,
    });
  });

  it('shows a refused connection with its error details, and a failed request', async () => {
    let answer: Response = jsonResponse({
      success: false,
      message: 'Connection Failed: Connection refused (connect ECONNREFUSED 127.0.0.1:1)',
      details: { host: '127.0.0.1', port: 1, secure: false, authenticated: false, connectionTime: 3 },
      errorDetails: { code: 'ECONNREFUSED', response: null, address: '127.0.0.1', port: 1 },
    });
    mockApiRoutes({ 'POST /notifications/email/test-connection': () => answer });
    renderWithProviders(<SmtpConnectionTest values={values} />);
    fireEvent.click(screen.getByRole('button', { name: 'Test SMTP Connection' }));
    expect(await screen.findByText('Connection Failed')).toBeInTheDocument();
    expect(
      screen.getByText('Error details: code ECONNREFUSED, address 127.0.0.1, port 1'),
    ).toBeInTheDocument();

    answer = errorResponse(503);
    fireEvent.click(screen.getByRole('button', { name: 'Test SMTP Connection' }));
    expect(await screen.findByText('Failed to test SMTP connection')).toBeInTheDocument();
  });

  it('asks for a host before trying', async () => {
    const { calls } = mockApiRoutes({});
    renderWithProviders(<SmtpConnectionTest values={blankConfigValues()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Test SMTP Connection' }));
    expect(await screen.findByText('SMTP Host is required to test the connection')).toBeInTheDocument();
    expect(calls).not.toContain('POST /notifications/email/test-connection');
  });
});
