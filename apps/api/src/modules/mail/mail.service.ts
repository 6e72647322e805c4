import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Env } from '../../env';
import { banner } from '../../lib/dev-log';
import type { SecretBox } from '../../lib/secrets';
import type { CampConfigRow, ConfigService } from '../config/config.service';

export interface MailMessage {
  to: string | string[];
  subject: string;
  html: string;
  text: string;
}

export interface SmtpSettings {
  host: string;
  port: number;
  secure: boolean;
  username?: string | null | undefined;
  password?: string | null | undefined;
}

export type MailRoute =
  { kind: 'smtp'; transport: Transporter; from: string; replyTo?: string | undefined } | { kind: 'log' };

export class MailNotConfiguredError extends Error {
  constructor() {
    super('E-mail is not configured');
  }
}

/**
 * The connection pool of a transport that sends the camp's mail: up to this many connections, each kept open
 * for further mails (a reminder pass or a message to a group sends hundreds; a new connection per mail took about
 * 0.1 s each on loopback), and given up after this many mails, as many servers limit a connection.
 */
const MAIL_POOL = { pool: true, maxConnections: 3, maxMessages: 100 } as const;

/**
 * A nodemailer transport for explicit SMTP settings, with short time-outs so a dead server fails fast; `pooled`
 * keeps connections open for the next mails (close() ends them).
 */
export function smtpTransport(settings: SmtpSettings, { pooled = false } = {}): Transporter {
  return nodemailer.createTransport({
    ...(pooled ? MAIL_POOL : {}),
    host: settings.host,
    port: settings.port,
    secure: settings.secure,
    auth: settings.username ? { user: settings.username, pass: settings.password ?? '' } : undefined,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
    // Local test servers and camps with self-signed certificates: TLS still encrypts.
    tls: { rejectUnauthorized: false },
  });
}

function formatFrom(name: string | null | undefined, address: string): string {
  const cleanName = (name ?? '').replace(/["\r\n]/g, '').trim();
  return cleanName ? `"${cleanName}" <${address}>` : address;
}

/**
 * Sends mail: through the camp's own SMTP settings when an admin enabled e-mail, else through SMTP_URL,
 * else (outside production) into the server log, clearly marked, so a newcomer can still sign in.
 */
export class MailService {
  private cached: { key: string; transport: Transporter } | undefined;
  private closed = false;

  constructor(
    private readonly env: Env,
    private readonly config: ConfigService,
    private readonly secrets: SecretBox,
    private readonly log: FastifyBaseLogger,
  ) {}

  private transportFor(key: string, make: () => Transporter): Transporter {
    if (this.cached?.key !== key) {
      this.cached?.transport.close();
      this.cached = { key, transport: make() };
    }
    return this.cached.transport;
  }

  private fallbackFrom(row: CampConfigRow | undefined): string {
    const host = new URL(this.env.publicUrl).hostname;
    return formatFrom(row?.campName ?? 'Camp Registration', `no-reply@${host}`);
  }

  async route(): Promise<MailRoute> {
    const row = await this.config.findRow();
    if (row?.emailEnabled && row.smtpHost && row.senderEmail) {
      const password = row.smtpPasswordEncrypted ? this.secrets.open(row.smtpPasswordEncrypted) : null;
      const settings: SmtpSettings = {
        host: row.smtpHost,
        port: row.smtpPort,
        secure: row.smtpUseSsl,
        username: row.smtpUsername,
        password,
      };
      return {
        kind: 'smtp',
        transport: this.transportFor(JSON.stringify(settings), () =>
          smtpTransport(settings, { pooled: true }),
        ),
        from: formatFrom(row.senderName, row.senderEmail),
        replyTo: row.replyTo ?? undefined,
      };
    }
    if (this.env.smtpUrl) {
      const url = this.env.smtpUrl;
      return {
        kind: 'smtp',
        transport: this.transportFor(url, () => nodemailer.createTransport({ url, ...MAIL_POOL })),
        from: this.fallbackFrom(row),
      };
    }
    if (this.env.isProduction) throw new MailNotConfiguredError();
    return { kind: 'log' };
  }

  /** Ends the open connections to the mail server (when the app closes, after the outbox has stopped). */
  close(): void {
    this.closed = true;
    this.cached?.transport.close();
    this.cached = undefined;
  }

  /** Sends at once; throws when the message could not be handed to the mail server. */
  async send(message: MailMessage): Promise<void> {
    if (this.closed) throw new Error('The mail service is closed');
    const route = await this.route();
    if (route.kind === 'log') {
      // A banner, so the sign-in code in the subject stands out in the log right after `npm start`.
      this.log.warn(
        { mail: { to: message.to, subject: message.subject, text: message.text } },
        `\n${banner([
          'DEVELOPMENT MAIL (no SMTP configured: not sent, shown here instead)',
          `To:      ${[message.to].flat().join(', ')}`,
          `Subject: ${message.subject}`,
        ])}`,
      );
      return;
    }
    await route.transport.sendMail({
      from: route.from,
      replyTo: route.replyTo,
      to: message.to,
      subject: message.subject,
      html: message.html,
      text: message.text,
    });
  }
}
