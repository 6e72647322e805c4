import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { testDatabaseKind } from '../../../test/database';
import { SmtpCapture } from '../../../test/smtp';
import { emailOutbox } from '../../db/schema/index';
import { enqueueMail, OutboxWorker, outboxBackoffMs } from './outbox';

describe('e-mail outbox worker', () => {
  let smtp: SmtpCapture;
  let t: TestApp;

  beforeAll(async () => {
    smtp = await new SmtpCapture().start();
    t = await createTestApp({ envOverrides: { SMTP_URL: smtp.url } });
    await t.app.ready();
    // The app's own worker stays out of the way: these tests drain with workers of their own.
    await t.app.services.outbox.stop();
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.stop();
  });

  const db = () => t.database.db;
  const worker = (maxAttempts = 3) =>
    new OutboxWorker({ db: db(), mail: t.app.services.mail, log: t.app.log, maxAttempts, pollMs: 60_000 });
  const mailTo = (to: string, subject = 'Hello') => ({
    to,
    subject,
    html: `<p>${subject}</p>`,
    text: subject,
  });
  const rowsTo = (to: string) => db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, to));

  it('sends what was committed, once, and nothing of a rolled-back transaction', async () => {
    await enqueueMail(db(), mailTo('kept@example.org', 'Kept'));
    await db()
      .transaction(async (tx) => {
        await enqueueMail(tx, mailTo('lost@example.org', 'Lost'));
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect(await worker().drain()).toBe(1);
    expect(smtp.messages.filter((m) => m.to.includes('kept@example.org')).map((m) => m.subject)).toEqual([
      'Kept',
    ]);
    expect(smtp.messages.some((m) => m.to.includes('lost@example.org'))).toBe(false);
    const [row] = await rowsTo('kept@example.org');
    expect(row).toMatchObject({ status: 'SENT', attempts: 1, lastError: null });
    expect(row?.sentAt).toBeInstanceOf(Date);
    await worker().drain();
    expect(smtp.messages.filter((m) => m.to.includes('kept@example.org'))).toHaveLength(1);
  });

  it('sends a batch over one connection kept open, and closes it with the app (decision 066)', async () => {
    // An app of its own on the same mail server, so the connections counted are its own.
    const other = await createTestApp({ envOverrides: { SMTP_URL: smtp.url } });
    const [connectionsBefore, openBefore] = [smtp.connections, smtp.openConnections];
    const otherWorker = new OutboxWorker({
      db: other.database.db,
      mail: other.app.services.mail,
      log: other.app.log,
      pollMs: 60_000,
    });
    for (let n = 0; n < 12; n += 1) {
      await enqueueMail(other.database.db, mailTo(`batch${n}@example.org`, `Batch ${n}`));
    }
    expect(await otherWorker.drain()).toBe(12);
    expect(smtp.messages.filter((m) => m.subject.startsWith('Batch '))).toHaveLength(12);
    expect(smtp.connections - connectionsBefore).toBe(1);
    expect(smtp.openConnections - openBefore).toBe(1);

    // Closing the app ends its connection, and its mail service sends no more.
    await other.close();
    await expect.poll(() => smtp.openConnections).toBe(openBefore);
    await expect(other.app.services.mail.send(mailTo('late@example.org', 'Late'))).rejects.toThrow(
      'The mail service is closed',
    );
  });

  it('retries a refused mail with backoff and gives up after the last attempt', async () => {
    await enqueueMail(db(), mailTo('retry@example.org', 'Retry me'));
    smtp.refuse = true;
    try {
      await worker().drain();
      let [row] = await rowsTo('retry@example.org');
      expect(row).toMatchObject({ status: 'PENDING', attempts: 1 });
      expect(row?.lastError).toContain('Mailbox unavailable');
      expect(row!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 20_000);
      // Not due yet: a drain leaves it alone.
      await worker().drain();
      [row] = await rowsTo('retry@example.org');
      expect(row?.attempts).toBe(1);
      for (let attempt = 2; attempt <= 3; attempt += 1) {
        await db()
          .update(emailOutbox)
          .set({ nextAttemptAt: new Date(0) })
          .where(eq(emailOutbox.id, row!.id));
        await worker().drain();
      }
      [row] = await rowsTo('retry@example.org');
      expect(row).toMatchObject({ status: 'FAILED', attempts: 3 });
    } finally {
      smtp.refuse = false;
    }
    expect(outboxBackoffMs(1)).toBe(30_000);
    expect(outboxBackoffMs(2)).toBe(60_000);
    expect(outboxBackoffMs(20)).toBe(3_600_000);
  });

  it('a refused mail is sent on a later attempt', async () => {
    await enqueueMail(db(), mailTo('later@example.org', 'Later'));
    smtp.refuse = true;
    await worker().drain();
    smtp.refuse = false;
    await db()
      .update(emailOutbox)
      .set({ nextAttemptAt: new Date(0) })
      .where(eq(emailOutbox.toAddress, 'later@example.org'));
    await worker().drain();
    const [row] = await rowsTo('later@example.org');
    expect(row).toMatchObject({ status: 'SENT', attempts: 2 });
    expect(smtp.messages.filter((m) => m.to.includes('later@example.org'))).toHaveLength(1);
  });

  // PGlite has one connection, so races cannot show there (docs/architecture.md §7): this one needs PostgreSQL.
  it.skipIf(testDatabaseKind() === 'pglite')(
    'three workers (three processes) draining at once send each mail once',
    async () => {
      const addresses = Array.from({ length: 30 }, (_, i) => `many${i}@example.org`);
      for (const address of addresses) await enqueueMail(db(), mailTo(address, `Mail ${address}`));
      await Promise.all([worker().drain(), worker().drain(), worker().drain()]);
      for (const address of addresses) {
        expect(
          smtp.messages.filter((m) => m.to.includes(address)),
          address,
        ).toHaveLength(1);
      }
    },
  );
});
