import type { Role } from '@camp/shared';
import { webcrypto } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import { deriveKey } from './crypto';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
const ISSUER = 'camp-registration';
const AUDIENCE = 'camp-registration-api';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface AccessClaims {
  userId: string;
  /** The session (refresh-token family) the token belongs to: it dies with it (S11, decision 022). */
  sessionId: string;
}

/**
 * Short-lived access JWTs (HS256). Only the subject and the session id are trusted: role and flags are read
 * from the database, and so is whether the session is still live.
 */
export class AccessTokens {
  /**
   * The HMAC key, imported into WebCrypto once: handed raw bytes, jose imports them again on every sign and
   * verify (an asynchronous KeyObject each time, ≈ 4% of the server's CPU in a registration rush).
   */
  private readonly key: Promise<webcrypto.CryptoKey>;

  constructor(
    appSecret: string,
    private readonly now: () => Date,
  ) {
    this.key = webcrypto.subtle.importKey(
      'raw',
      new Uint8Array(deriveKey(appSecret, 'access-token')),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    );
  }

  async issue(userId: string, role: Role, sessionId: string): Promise<string> {
    const issuedAt = Math.floor(this.now().getTime() / 1000);
    return new SignJWT({ role, sid: sessionId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(userId)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + ACCESS_TOKEN_TTL_SECONDS)
      .sign(await this.key);
  }

  /** The claims of a valid token, or undefined for anything else (bad signature, alg, expiry, shape). */
  async verify(token: string): Promise<AccessClaims | undefined> {
    try {
      const { payload } = await jwtVerify(token, await this.key, {
        algorithms: ['HS256'],
        issuer: ISSUER,
        audience: AUDIENCE,
        currentDate: this.now(),
        // A token without an expiry would never die, one without a session could not be ended: ours have all.
        requiredClaims: ['exp', 'iat', 'sub', 'sid'],
      });
      // Only our own ids: anything else is not our token (401), never a 400 from the database.
      const { sub, sid } = payload;
      return typeof sub === 'string' && UUID.test(sub) && typeof sid === 'string' && UUID.test(sid)
        ? { userId: sub.toLowerCase(), sessionId: sid.toLowerCase() }
        : undefined;
    } catch (error) {
      if (error instanceof errors.JOSEError || error instanceof TypeError) return undefined;
      throw error;
    }
  }
}
