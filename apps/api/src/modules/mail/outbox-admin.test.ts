import type { EmailOutboxList, EmailOutboxMail } from '@camp/shared';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { randomUUID } from 'node:crypto';
import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { type SignedIn, signIn } from '../../../test/session';
import { SmtpCapture } from '../../../test/smtp';
import { emailOutbox, users } from '../../db/schema/index';
import { enqueueMail } from './outbox';

// GET /admin/email-outbox and POST /admin/email-outbox/{id}/retry: failed mail is visible to admins with its
// error, and an admin can send it again.

/**
 * The mail server's front door, which the test closes and opens again on the same port: a TCP relay to the
 * capture. Closed, a send meets "connection refused", as when the camp's mail server is down.
 */
class SmtpDoor {
  private readonly sockets = new Set<net.Socket>();
  private readonly server = net.createServer((client) => {
    const upstream = net.connect(this.targetPort, '127.0.0.1');
    for (const socket of [client, upstream]) {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  });
  port = 0;

  constructor(private readonly targetPort: number) {}

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  async open(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(this.port, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }

  async close(): Promise<void> {
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    for (const socket of this.sockets) socket.destroy();
    await closed;
  }
}

type Mail = typeof emailOutbox.$inferInsert;

describe('Admin e-mail outbox API', () => {
  let smtp: SmtpCapture;
  let door: SmtpDoor;
  let t: TestApp;
  let admin: SignedIn;
  let staff: SignedIn;
  let participant: SignedIn;
  /** The fixture mails by name; the newest first in `newestFirst`. */
  const m: Record<string, string> = {};
  let newestFirst: string[] = [];

  const db = () => t.database.db;
  const call = (method: 'GET' | 'POST', url: string, who?: SignedIn): Promise<LightMyRequestResponse> =>
    t.app.inject({ method, url, headers: who?.headers ?? {} });

  async function insertMail(name: string, values: Partial<Mail> & { createdAt: Date }): Promise<void> {
    const [row] = await db()
      .insert(emailOutbox)
      .values({
        toAddress: `${name}@example.org`,
        subject: `Mail ${name}`,
        html: `<p>Secret body of ${name}</p>`,
        text: `Secret body of ${name}`,
        // Not due for a long time: the app's own worker leaves the fixtures alone.
        nextAttemptAt: new Date(Date.now() + 86_400_000),
        ...values,
      })
      .returning({ id: emailOutbox.id });
    m[name] = row!.id;
  }

  beforeAll(async () => {
    smtp = await new SmtpCapture().start();
    door = new SmtpDoor(smtp.port);
    await door.open();
    t = await createTestApp({ envOverrides: { SMTP_URL: door.url, ADMIN_EMAILS: 'admin@example.org' } });
    admin = await signIn(t.app, smtp, 'admin@example.org');
    staff = await signIn(t.app, smtp, 'staff@example.org');
    participant = await signIn(t.app, smtp, 'participant@example.org');
    await db().update(users).set({ role: 'STAFF' }).where(eq(users.id, staff.userId));
    await db().delete(emailOutbox);

    const at = (minute: number) => new Date(Date.UTC(2027, 0, 1, 10, minute));
    await insertMail('sent1', {
      status: 'SENT',
      attempts: 1,
      sentAt: at(1),
      createdAt: at(0),
    });
    await insertMail('failed1', {
      status: 'FAILED',
      attempts: 8,
      lastError: 'connect ECONNREFUSED 127.0.0.1:2525',
      createdAt: at(1),
    });
    await insertMail('pending1', {
      status: 'PENDING',
      attempts: 2,
      lastError: 'Mailbox unavailable',
      createdAt: at(2),
    });
    await insertMail('sent2', { status: 'SENT', attempts: 2, sentAt: at(4), createdAt: at(3) });
    await insertMail('failed2', {
      status: 'FAILED',
      attempts: 8,
      lastError: '550 Mailbox unavailable',
      createdAt: at(4),
    });
    // Twelve more sent ones, older than the rest, for the pages.
    for (let index = 0; index < 12; index += 1) {
      await insertMail(`old${index}`, {
        status: 'SENT',
        attempts: 1,
        sentAt: new Date(Date.UTC(2026, 11, 1, 0, index)),
        createdAt: new Date(Date.UTC(2026, 11, 1, 0, index)),
      });
    }
    newestFirst = [
      m.failed2!,
      m.sent2!,
      m.pending1!,
      m.failed1!,
      m.sent1!,
      ...Array.from({ length: 12 }, (_, index) => m[`old${11 - index}`]!),
    ];
  });
  afterAll(async () => {
    await t?.close();
    await door?.close().catch(() => undefined);
    await smtp?.stop();
  });

  async function list(query = ''): Promise<EmailOutboxList> {
    const response = await call('GET', `/api/admin/email-outbox${query}`, admin);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<EmailOutboxList>();
  }
  const ids = (page: EmailOutboxList) => page.mails.map((mail) => mail.id);

  describe('GET /admin/email-outbox', () => {
    it('answers page 1 of 25, newest first, with the counts, and never the message body', async () => {
      const page = await list();
      expect(page).toMatchObject({
        total: 17,
        page: 1,
        limit: 25,
        counts: { pending: 1, sent: 14, failed: 2 },
      });
      expect(ids(page)).toEqual(newestFirst);
      expect(page.mails[0]).toEqual({
        id: m.failed2,
        toAddress: 'failed2@example.org',
        subject: 'Mail failed2',
        status: 'FAILED',
        attempts: 8,
        lastError: '550 Mailbox unavailable',
        nextAttemptAt: expect.any(String),
        sentAt: null,
        createdAt: '2027-01-01T10:04:00.000Z',
      });
      expect(page.mails[1]).toMatchObject({
        status: 'SENT',
        sentAt: '2027-01-01T10:04:00.000Z',
        lastError: null,
      });
      for (const mail of page.mails) {
        expect(Object.keys(mail).sort()).toEqual(
          [
            'attempts',
            'createdAt',
            'id',
            'lastError',
            'nextAttemptAt',
            'sentAt',
            'status',
            'subject',
            'toAddress',
          ].sort(),
        );
      }
      const raw = (await call('GET', '/api/admin/email-outbox?limit=100', admin)).body;
      expect(raw).not.toContain('Secret body');
    });

    it('filters by status; the counts still cover the whole outbox', async () => {
      const failed = await list('?status=FAILED');
      expect(ids(failed)).toEqual([m.failed2, m.failed1]);
      expect(failed.total).toBe(2);
      expect(failed.counts).toEqual({ pending: 1, sent: 14, failed: 2 });
      expect(ids(await list('?status=PENDING'))).toEqual([m.pending1]);
      const sent = await list('?status=SENT&limit=10');
      expect(sent.total).toBe(14);
      expect(sent.mails.every((mail) => mail.status === 'SENT')).toBe(true);
    });

    it('pages: limit and page', async () => {
      const second = await list('?limit=10&page=2');
      expect(second).toMatchObject({ total: 17, page: 2, limit: 10 });
      expect(ids(second)).toEqual(newestFirst.slice(10, 20));
      expect(ids(await list('?limit=10&page=3'))).toEqual([]);
    });

    it('answers 400 with a clear message for a bad query', async () => {
      const cases: Array<[string, string]> = [
        ['?status=BOUNCED', 'Status must be one of PENDING, SENT, FAILED'],
        ['?status=', 'Status must be one of PENDING, SENT, FAILED'],
        ['?page=0', 'Page must be a whole number from 1 to 10000'],
        ['?page=abc', 'Page must be a whole number from 1 to 10000'],
        ['?page=1.5', 'Page must be a whole number from 1 to 10000'],
        ['?limit=7', 'Limit must be one of 10, 25, 50, 100'],
      ];
      for (const [query, message] of cases) {
        const response = await call('GET', `/api/admin/email-outbox${query}`, admin);
        expect({ query, status: response.statusCode, body: response.json() }).toEqual({
          query,
          status: 400,
          body: { statusCode: 400, error: 'Bad Request', message: [message] },
        });
      }
    });
  });

  describe('POST /admin/email-outbox/{id}/retry', () => {
    it('sends a mail that failed while the mail server was down, once it is back', async () => {
      await door.close();
      const address = 'stranded@example.org';
      await enqueueMail(db(), {
        to: address,
        subject: 'Stranded',
        html: '<p>Stranded</p>',
        text: 'Stranded',
      });
      const [{ id } = { id: '' }] = await db()
        .select({ id: emailOutbox.id })
        .from(emailOutbox)
        .where(eq(emailOutbox.toAddress, address));
      // Every attempt the worker has (8) meets a closed door; the last one gives the mail up.
      for (let attempt = 1; attempt <= 8; attempt += 1) {
        await db()
          .update(emailOutbox)
          .set({ nextAttemptAt: new Date(0) })
          .where(eq(emailOutbox.id, id));
        await t.app.services.outbox.drain();
      }
      const failed = (await list('?status=FAILED')).mails.find((mail) => mail.id === id);
      expect(failed).toMatchObject({ status: 'FAILED', attempts: 8, sentAt: null });
      expect(failed?.lastError).toMatch(/ECONNREFUSED/);
      expect(smtp.messages.some((mail) => mail.to.includes(address))).toBe(false);

      await door.open();
      const retried = await call('POST', `/api/admin/email-outbox/${id}/retry`, admin);
      expect(retried.statusCode, retried.body).toBe(200);
      const body = retried.json<EmailOutboxMail>();
      // Back in the queue, due now, attempts afresh; the error stays until the next attempt.
      expect(body).toMatchObject({ id, status: 'PENDING', attempts: 0, sentAt: null });
      expect(body.lastError).toMatch(/ECONNREFUSED/);
      expect(new Date(body.nextAttemptAt).getTime()).toBeLessThanOrEqual(Date.now() + 1000);

      // The retry kicked the worker; draining joins (or follows) that run.
      await t.app.services.outbox.drain();
      const delivered = await smtp.waitFor(address);
      expect(delivered).toMatchObject({ subject: 'Stranded', text: 'Stranded' });
      const sent = (await list('?status=SENT&limit=100')).mails.find((mail) => mail.id === id);
      expect(sent).toMatchObject({ status: 'SENT', attempts: 1, lastError: null });
      expect(sent?.sentAt).toEqual(expect.any(String));
      expect(smtp.messages.filter((mail) => mail.to.includes(address))).toHaveLength(1);
    });

    it('answers 409 for a mail that is not FAILED, and changes nothing', async () => {
      for (const name of ['sent1', 'pending1']) {
        const response = await call('POST', `/api/admin/email-outbox/${m[name]}/retry`, admin);
        expect({ name, status: response.statusCode, body: response.json() }).toEqual({
          name,
          status: 409,
          body: {
            statusCode: 409,
            error: 'Conflict',
            message: 'Only an e-mail that could not be sent (status FAILED) can be retried',
          },
        });
      }
      const [pending] = await db().select().from(emailOutbox).where(eq(emailOutbox.id, m.pending1!));
      expect(pending).toMatchObject({ status: 'PENDING', attempts: 2, lastError: 'Mailbox unavailable' });
    });

    it('answers 404 for an unknown mail and 400 for an id that is not a UUID', async () => {
      const missing = await call('POST', `/api/admin/email-outbox/${randomUUID()}/retry`, admin);
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ statusCode: 404, error: 'Not Found', message: 'E-mail not found' });
      const bad = await call('POST', '/api/admin/email-outbox/not-an-id/retry', admin);
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({ statusCode: 400, error: 'Bad Request', message: ['Invalid e-mail id'] });
    });
  });

  it('is for admins only: staff and participants 403, nobody 401 (before the query is checked)', async () => {
    const requests: Array<['GET' | 'POST', string]> = [
      ['GET', '/api/admin/email-outbox'],
      ['GET', '/api/admin/email-outbox?limit=7'],
      ['POST', `/api/admin/email-outbox/${m.failed1}/retry`],
      ['POST', '/api/admin/email-outbox/not-an-id/retry'],
    ];
    for (const [method, url] of requests) {
      for (const who of [staff, participant]) {
        const response = await call(method, url, who);
        expect({ url, status: response.statusCode, body: response.json() }).toEqual({
          url,
          status: 403,
          body: { statusCode: 403, error: 'Forbidden', message: 'You do not have permission to do this' },
        });
      }
      const nobody = await call(method, url);
      expect({ url, status: nobody.statusCode, body: nobody.json() }).toEqual({
        url,
        status: 401,
        body: { statusCode: 401, error: 'Unauthorized', message: 'Authentication required' },
      });
    }
    const [failed] = await db().select().from(emailOutbox).where(eq(emailOutbox.id, m.failed1!));
    expect(failed?.status).toBe('FAILED');
  });

  it('documents both routes in the OpenAPI document', async () => {
    const document = (await call('GET', '/api/docs/json')).json<{ paths: Record<string, unknown> }>();
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/api/admin/email-outbox', '/api/admin/email-outbox/{id}/retry']),
    );
  });
});
