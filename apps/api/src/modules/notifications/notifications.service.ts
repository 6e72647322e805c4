import {
  type SendTestEmailInputSchema,
  type SendTestEmailResult,
  type SmtpConnectionResult,
  type TestEmailDelivery,
  type TestEmailRecord,
  testEmailSentMessage,
  type TestSmtpConnectionInputSchema,
} from '@camp/shared';
import { desc, eq } from 'drizzle-orm';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import { performance } from 'node:perf_hooks';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { testEmailHistory } from '../../db/schema/index';
import { escapeHtml } from '../../lib/escape';
import type { ConfigService } from '../config/config.service';
import { type MailRoute, type MailService, smtpTransport } from '../mail/mail.service';
import { publicAddressOf } from './smtp-host-guard';

export type SendTestEmailValues = z.output<typeof SendTestEmailInputSchema>;
export type TestSmtpConnectionValues = z.output<typeof TestSmtpConnectionInputSchema>;

/** The whole SMTP connection test, connecting, greeting and logging in, ends within this (docs/product.md §9: 10 s). */
export const SMTP_TEST_TIMEOUT_MS = 10_000;
const ERROR_TEXT_MAX = 500;

export const NOT_SENT_LOGGED =
  'No SMTP server is configured: the message was written to the server log instead of being sent.';

interface NotificationsDeps {
  db: Db;
  mail: MailService;
  config: ConfigService;
  now: () => Date;
  /** Tests shorten it to prove the time-out without waiting ten seconds. */
  smtpTestTimeoutMs?: number;
}

/** Where the test e-mail goes out, for the "SMTP details" part of the message (never credentials). */
interface DeliveryDescription {
  route: string;
  host: string | null;
  port: number | null;
  secure: boolean | null;
  from: string | null;
  replyTo: string | null;
}

interface SmtpLikeError {
  message?: unknown;
  code?: unknown;
  originalCode?: unknown;
  response?: unknown;
  address?: unknown;
  port?: unknown;
}

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/** The first line of an error text, without a password that a server might have echoed. */
function cleanErrorText(value: unknown, password: string | null): string {
  let message = (text(value) ?? 'Unknown error').split('\n')[0]!.trim();
  if (password) message = message.split(password).join('***');
  return message.slice(0, ERROR_TEXT_MAX);
}

/** A sentence a camp admin can act on for the usual failures; the raw reason follows it. */
function failureHint(code: string | null, reason: string): string | null {
  if (code === 'EAUTH') return 'The server refused the username or password.';
  if (code === 'ETIMEDOUT') return 'The server did not answer in time. Check the host, port and firewall.';
  if (code === 'ECONNREFUSED') return 'Nothing accepts connections on that host and port.';
  if (code === 'EDNS' || code === 'ENOTFOUND') return 'The SMTP host name could not be found.';
  if (/ssl|tls|wrong version number/i.test(reason)) {
    return 'The TLS handshake failed: use SSL for port 465 and turn it off for ports 587 and 25.';
  }
  return null;
}

function timeout(ms: number): { promise: Promise<never>; cancel: () => void } {
  let timer: NodeJS.Timeout | undefined;
  const promise = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      reject(
        Object.assign(new Error(`No answer within ${Math.round(ms / 1000)} seconds`), { code: 'ETIMEDOUT' }),
      );
    }, ms);
  });
  return { promise, cancel: () => clearTimeout(timer) };
}

function toRecord(row: typeof testEmailHistory.$inferSelect): TestEmailRecord {
  return {
    id: row.id,
    recipientEmail: row.recipientEmail,
    subject: row.subject,
    status: row.status,
    sentAt: row.sentAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    errorMessage: row.errorMessage,
  };
}

/** The admin's e-mail tools: test message with its history, and the SMTP connection test. */
export class NotificationsService {
  private readonly smtpTestTimeoutMs: number;

  constructor(private readonly deps: NotificationsDeps) {
    this.smtpTestTimeoutMs = deps.smtpTestTimeoutMs ?? SMTP_TEST_TIMEOUT_MS;
  }

