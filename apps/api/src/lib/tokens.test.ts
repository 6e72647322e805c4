import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { deriveKey } from './crypto';
import { ACCESS_TOKEN_TTL_SECONDS, AccessTokens } from './tokens';

// Access tokens (docs/security.md): a well-signed token must still carry exp, iat and a user id.

const SECRET = 'a'.repeat(48);
const NOW = new Date('2031-05-01T12:00:00Z');
const seconds = Math.floor(NOW.getTime() / 1000);
const key = new Uint8Array(deriveKey(SECRET, 'access-token'));

/** A token signed with the app's own key, with exactly the claims given. */
function signed(claims: { sub?: string; sid?: unknown; iat?: boolean; exp?: number | null }) {
  let jwt = new SignJWT(claims.sid === undefined ? { role: 'ADMIN' } : { role: 'ADMIN', sid: claims.sid })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer('camp-registration')
    .setAudience('camp-registration-api');
  if (claims.sub !== undefined) jwt = jwt.setSubject(claims.sub);
  if (claims.iat !== false) jwt = jwt.setIssuedAt(seconds);
  if (claims.exp !== null) jwt = jwt.setExpirationTime(claims.exp ?? seconds + 60);
  return jwt.sign(key);
}

describe('AccessTokens', () => {
  const tokens = new AccessTokens(SECRET, () => NOW);
  const id = randomUUID();
  const sid = randomUUID();

  it('accepts what it issues, for its lifetime only', async () => {
    const token = await tokens.issue(id, 'PARTICIPANT', sid);
    expect(await tokens.verify(token)).toEqual({ userId: id, sessionId: sid });
    const later = new AccessTokens(
      SECRET,
      () => new Date(NOW.getTime() + (ACCESS_TOKEN_TTL_SECONDS + 1) * 1000),
    );
    expect(await later.verify(token)).toBeUndefined();
  });

  it('refuses a well-signed token without exp or iat', async () => {
    expect(await tokens.verify(await signed({ sub: id, sid }))).toEqual({ userId: id, sessionId: sid });
    expect(await tokens.verify(await signed({ sub: id, sid, exp: null }))).toBeUndefined();
    expect(await tokens.verify(await signed({ sub: id, sid, iat: false }))).toBeUndefined();
  });

  it('refuses a token without a session id, or with one that is not an id (S11: it could not be ended)', async () => {
    expect(await tokens.verify(await signed({ sub: id }))).toBeUndefined();
    for (const bad of ['', 'session', 42, `${sid}x`]) {
      expect(await tokens.verify(await signed({ sub: id, sid: bad })), String(bad)).toBeUndefined();
    }
    expect(await tokens.verify(await signed({ sub: id, sid: sid.toUpperCase() }))).toEqual({
      userId: id,
      sessionId: sid,
    });
  });

  it('refuses a subject that is missing or not a user id, and reads an upper-case id as ours', async () => {
    expect(await tokens.verify(await signed({ sid }))).toBeUndefined();
    for (const sub of ['', 'admin', '1 or 1=1', `${id}x`, '00000000-0000-0000-0000-00000000000g']) {
      expect(await tokens.verify(await signed({ sub, sid })), sub).toBeUndefined();
    }
    expect(await tokens.verify(await signed({ sub: id.toUpperCase(), sid }))).toEqual({
      userId: id,
      sessionId: sid,
    });
  });
});
