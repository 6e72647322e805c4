import { CALENDAR_FEED_SCOPES, type CalendarFeedScope } from '@camp/shared';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { deriveKey } from '../../lib/crypto';

// The calendar feed's secret (decision 054): a stateless token, nothing stored but users.calendar_feed_version.
//   token = base64url(user id, 16 bytes) '.' base64url(HMAC-SHA256(key, `calendar:${userId}:${version}:${scope}`))
// The key is derived from APP_SECRET for this purpose alone. Resetting the link adds 1 to the version, so every
// earlier token stops matching; a staff member's 'schedule' token is honoured only while they are staff.

/** Exactly a 16-byte and a 32-byte value in unpadded base64url: anything else is not a token. */
const TOKEN_SHAPE = /^([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;

const HEX_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function uuidBytes(userId: string): Buffer {
  const lower = userId.toLowerCase();
  if (!HEX_UUID.test(lower)) throw new Error('not a user id');
  return Buffer.from(lower.replaceAll('-', ''), 'hex');
}

function uuidOf(bytes: Buffer): string {
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** A token's readable part: whose it claims to be, and its MAC to check against that person's current version. */
export interface ParsedFeedToken {
  userId: string;
  mac: Buffer;
}

export class FeedTokens {
  private readonly key: Buffer;

  constructor(appSecret: string) {
    this.key = deriveKey(appSecret, 'calendar-feed');
  }

  private mac(userId: string, version: number, scope: CalendarFeedScope): Buffer {
    return createHmac('sha256', this.key).update(`calendar:${userId}:${version}:${scope}`).digest();
  }

  sign(userId: string, version: number, scope: CalendarFeedScope): string {
    const id = uuidBytes(userId);
    return `${id.toString('base64url')}.${this.mac(uuidOf(id), version, scope).toString('base64url')}`;
  }

  /**
   * The token's claimed person, or null when it is not even shaped like a token. Only the canonical spelling is
   * taken (base64url has several for the last character's spare bits): one token, one string.
   */
  parse(token: string): ParsedFeedToken | null {
    const match = TOKEN_SHAPE.exec(token);
    if (!match) return null;
    const [, idPart, macPart] = match as unknown as [string, string, string];
    const id = Buffer.from(idPart, 'base64url');
    const mac = Buffer.from(macPart, 'base64url');
    if (id.length !== 16 || mac.length !== 32) return null;
    if (id.toString('base64url') !== idPart || mac.toString('base64url') !== macPart) return null;
    return { userId: uuidOf(id), mac };
  }

  /** Which scope the MAC was made for with this version, compared in constant time; null when neither. */
  scopeOf(parsed: ParsedFeedToken, version: number): CalendarFeedScope | null {
    let found: CalendarFeedScope | null = null;
    // Both scopes are always computed and compared, so the time taken says nothing about either.
    for (const scope of CALENDAR_FEED_SCOPES) {
      if (timingSafeEqual(this.mac(parsed.userId, version, scope), parsed.mac)) found = scope;
    }
    return found;
  }
}
