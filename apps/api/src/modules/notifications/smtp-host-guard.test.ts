import type { AddressInfo } from 'node:net';
import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_APP_SECRET, type TestApp } from '../../../test/app';
import { type SignedIn, signIn } from '../../../test/session';
import { SmtpCapture } from '../../../test/smtp';
import {
  isNotPublicAddress,
  publicAddressOf,
  SMTP_HOST_NOT_PUBLIC,
  SmtpHostNotPublicError,
} from './smtp-host-guard';

// In production (docs/security.md) the SMTP connection test refuses loopback, link-local, private,
// CGNAT and unspecified addresses (no internal port scanning through it) unless SMTP_ALLOW_PRIVATE_HOSTS.

describe('isNotPublicAddress', () => {
  it.each([
    '127.0.0.1',
    '127.255.255.254',
    '10.0.0.5',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '100.127.255.255',
    '0.0.0.0',
    '255.255.255.255',
    '224.0.0.1',
    '::',
    '::1',
    'fe80::1',
    'febf::1',
    'fc00::1',
    'fd12:3456::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::FFFF:10.0.0.5',
    '64:ff9b::169.254.169.254',
    '::127.0.0.1',
    'not-an-address',
  ])('%s is not public', (address) => {
    expect(isNotPublicAddress(address)).toBe(true);
  });

  it.each([
    '1.1.1.1',
    '8.8.8.8',
    '100.63.255.255',
    '100.128.0.0',
    '172.15.255.255',
    '172.32.0.0',
    '169.253.0.1',
    '11.0.0.1',
    '2001:4860:4860::8888',
    '2a00:1450:4001::1',
    '::ffff:8.8.8.8',
    'fec0::1',
  ])('%s is public', (address) => {
    expect(isNotPublicAddress(address)).toBe(false);
  });
});

describe('publicAddressOf', () => {
  const lookupAnswering =
    (...addresses: string[]) =>
    async () =>
      addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

  it('answers the first address of a name whose every address is public', async () => {
    await expect(
      publicAddressOf('smtp.example.org', lookupAnswering('203.0.113.7', '2001:db8::7')),
    ).resolves.toBe('203.0.113.7');
    await expect(publicAddressOf('198.51.100.1')).resolves.toBe('198.51.100.1');
    await expect(publicAddressOf('[2001:db8::25]')).resolves.toBe('2001:db8::25');
  });

  it('refuses a name with any internal address among its answers, or with none', async () => {
    await expect(
      publicAddressOf('smtp.example.org', lookupAnswering('203.0.113.7', '10.1.2.3')),
    ).rejects.toBeInstanceOf(SmtpHostNotPublicError);
    await expect(publicAddressOf('smtp.example.org', lookupAnswering())).rejects.toThrow(
      SMTP_HOST_NOT_PUBLIC,
    );
    await expect(publicAddressOf('[::1]')).rejects.toThrow(SMTP_HOST_NOT_PUBLIC);
    await expect(publicAddressOf('localhost')).rejects.toThrow(SMTP_HOST_NOT_PUBLIC);
  });
});

/** A TCP listener that counts connections: proof that a refused host was never connected to. */
async function countingListener(): Promise<{
  port: number;
  connections: () => number;
  close: () => Promise<void>;
}> {
  const sockets: Socket[] = [];
  const server: Server = createServer((socket) => {
    sockets.push(socket);
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    connections: () => sockets.length,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('POST /api/notifications/email/test-connection in production', () => {
  const production = (extra: Record<string, string> = {}) => ({
    NODE_ENV: 'production',
    APP_SECRET: TEST_APP_SECRET,
    LOG_LEVEL: 'silent',
    ADMIN_EMAILS: 'admin@example.org',
    ...extra,
  });

  let smtp: SmtpCapture;
  let strict: TestApp;
  let allowing: TestApp;
  let strictAdmin: SignedIn;
  let allowingAdmin: SignedIn;
  let listener: Awaited<ReturnType<typeof countingListener>>;

  beforeAll(async () => {
    smtp = await new SmtpCapture().start();
    listener = await countingListener();
    strict = await createTestApp({ envOverrides: production({ SMTP_URL: smtp.url }) });
    allowing = await createTestApp({
      envOverrides: production({ SMTP_URL: smtp.url, SMTP_ALLOW_PRIVATE_HOSTS: 'true' }),
    });
    expect(strict.app.env.isProduction).toBe(true);
    strictAdmin = await signIn(strict.app, smtp, 'admin@example.org');
    allowingAdmin = await signIn(allowing.app, smtp, 'admin@example.org');
  });
  afterAll(async () => {
    await strict?.close();
    await allowing?.close();
    await listener?.close();
    await smtp?.stop();
  });

  const testConnection = (t: TestApp, admin: SignedIn, smtpHost: string, smtpPort: number) =>
    t.app.inject({
      method: 'POST',
      url: '/api/notifications/email/test-connection',
      headers: admin.headers,
      payload: {
        emailEnabled: true,
        smtpHost,
        smtpPort,
        smtpUsername: '',
        smtpPassword: '',
        smtpUseSsl: false,
      },
    });

  it.each(['127.0.0.1', 'localhost', '10.0.0.5', '[::1]', '169.254.169.254', '0.0.0.0', '100.64.0.1'])(
    'refuses %s without connecting',
    async (host) => {
      const response = await testConnection(strict, strictAdmin, host, listener.port);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({
        success: false,
        message: 'Connection Failed: SMTP host must be a public address in production',
        details: {
          host,
          port: listener.port,
          secure: false,
          authenticated: false,
          connectionTime: expect.any(Number),
        },
        errorDetails: { code: 'EHOSTNOTPUBLIC', response: null, address: null, port: null },
      });
      expect(listener.connections()).toBe(0);
    },
  );

  it('connects to an internal host when SMTP_ALLOW_PRIVATE_HOSTS=true', async () => {
    const response = await testConnection(allowing, allowingAdmin, '127.0.0.1', smtp.port);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      success: true,
      message: `Connection Successful: 127.0.0.1:${smtp.port} accepted the connection.`,
    });
    const byName = await testConnection(allowing, allowingAdmin, 'localhost', listener.port);
    expect(byName.json()).toMatchObject({ success: false });
    expect(listener.connections()).toBeGreaterThan(0);
  });
});
