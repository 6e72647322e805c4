import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app';
import type { SignedIn } from '../../../test/session';
import type { SmtpCapture } from '../../../test/smtp';
import { signInRoles, useMailApp } from '../../../test/mail-app';
import { campConfig, testEmailHistory } from '../../db/schema/index';
import { NotificationsService } from './notifications.service';

const STORED_PASSWORD = 'stored-smtp-Secret!';

/** A port nothing listens on: bound, then released. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** An SMTP server that requires a login and records every password it is offered. */
class AuthSmtp {
  readonly offered: Array<{ username: string; password: string }> = [];
  port = 0;
  private readonly server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth: (auth, _session, callback) => {
      this.offered.push({ username: auth.username ?? '', password: auth.password ?? '' });
      if (auth.username === 'mailer' && auth.password === STORED_PASSWORD) callback(null, { user: 'mailer' });
      else callback(new Error('Invalid username or password'));
    },
  });

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.server.address() as AddressInfo).port;
    return this;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

describe('e-mail tools: /api/notifications/email', () => {
  let t: TestApp;
  let smtp: SmtpCapture;
  let admin: SignedIn;
  let participant: SignedIn;
  let staff: SignedIn;

  useMailApp(async (started) => {
    ({ t, smtp } = started);
    await t.app.services.config.save({ campName: 'Camp Lantern', registrationYear: 2031 });
    ({ admin, participant, staff } = await signInRoles(started));
  });
  beforeEach(() => {
    smtp.refuse = false;
    smtp.clear();
  });

  const post = (url: string, payload: unknown, session: SignedIn | null = admin) =>
    t.app.inject({ method: 'POST', url, headers: session?.headers ?? {}, payload: payload as object });
  const sendTest = (payload: unknown, session: SignedIn | null = admin) =>
    post('/api/notifications/email/test', payload, session);
  const history = (query = '', session: SignedIn | null = admin) =>
    t.app.inject({
      method: 'GET',
      url: `/api/notifications/email/test/history${query}`,
      headers: session?.headers ?? {},
    });
  const testConnection = (payload: Record<string, unknown>, session: SignedIn | null = admin) =>
    post(
      '/api/notifications/email/test-connection',
      {
        emailEnabled: true,
        smtpPort: smtp.port,
        smtpUsername: '',
        smtpPassword: '',
        smtpUseSsl: false,
        senderEmail: 'camp@example.org',
        senderName: 'Camp',
        replyTo: '',
        ...payload,
      },
      session,
    );
  const messages = (response: LightMyRequestResponse) => response.json<{ message: string[] }>().message;

  it('refuses every e-mail tool without a session (401) and to participants and staff (403)', async () => {
    const calls = [
      (session: SignedIn | null) => sendTest({ email: 'x@example.org', format: 'html' }, session),
      (session: SignedIn | null) => history('', session),
      (session: SignedIn | null) => testConnection({ smtpHost: '127.0.0.1' }, session),
    ];
    for (const call of calls) {
      expect((await call(null)).statusCode).toBe(401);
      expect((await call(participant)).statusCode).toBe(403);
      expect((await call(staff)).statusCode).toBe(403);
    }
    expect(smtp.messages).toEqual([]);
    expect(await t.database.db.select().from(testEmailHistory)).toEqual([]);
  });

  it('sends a test e-mail to each address, records each as SENT and answers the summary', async () => {
    const response = await sendTest({
      email: 'ada@example.org, Bob@Example.net',
      format: 'html',
      includeSmtpDetails: true,
    });
    expect(response.statusCode).toBe(200);
    const body = response.json<{
      auditRecordId: string;
      deliveries: Array<{ id: string }>;
      timestamp: string;
    }>();
    expect(body).toEqual({
      success: true,
      auditRecordId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      timestamp: expect.any(String),
      emailPreview: { subject: 'Camp Lantern - Test Email' },
      message: 'Test email sent successfully to 2 recipient(s)!',
      deliveries: [
        { id: body.auditRecordId, recipientEmail: 'ada@example.org', status: 'SENT', errorMessage: null },
        { id: expect.any(String), recipientEmail: 'bob@example.net', status: 'SENT', errorMessage: null },
      ],
    });
    expect(new Date(body.timestamp).toISOString()).toBe(body.timestamp);

    const mail = await smtp.waitFor('ada@example.org');
    await smtp.waitFor('bob@example.net');
    expect(mail.subject).toBe('Camp Lantern - Test Email');
    expect(mail.text).toContain('sent by admin@example.org');
    expect(mail.text).toContain('SMTP host: 127.0.0.1');
    expect(mail.text).toContain(`SMTP port: ${smtp.port}`);
    expect(mail.html).toContain('<h3>SMTP details</h3>');

    const rows = await t.database.db.select().from(testEmailHistory);
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row).toMatchObject({ status: 'SENT', errorMessage: null, sentByUserId: admin.userId });
      expect(row.sentAt).toBeInstanceOf(Date);
    }
  });

  it('leaves the SMTP details out when asked', async () => {
    const response = await sendTest({ email: 'quiet@example.org', includeSmtpDetails: false });
    expect(response.json<{ success: boolean }>().success).toBe(true);
    const mail = await smtp.waitFor('quiet@example.org');
    expect(mail.text).not.toContain('SMTP');
    expect(mail.html).not.toContain('SMTP details');
  });

  it('records a refused message as FAILED with the reason and answers success false', async () => {
    smtp.refuse = true;
    const response = await sendTest({
      email: 'refused@example.org',
      format: 'html',
      includeSmtpDetails: true,
    });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ success: boolean; message: string; auditRecordId: string }>();
    expect(body.success).toBe(false);
    expect(body.message).toMatch(/^Failed to send test email to refused@example\.org \(.*550.*\)$/);
    const [row] = await t.database.db
      .select()
      .from(testEmailHistory)
      .where(eq(testEmailHistory.id, body.auditRecordId));
    expect(row).toMatchObject({ recipientEmail: 'refused@example.org', status: 'FAILED', sentAt: null });
    expect(row!.errorMessage).toContain('550');
    expect(row!.errorMessage).toContain('Mailbox unavailable');
  });

  it('refuses missing and invalid recipients with the messages of docs/product.md §5', async () => {
    const cases: Array<[unknown, string[]]> = [
      [{ email: '' }, ['Please enter at least one email address']],
      [{ email: ' , ,' }, ['Please enter at least one email address']],
      [{}, ['Please enter at least one email address']],
      [{ email: 'ok@example.org, bad, worse@' }, ['Invalid email address(es): bad, worse@']],
      [{ email: 'ok@example.org', format: 'text' }, ["Format must be 'html'"]],
      [{ email: 'ok@example.org', cc: 'x@example.org' }, ['Unrecognized key: "cc"']],
      [{ email: ['ok@example.org'] }, ['Please enter at least one email address']],
      [
        { email: Array.from({ length: 11 }, (_, i) => `p${i}@example.org`).join(',') },
        ['Please enter at most 10 email addresses'],
      ],
    ];
    for (const [payload, expected] of cases) {
      const response = await sendTest(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(messages(response), JSON.stringify(payload)).toEqual(expected);
    }
    expect(smtp.messages).toEqual([]);
  });

  it('lists the test e-mail history newest first, 10 by default', async () => {
    await sendTest({ email: Array.from({ length: 10 }, (_, i) => `h${i}@example.org`).join(', ') });
    const response = await history();
    expect(response.statusCode).toBe(200);
    const { testEmails } = response.json<{ testEmails: Array<Record<string, unknown>> }>();
    expect(testEmails).toHaveLength(10);
    expect(testEmails[0]).toEqual({
      id: expect.any(String),
      recipientEmail: 'h9@example.org',
      subject: 'Camp Lantern - Test Email',
      status: 'SENT',
      sentAt: expect.any(String),
      createdAt: expect.any(String),
      errorMessage: null,
    });
    expect(testEmails.map((record) => record.recipientEmail)).toEqual(
      Array.from({ length: 10 }, (_, i) => `h${9 - i}@example.org`),
    );

    const all = await history('?limit=100');
    const records = all.json<{ testEmails: Array<{ recipientEmail: string; status: string }> }>().testEmails;
    expect(records).toHaveLength(14);
    expect(records.find((record) => record.recipientEmail === 'refused@example.org')?.status).toBe('FAILED');
    expect((await history('?limit=2')).json<{ testEmails: unknown[] }>().testEmails).toHaveLength(2);

    for (const query of ['?limit=0', '?limit=101', '?limit=abc', '?limit=2.5', '?since=yesterday']) {
      const refused = await history(query);
      expect(refused.statusCode, query).toBe(400);
    }
    expect(messages(await history('?limit=0'))).toEqual(['Limit must be a whole number between 1 and 100']);
  });

  it('sends through the camp SMTP settings once e-mail is enabled', async () => {
    await t.app.services.config.save({
      emailEnabled: true,
      smtpHost: '127.0.0.1',
      smtpPort: smtp.port,
      smtpUseSsl: false,
      senderEmail: 'hello@lantern.example',
      senderName: 'Lantern Mail',
      replyTo: 'help@lantern.example',
    });
    const response = await sendTest({ email: 'via-camp@example.org' });
    expect(response.json<{ success: boolean }>().success).toBe(true);
    const mail = await smtp.waitFor('via-camp@example.org');
    expect(mail.from).toBe('"Lantern Mail" <hello@lantern.example>');
    expect(mail.text).toContain('Reply-To: help@lantern.example');
    await t.app.services.config.save({ emailEnabled: false });
  });

  it('tests an SMTP connection that works', async () => {
    const response = await testConnection({ smtpHost: '127.0.0.1' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      message: `Connection Successful: 127.0.0.1:${smtp.port} accepted the connection.`,
      details: {
        host: '127.0.0.1',
        port: smtp.port,
        secure: false,
        authenticated: false,
        connectionTime: expect.any(Number),
      },
    });
  });

  it('reports a closed port quickly as success false with the error details', async () => {
    const port = await closedPort();
    const started = Date.now();
    const response = await testConnection({ smtpHost: '127.0.0.1', smtpPort: port });
    expect(Date.now() - started).toBeLessThan(5000);
    expect(response.statusCode).toBe(200);
    const body = response.json<{ message: string }>();
    expect(body).toEqual({
      success: false,
      message: expect.stringMatching(/^Connection Failed: /),
      details: {
        host: '127.0.0.1',
        port,
        secure: false,
        authenticated: false,
        connectionTime: expect.any(Number),
      },
      errorDetails: { code: 'ECONNREFUSED', response: null, address: '127.0.0.1', port },
    });
    expect(body.message).toContain('Nothing accepts connections on that host and port.');
  });

  it('gives up on a server that never answers within the time-out', async () => {
    const sockets: Socket[] = [];
    const silent: Server = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    const service = new NotificationsService({
      db: t.database.db,
      mail: t.app.services.mail,
      config: t.app.services.config,
      now: () => new Date(),
      smtpTestTimeoutMs: 300,
    });
    try {
      const started = Date.now();
      const result = await service.testSmtpConnection(
        {
          smtpHost: '127.0.0.1',
          smtpPort: port,
          smtpUseSsl: false,
          smtpUsername: null,
          smtpPassword: null,
          senderEmail: null,
          senderName: null,
          replyTo: null,
        },
        { allowInternalHosts: true },
      );
      expect(Date.now() - started).toBeLessThan(3000);
      expect(result.success).toBe(false);
      expect(result.errorDetails?.code).toBe('ETIMEDOUT');
      expect(result.message).toMatch(/^Connection Failed: The server did not answer in time/);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });

  it('refuses an incomplete connection test with clear messages', async () => {
    const response = await post('/api/notifications/email/test-connection', {
      smtpHost: ' ',
      smtpPort: 0,
      smtpUseSsl: 'no',
      extra: true,
    });
    expect(response.statusCode).toBe(400);
    expect(messages(response)).toEqual([
      'SMTP Host is required to test the connection',
      'SMTP Port must be a valid port number (1-65535)',
      'smtpUseSsl must be true or false',
      'Unrecognized key: "extra"',
    ]);
  });

  describe('with a server that requires a login', () => {
    let auth: AuthSmtp;
    beforeAll(async () => {
      auth = await new AuthSmtp().start();
      // The stored settings, saved the way the admin form saves them.
      const saved = await t.app.inject({
        method: 'PATCH',
        url: '/api/core-config/current',
        headers: admin.headers,
        payload: {
          smtpHost: '127.0.0.1',
          smtpPort: auth.port,
          smtpUsername: 'mailer',
          smtpPassword: STORED_PASSWORD,
        },
      });
      expect(saved.statusCode).toBe(200);
    });
    afterAll(async () => {
      await auth.stop();
      await t.database.db.update(campConfig).set({ smtpPasswordEncrypted: null });
    });
    beforeEach(() => {
      auth.offered.length = 0;
    });

    it('uses the stored password when the field is blank, for the stored host and user', async () => {
      const response = await testConnection({
        smtpHost: '127.0.0.1',
        smtpPort: auth.port,
        smtpUsername: 'mailer',
      });
      expect(response.json()).toMatchObject({
        success: true,
        message: `Connection Successful: 127.0.0.1:${auth.port} accepted the connection and the login.`,
        details: { authenticated: true },
      });
      expect(auth.offered).toEqual([{ username: 'mailer', password: STORED_PASSWORD }]);
      expect(response.body).not.toContain(STORED_PASSWORD);
      expect(response.body).not.toContain('v1.');
    });

    it('never offers the stored password to another user name or host', async () => {
      const otherUser = await testConnection({
        smtpHost: '127.0.0.1',
        smtpPort: auth.port,
        smtpUsername: 'thief',
      });
      expect(otherUser.json<{ success: boolean }>().success).toBe(false);
      const otherHost = await testConnection({
        smtpHost: 'localhost',
        smtpPort: auth.port,
        smtpUsername: 'mailer',
      });
      expect(otherHost.json<{ success: boolean }>().success).toBe(false);
      expect(auth.offered.map((offer) => offer.password)).not.toContain(STORED_PASSWORD);
    });

    it('reports a refused login without echoing the password typed', async () => {
      const response = await testConnection({
        smtpHost: '127.0.0.1',
        smtpPort: auth.port,
        smtpUsername: 'mailer',
        smtpPassword: 'wrong-password-typed',
      });
      expect(response.statusCode).toBe(200);
      const body = response.json<{ message: string; errorDetails: { code: string; response: string } }>();
      expect(body).toMatchObject({ success: false, details: { authenticated: false } });
      expect(body.errorDetails.code).toBe('EAUTH');
      expect(body.errorDetails.response).toContain('535');
      expect(body.message).toContain('The server refused the username or password.');
      expect(response.body).not.toContain('wrong-password-typed');
      expect(response.body).not.toContain(STORED_PASSWORD);
    });
  });
});
