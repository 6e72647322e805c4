import { randomBytes, scrypt, type ScryptOptions, timingSafeEqual } from 'node:crypto';

/** scrypt cost: N=2^15 (≈32 MiB, tens of ms), r=8, p=1 — OWASP's minimum for scrypt. */
const PARAMS = { N: 32_768, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;
const MAX_MEMORY = 64 * 1024 * 1024;

function derive(password: string, salt: Buffer, params: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { ...params, maxmem: MAX_MEMORY }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/**
 * A salted scrypt hash, self-describing so the cost can be raised later:
 * `scrypt$N=32768,r=8,p=1$<salt>$<hash>` (base64url).
 */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, PARAMS);
  return `scrypt$N=${PARAMS.N},r=${PARAMS.r},p=${PARAMS.p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

/** Whether a password matches a hash made by hashPassword (constant-time comparison). */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, params, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !params || !salt || !hash) return false;
  const values = Object.fromEntries(params.split(',').map((pair) => pair.split('=')));
  const N = Number(values.N);
  const r = Number(values.r);
  const p = Number(values.p);
  if (![N, r, p].every((value) => Number.isInteger(value) && value > 0)) return false;
  const expected = Buffer.from(hash, 'base64url');
  const actual = await derive(password, Buffer.from(salt, 'base64url'), { N, r, p });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
