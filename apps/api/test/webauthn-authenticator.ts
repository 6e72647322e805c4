import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';
import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';

// A software authenticator for the API tests (decision 061): it makes REAL WebAuthn answers, a 'none' attestation
// with a P-256 key and ES256 assertions, so the server's own verification runs on them. Not a test file itself.

const FLAG_USER_PRESENT = 0x01;
const FLAG_USER_VERIFIED = 0x04;
const FLAG_BACKUP_ELIGIBLE = 0x08;
const FLAG_BACKED_UP = 0x10;
const FLAG_ATTESTED_DATA = 0x40;

const sha256 = (data: Uint8Array | string) => new Uint8Array(createHash('sha256').update(data).digest());

function counterBytes(counter: number): Uint8Array {
  const bytes = new Uint8Array(4);
  new DataView(bytes.buffer).setUint32(0, counter);
  return bytes;
}

const concat = (...parts: Uint8Array[]) => new Uint8Array(Buffer.concat(parts));

/** One passkey the authenticator holds. */
export interface SoftCredential {
  id: string;
  privateKey: KeyObject;
  /** The signature counter of the next assertion (0: an authenticator that does not count, as synced ones). */
  counter: number;
  userHandle: string;
}

/** What an answer may be made to get wrong, to see the server refuse it. */
export interface AnswerOptions {
  /** The page's origin the browser reports; the server's by default. */
  origin?: string;
  /** Whether the person was verified (fingerprint, PIN); true by default. */
  userVerified?: boolean;
  /** The signature counter to report; the credential's next by default. */
  counter?: number;
}

export class SoftAuthenticator {
  readonly credentials: SoftCredential[] = [];

  constructor(
    private readonly rpId: string,
    private readonly origin: string,
    /** A synced passkey: backup eligible and backed up, and no counter. */
    private readonly synced = false,
  ) {}

  private clientData(type: string, challenge: string, origin: string): string {
    return isoBase64URL.fromUTF8String(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  private flags(userVerified: boolean, extra = 0): number {
    const backup = this.synced ? FLAG_BACKUP_ELIGIBLE | FLAG_BACKED_UP : 0;
    return FLAG_USER_PRESENT | (userVerified ? FLAG_USER_VERIFIED : 0) | backup | extra;
  }

  /** navigator.credentials.create: a new credential for the options' user, with its 'none' attestation. */
  register(
    options: { challenge: string; user: { id: string } },
    answer: AnswerOptions = {},
  ): RegistrationResponseJSON {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    if (!jwk.x || !jwk.y) throw new Error('no EC public key');
    const cose = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, isoBase64URL.toBuffer(jwk.x)],
        [-3, isoBase64URL.toBuffer(jwk.y)],
      ]),
    );
    const credentialId = new Uint8Array(randomBytes(32));
    const idLength = new Uint8Array([0, credentialId.length]);
    const counter = this.synced ? 0 : 1;
    const authData = concat(
      sha256(this.rpId),
      new Uint8Array([this.flags(answer.userVerified ?? true, FLAG_ATTESTED_DATA)]),
      counterBytes(answer.counter ?? 0),
      new Uint8Array(16), // AAGUID: none
      idLength,
      credentialId,
      cose,
    );
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Uint8Array | Map<string, string>>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, string>()],
        ['authData', authData],
      ]),
    );
    const id = isoBase64URL.fromBuffer(credentialId);
    this.credentials.push({ id, privateKey, counter, userHandle: options.user.id });
    return {
      id,
      rawId: id,
      type: 'public-key',
      response: {
        clientDataJSON: this.clientData('webauthn.create', options.challenge, answer.origin ?? this.origin),
        attestationObject: isoBase64URL.fromBuffer(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  /** navigator.credentials.get: an assertion of the credential (the last added by default) over the challenge. */
  assert(
    options: { challenge: string },
    answer: AnswerOptions = {},
    credential: SoftCredential | undefined = this.credentials.at(-1),
  ): AuthenticationResponseJSON {
    if (!credential) throw new Error('the authenticator holds no credential');
    const counter = answer.counter ?? credential.counter;
    if (!this.synced && answer.counter === undefined) credential.counter += 1;
    const authData = concat(
      sha256(this.rpId),
      new Uint8Array([this.flags(answer.userVerified ?? true)]),
      counterBytes(counter),
    );
    const clientDataJSON = this.clientData('webauthn.get', options.challenge, answer.origin ?? this.origin);
    const signature = sign(
      'sha256',
      concat(authData, sha256(isoBase64URL.toBuffer(clientDataJSON))),
      credential.privateKey,
    );
    return {
      id: credential.id,
      rawId: credential.id,
      type: 'public-key',
      response: {
        clientDataJSON,
        authenticatorData: isoBase64URL.fromBuffer(authData),
        signature: isoBase64URL.fromBuffer(new Uint8Array(signature)),
        userHandle: credential.userHandle,
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }
}