  /**
   * Sends the test message to each recipient separately, so one refused address does not hide whether the
   * others work. Each gets a history record: PENDING first, then SENT or FAILED with the reason.
   */
  async sendTestEmail(
    input: SendTestEmailValues,
    sentBy: { id: string; email: string },
  ): Promise<SendTestEmailResult> {
    const { db, now } = this.deps;
    const { campName } = await this.deps.config.getPublic();
    const route = await this.deps.mail.route().catch(() => undefined);
    const timestamp = now();
    const subject = `${campName} - Test Email`;
    const message = this.testMessage(campName, sentBy.email, timestamp, input.includeSmtpDetails, route);

    const deliveries: TestEmailDelivery[] = [];
    for (const recipientEmail of input.email) {
      const [pending] = await db
        .insert(testEmailHistory)
        .values({ recipientEmail, subject, status: 'PENDING', sentByUserId: sentBy.id })
        .returning({ id: testEmailHistory.id });
      if (!pending) throw new Error('The test e-mail record could not be stored');
      const outcome = await this.deliver({ to: recipientEmail, subject, ...message }, route);
      await db
        .update(testEmailHistory)
        .set(
          outcome.ok ? { status: 'SENT', sentAt: now() } : { status: 'FAILED', errorMessage: outcome.error },
        )
        .where(eq(testEmailHistory.id, pending.id));
      deliveries.push({
        id: pending.id,
        recipientEmail,
        status: outcome.ok ? 'SENT' : 'FAILED',
        errorMessage: outcome.ok ? null : outcome.error,
      });
    }

    const failed = deliveries.filter((delivery) => delivery.status === 'FAILED');
    return {
      success: failed.length === 0,
      auditRecordId: deliveries[0]?.id ?? '',
      timestamp: timestamp.toISOString(),
      emailPreview: { subject },
      message:
        failed.length === 0
          ? testEmailSentMessage(deliveries.length)
          : `Failed to send test email to ${failed
              .map((delivery) => `${delivery.recipientEmail} (${delivery.errorMessage})`)
              .join(', ')}`,
      deliveries,
    };
  }

  private async deliver(
    message: { to: string; subject: string; html: string; text: string },
    route: MailRoute | undefined,
  ): Promise<{ ok: true } | { ok: false; error: string }> {
    try {
      await this.deps.mail.send(message);
    } catch (error) {
      return { ok: false, error: cleanErrorText((error as SmtpLikeError).message, null) };
    }
    // Written to the log only (development without SMTP): not a delivery the admin should trust.
    return route?.kind === 'log' ? { ok: false, error: NOT_SENT_LOGGED } : { ok: true };
  }

  private describeRoute(route: MailRoute | undefined): DeliveryDescription {
    if (!route)
      return { route: 'Not configured', host: null, port: null, secure: null, from: null, replyTo: null };
    if (route.kind === 'log') {
      return {
        route: 'Server log (no SMTP server configured)',
        host: null,
        port: null,
        secure: null,
        from: null,
        replyTo: null,
      };
    }
    // nodemailer types `options` as the generic mail options; an SMTP transport holds its SMTP options there.
    const options = route.transport.options as SMTPTransport.Options;
    return {
      route: 'SMTP',
      host: options.host ?? null,
      port: options.port === undefined ? null : Number(options.port),
      secure: options.secure ?? false,
      from: route.from,
      replyTo: route.replyTo ?? null,
    };
  }

  private testMessage(
    campName: string,
    adminEmail: string,
    at: Date,
    includeSmtpDetails: boolean,
    route: MailRoute | undefined,
  ): { html: string; text: string } {
    const when = `${at.toISOString().replace('T', ' ').slice(0, 19)} UTC`;
    const intro = `This is a test email from ${campName}, sent by ${adminEmail} at ${when}.`;
    const outro = 'If you can read this, e-mail delivery from the camp registration site works.';
    const html = [
      `<h2>Test email from ${escapeHtml(campName)}</h2>`,
      `<p>${escapeHtml(intro)}</p>`,
      `<p>${escapeHtml(outro)}</p>`,
    ];
    const lines = [intro, '', outro];
    if (includeSmtpDetails) {
      const details = this.describeRoute(route);
      const rows: Array<[string, string]> = [
        ['Delivery', details.route],
        ['SMTP host', details.host ?? '-'],
        ['SMTP port', details.port === null ? '-' : String(details.port)],
        ['SSL/TLS', details.secure === null ? '-' : details.secure ? 'on' : 'off (STARTTLS when offered)'],
        ['From', details.from ?? '-'],
        ['Reply-To', details.replyTo ?? '-'],
      ];
      html.push(
        '<h3>SMTP details</h3>',
        '<table>',
        ...rows.map(
          ([label, value]) => `<tr><th align="left">${label}</th><td>${escapeHtml(value)}</td></tr>`,
        ),
        '</table>',
      );
      lines.push('', 'SMTP details:', ...rows.map(([label, value]) => `  ${label}: ${value}`));
    }
    return { html: html.join('\n'), text: lines.join('\n') };
  }

