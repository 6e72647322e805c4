import { simpleParser } from 'mailparser';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface CapturedMail {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
}

/**
 * A real SMTP server on loopback that keeps what it receives, so tests read mail the way a person would.
 * `failNext` makes it refuse messages (to test delivery failures).
 */
export class SmtpCapture {
  readonly messages: CapturedMail[] = [];
  private waiters: Array<() => void> = [];
  refuse = false;
  /** Connection errors the capture saw (a client killed mid-mail resets it); kept, never thrown. */
  readonly errors: Error[] = [];
  /** How many connections clients have opened, and how many are open now. */
  connections = 0;
  openConnections = 0;
  private server: SMTPServer;
  port = 0;

  constructor() {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onConnect: (_session, callback) => {
        this.connections += 1;
        this.openConnections += 1;
        callback();
      },
      onClose: () => {
        this.openConnections -= 1;
      },
      onData: (stream, _session, callback) => {
        if (this.refuse) {
          stream.resume();
          stream.on('end', () =>
            callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 })),
          );
          return;
        }
        simpleParser(stream)
          .then((parsed) => {
            const to = Array.isArray(parsed.to) ? parsed.to : parsed.to ? [parsed.to] : [];
            this.messages.push({
              to: to.flatMap((address) => address.value.map((entry) => entry.address ?? '')),
              from: parsed.from?.text ?? '',
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
              html: typeof parsed.html === 'string' ? parsed.html : '',
            });
            for (const wake of this.waiters.splice(0)) wake();
            callback();
          })
          .catch((error: Error) => callback(error));
      },
    });
    this.server.on('error', (error: Error) => this.errors.push(error));
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.server.address() as AddressInfo).port;
    return this;
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  /** The newest mail to an address, waiting for it to arrive. */
  async waitFor(address: string, timeoutMs = 5000): Promise<CapturedMail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = [...this.messages].reverse().find((mail) => mail.to.includes(address.toLowerCase()));
      if (found) return found;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`No mail to ${address} within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** The 6-digit code in the newest mail to an address. */
  async codeFor(address: string): Promise<string> {
    const mail = await this.waitFor(address);
    const match = /\b(\d{6})\b/.exec(mail.text);
    if (!match?.[1]) throw new Error(`No code in the mail to ${address}`);
    return match[1];
  }

  clear(): void {
    this.messages.length = 0;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
