import { describe, expect, it } from 'vitest';
import { parseCalendar } from '../../../test/ical';
import { escapeText, foldLine, icsUtc, PRODID, serializeCalendar } from './ics';
import { FeedTokens } from './feed-token';

const event = {
  uid: '7d4c8a8e-0000-4000-8000-000000000001@camp.example.org',
  sequence: 12,
  stamp: new Date('2026-08-01T10:20:30.456Z'),
  start: '2026-08-31T16:00:00.000Z',
  end: '2026-08-31T19:00:00.000Z',
  summary: 'Greeter — Morning',
  location: 'Gate; north side, by the flags',
  description: 'Say hello\\wave\nCategory: Gate',
  categories: ['Gate, front'],
};

describe('ics: the iCalendar writer (RFC 5545)', () => {
  it('escapes TEXT: backslash, semicolon, comma and every kind of line break', () => {
    expect(escapeText('a\\b;c,d\ne\r\nf\rg')).toBe('a\\\\b\\;c\\,d\\ne\\nf\\ng');
  });

  it('folds lines at 75 octets with CRLF and a space, never inside a UTF-8 character', () => {
    const short = 'SUMMARY:' + 'x'.repeat(67);
    expect(foldLine(short)).toBe(short);
    const long = 'DESCRIPTION:' + 'é'.repeat(100);
    const folded = foldLine(long);
    const lines = folded.split('\r\n');
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    for (const line of lines.slice(1)) expect(line.startsWith(' ')).toBe(true);
    // Unfolding gives the line back, every character whole.
    expect(folded.replace(/\r\n /g, '')).toBe(long);
    expect(lines.every((line) => !line.includes('\uFFFD'))).toBe(true);
  });

  it('writes UTC date-times', () => {
    expect(icsUtc('2026-11-01T08:30:00.000Z')).toBe('20261101T083000Z');
    expect(icsUtc(new Date('2026-01-02T03:04:05.999Z'))).toBe('20260102T030405Z');
  });

  it('writes a calendar every line of which ends in CRLF, which a real parser reads back exactly', () => {
    const text = serializeCalendar({
      name: 'Camp, "Dusty": my shifts',
      timeZone: 'America/Los_Angeles',
      events: [event, { ...event, uid: 'second@camp.example.org', location: null, description: null }],
    });
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    expect(text.split('\r\n').slice(0, 5)).toEqual([
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      `PRODID:${PRODID}`,
      'CALSCALE:GREGORIAN',
      'METHOD:PUBLISH',
    ]);
    expect(text).toContain('\r\nDTSTART:20260831T160000Z\r\nDTEND:20260831T190000Z\r\n');
    expect(text).toContain('\r\nDTSTAMP:20260801T102030Z\r\n');

    const parsed = parseCalendar(text);
    expect(parsed).toMatchObject({
      version: '2.0',
      prodid: PRODID,
      method: 'PUBLISH',
      name: 'Camp, "Dusty": my shifts',
      timeZone: 'America/Los_Angeles',
    });
    expect(parsed.events).toEqual([
      {
        uid: event.uid,
        sequence: 12,
        summary: 'Greeter — Morning',
        location: 'Gate; north side, by the flags',
        description: 'Say hello\\wave\nCategory: Gate',
        start: '2026-08-31T16:00:00.000Z',
        end: '2026-08-31T19:00:00.000Z',
        utc: true,
        categories: ['Gate, front'],
        stamp: '2026-08-01T10:20:30.000Z',
      },
      expect.objectContaining({ uid: 'second@camp.example.org', location: null, description: null }),
    ]);
  });

  it('drops control characters a TEXT value cannot carry', () => {
    const text = serializeCalendar({
      name: 'Camp',
      timeZone: 'UTC',
      events: [{ ...event, summary: 'Bell\u0007 ringer\u0000', description: 'Tab\there' }],
    });
    const [parsed] = parseCalendar(text).events;
    expect(parsed).toMatchObject({ summary: 'Bell ringer', description: 'Tabhere' });
  });
});

describe('feed tokens (decision 054)', () => {
  const tokens = new FeedTokens('test-secret-test-secret-test-secret-0123456789');
  const userId = '0b6f4a6e-5a7c-4d1e-9c3b-2f1e0d9c8b7a';

  it('is the user id and an HMAC, both base64url, and opens with the version and scope it was made for', () => {
    const token = tokens.sign(userId, 3, 'mine');
    expect(token).toMatch(/^[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}$/);
    const parsed = tokens.parse(token);
    expect(parsed?.userId).toBe(userId);
    expect(tokens.scopeOf(parsed!, 3)).toBe('mine');
    expect(tokens.scopeOf(tokens.parse(tokens.sign(userId, 3, 'schedule'))!, 3)).toBe('schedule');
    // Another version (a reset) opens nothing.
    expect(tokens.scopeOf(parsed!, 4)).toBeNull();
    expect(tokens.scopeOf(parsed!, 2)).toBeNull();
    // The same id written in capitals makes the same token.
    expect(tokens.sign(userId.toUpperCase(), 3, 'mine')).toBe(token);
  });

  it('depends on the app secret', () => {
    const other = new FeedTokens('another-secret-another-secret-another-secret');
    const token = other.sign(userId, 0, 'mine');
    expect(tokens.scopeOf(tokens.parse(token)!, 0)).toBeNull();
  });

  it('refuses anything not shaped like a token, including a non-canonical spelling', () => {
    const token = tokens.sign(userId, 0, 'mine');
    const [id, mac] = token.split('.') as [string, string];
    // The last character of a 32-byte value carries 2 spare bits: a different letter with the same bytes.
    const last = mac.at(-1)!;
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const sibling = alphabet[alphabet.indexOf(last) ^ 1]!;
    for (const bad of [
      '',
      'x',
      `${id}.${mac}.x`,
      `${id}${mac}`,
      `${id}.${mac}=`,
      `${id}.${mac.slice(0, -1)}${sibling}`,
      `${id}.${mac}`.replace('.', '/'),
      `${'A'.repeat(22)}.${'B'.repeat(44)}`,
      'x'.repeat(5000),
    ]) {
      expect(tokens.parse(bad), bad.slice(0, 40)).toBeNull();
    }
  });
});
