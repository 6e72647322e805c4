import type { Role } from '@camp/shared';
import { errors, jwtVerify, SignJWT } from 'jose';
import { deriveKey } from './crypto';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
const ISSUER = 'camp-registration';
const AUDIENCE = 'camp-registration-api';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface AccessClaims {
  userId: string;
}

/** Short-lived access JWTs (HS256). Only the subject is trusted: role and flags are read from the database. */
export class AccessTokens {
  private readonly key: Uint8Array;

  constructor(
    appSecret: string,
    private readonly now: () => Date,
  ) {
    this.key = new Uint8Array(deriveKey(appSecret, 'access-token'));
  }

  async issue(userId: string, role: Role): Promise<string> {
    const issuedAt = Math.floor(this.now().getTime() / 1000);
    return new SignJWT({ role })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(userId)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + ACCESS_TOKEN_TTL_SECONDS)
      .sign(this.key);
  }

  /** The claims of a valid token, or undefined for anything else (bad signature, alg, expiry, shape). */
  async verify(token: string): Promise<AccessClaims | undefined> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        issuer: ISSUER,
        audience: AUDIENCE,
        currentDate: this.now(),
        // A token without an expiry would never die: every one we issue has both.
        requiredClaims: ['exp', 'iat', 'sub'],
      });
      // Only our own user ids: anything else is not our token (401), never a 400 from the database.
      return typeof payload.sub === 'string' && UUID.test(payload.sub)
        ? { userId: payload.sub.toLowerCase() }
        : undefined;
    } catch (error) {
      if (error instanceof errors.JOSEError || error instanceof TypeError) return undefined;
      throw error;
    }
  }
}
