/**
 * Records the passkey answers that `apps/api/src/modules/passkeys/passkeys-recorded.test.ts` replays (decision 061):
 * a registration and two sign-ins made by Chromium's own WebAuthn stack (a CTAP2 virtual authenticator of the
 * DevTools protocol), the first sign-in on the relying party's origin and the second on another origin of the same
 * host. Run it again only to refresh the fixtures:
 *
 *   node --import tsx scripts/record-passkey-fixtures.ts
 *
 * The challenges are fixed bytes, so the test can store them as the server would have.
 */
import { chromium } from '@playwright/test';
import { writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { addVirtualAuthenticator, CHROMIUM_ARGS, findChromium } from '../e2e/support/chromium';

const RP_ID = 'localhost';
const PORT = 5173;
const OTHER_PORT = 5174;
const OUT = path.join(import.meta.dirname, '../apps/api/test/fixtures/chromium-passkey.json');

/** A blank page: the origin is all the recording needs. */
function blankPage(port: number): Promise<Server> {
  const server = createServer((_request, response) => {
    response.setHeader('Content-Type', 'text/html');
    response.end('<!doctype html><title>passkey recording</title>');
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

/** Fixed challenge bytes, as base64url (what the server stores and the client data names). */
const challenge = (fill: number) => Buffer.alloc(32, fill).toString('base64url');

/** The answers as PublicKeyCredential.toJSON() gives them (the shape @simplewebauthn takes). */
type RecordedJson = Record<string, unknown>;
/**
 * The page's base64url decoder. The browser code is sent as text: functions that tsx compiled would carry its
 * helpers, which the page does not have.
 */
const BYTES =
  "const bytes = (text) => Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));";

const servers = await Promise.all([blankPage(PORT), blankPage(OTHER_PORT)]);
const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
try {
  const page = await browser.newPage();
  await addVirtualAuthenticator(page);

  const origin = `http://${RP_ID}:${PORT}`;
  await page.goto(`${origin}/`);
  const registrationChallenge = challenge(1);
  const registration = await page.evaluate<RecordedJson>(`(async () => {
    ${BYTES}
    const credential = await navigator.credentials.create({
      publicKey: {
        challenge: bytes(${JSON.stringify(registrationChallenge)}),
        rp: { id: ${JSON.stringify(RP_ID)}, name: 'Camp Registration' },
        user: { id: new TextEncoder().encode('recorded-user'), name: 'recorded@example.org', displayName: 'Rec Orded' },
        pubKeyCredParams: [{ type: 'public-key', alg: -7 }, { type: 'public-key', alg: -257 }],
        authenticatorSelection: { residentKey: 'required', requireResidentKey: true, userVerification: 'required' },
        attestation: 'none',
      },
    });
    return credential.toJSON();
  })()`);

  const signIn = async (at: string, fill: number) => {
    await page.goto(`${at}/`);
    const signInChallenge = challenge(fill);
    const response = await page.evaluate<RecordedJson>(`(async () => {
      ${BYTES}
      const credential = await navigator.credentials.get({
        publicKey: { challenge: bytes(${JSON.stringify(signInChallenge)}), rpId: ${JSON.stringify(RP_ID)}, userVerification: 'required' },
      });
      return credential.toJSON();
    })()`);
    return { origin: at, challenge: signInChallenge, response };
  };

  const fixtures = {
    recordedWith: `${browser.version()} (Chrome DevTools Protocol WebAuthn virtual authenticator, ctap2, internal)`,
    rpId: RP_ID,
    origin,
    registration: { challenge: registrationChallenge, response: registration },
    signIn: await signIn(origin, 2),
    otherOriginSignIn: await signIn(`http://${RP_ID}:${OTHER_PORT}`, 3),
  };
  writeFileSync(OUT, `${JSON.stringify(fixtures, null, 2)}\n`);
  console.log(`wrote ${path.relative(process.cwd(), OUT)}`);
} finally {
  await browser.close();
  for (const server of servers) server.close();
}