  /** The newest test e-mail records first. */
  async history(limit: number): Promise<TestEmailRecord[]> {
    const rows = await this.deps.db
      .select()
      .from(testEmailHistory)
      .orderBy(desc(testEmailHistory.createdAt), desc(testEmailHistory.id))
      .limit(limit);
    return rows.map(toRecord);
  }

  /**
   * Connects to the given SMTP server, says hello and logs in if a username is given (nodemailer verify),
   * within SMTP_TEST_TIMEOUT_MS. A failure is a result for the admin to read, not a server error.
   * Unless `allowInternalHosts` (outside production, or SMTP_ALLOW_PRIVATE_HOSTS), the host must be and
   * resolve only to public addresses, checked before any connection, which then goes to the checked address.
   */
  async testSmtpConnection(
    input: TestSmtpConnectionValues,
    policy: { allowInternalHosts: boolean },
  ): Promise<SmtpConnectionResult> {
    const password = input.smtpPassword ?? (await this.storedPasswordFor(input.smtpHost, input.smtpUsername));
    const settings = {
      host: input.smtpHost,
      port: input.smtpPort,
      secure: input.smtpUseSsl,
      username: input.smtpUsername,
      password,
    };
    const details = { host: settings.host, port: settings.port, secure: settings.secure };
    const deadline = timeout(this.smtpTestTimeoutMs);
    const started = performance.now();
    let transport: ReturnType<typeof smtpTransport> | undefined;
    try {
      const address = policy.allowInternalHosts
        ? settings.host
        : await Promise.race([publicAddressOf(settings.host), deadline.promise]);
      transport = smtpTransport({ ...settings, host: address });
      const verifying = transport.verify();
      // After a time-out the abandoned attempt still settles; its outcome no longer matters.
      verifying.catch(() => undefined);
      await Promise.race([verifying, deadline.promise]);
      const authenticated = Boolean(settings.username);
      return {
        success: true,
        message:
          `Connection Successful: ${settings.host}:${settings.port} accepted the connection` +
          (authenticated ? ' and the login.' : '.'),
        details: { ...details, authenticated, connectionTime: Math.round(performance.now() - started) },
      };
    } catch (error) {
      const failure = error as SmtpLikeError;
      const code = text(failure.originalCode) ?? text(failure.code);
      const reason = cleanErrorText(failure.message, password);
      const hint = failureHint(code, reason);
      return {
        success: false,
        message: `Connection Failed: ${hint ? `${hint} (${reason})` : reason}`,
        details: {
          ...details,
          authenticated: false,
          connectionTime: Math.round(performance.now() - started),
        },
        errorDetails: {
          code,
          response: text(failure.response) === null ? null : cleanErrorText(failure.response, password),
          address: text(failure.address),
          port: typeof failure.port === 'number' ? failure.port : null,
        },
      };
    } finally {
      deadline.cancel();
      transport?.close();
    }
  }

  /**
   * The stored SMTP password, but only for the stored host and username: a blank password field means
   * "keep the saved one", and the saved secret must not be sent to any other server an admin types in.
   */
  private async storedPasswordFor(host: string, username: string | null): Promise<string | null> {
    if (!username) return null;
    const row = await this.deps.config.findRow();
    if (!row?.smtpPasswordEncrypted || !row.smtpHost) return null;
    if (row.smtpHost.toLowerCase() !== host.toLowerCase() || row.smtpUsername !== username) return null;
    return this.deps.config.secret('smtpPassword', row);
  }
}
