// A small iCalendar (RFC 5545) writer for the calendar feed and the one-shift download (decision 054): only what
// they need, written by hand so every byte is ours to test. Lines end in CRLF and are folded at 75 octets
// (RFC 5545 §3.1), TEXT values are escaped (RFC 5545 §3.3.11), times are UTC ('…Z', RFC 5545 §3.3.5 form #2),
// which every client shows in its reader's own zone. Parsed back with a real parser (ical.js) in the tests.

/** One VEVENT. */
export interface IcsEvent {
  /** Globally unique and stable across edits: the event a client updates rather than duplicates. */
  uid: string;
  /** Grows whenever the event's data changes (RFC 5545 §3.8.7.4). */
  sequence: number;
  /** When the event's data last changed: DTSTAMP and LAST-MODIFIED (so an unchanged feed is byte-identical). */
  stamp: Date;
  /** ISO moments (UTC). */
  start: string;
  end: string;
  summary: string;
  location?: string | null;
  description?: string | null;
  categories?: readonly string[];
}

export interface IcsCalendar {
  /** X-WR-CALNAME: the name a client gives the subscribed calendar. */
  name: string;
  /** X-WR-TIMEZONE: the camp's zone (the events themselves are in UTC). */
  timeZone: string;
  events: readonly IcsEvent[];
}

export const PRODID = '-//Camp Registration//Calendar Feed//EN';
/** How often a subscribed client should read the feed again (Outlook and Apple honour these). */
const REFRESH = 'PT1H';

/** TEXT escaping (RFC 5545 §3.3.11): backslash, semicolon, comma and line breaks. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/**
 * A content line folded at 75 octets (RFC 5545 §3.1): CRLF and one space before each continuation, never inside a
 * UTF-8 character (a code point is never split, so a multi-byte character stays whole on one side).
 */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  // The first line holds 75 octets; each continuation begins with a space, so holds 74 more.
  let limit = 75;
  for (const char of line) {
    const size = Buffer.byteLength(char, 'utf8');
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
      limit = 74;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** A moment as an iCalendar UTC date-time: 20260830T160000Z. */
export function icsUtc(moment: string | Date): string {
  const iso = (typeof moment === 'string' ? new Date(moment) : moment).toISOString();
  return `${iso.slice(0, 19).replace(/[-:]/g, '')}Z`;
}

/** Control characters other than line breaks have no place in a TEXT value (they cannot be escaped). */
// eslint-disable-next-line no-control-regex -- control characters are exactly what is dropped here
const CONTROL = /[\u0000-\u0009\u000B\u000C\u000E-\u001F\u007F]/g;

const text = (value: string) => escapeText(value.replace(CONTROL, ''));

function eventLines(event: IcsEvent): string[] {
  const lines = [
    'BEGIN:VEVENT',
    `UID:${text(event.uid)}`,
    `SEQUENCE:${event.sequence}`,
    `DTSTAMP:${icsUtc(event.stamp)}`,
    `LAST-MODIFIED:${icsUtc(event.stamp)}`,
    `DTSTART:${icsUtc(event.start)}`,
    `DTEND:${icsUtc(event.end)}`,
    `SUMMARY:${text(event.summary)}`,
  ];
  if (event.location) lines.push(`LOCATION:${text(event.location)}`);
  if (event.description) lines.push(`DESCRIPTION:${text(event.description)}`);
  if (event.categories && event.categories.length > 0)
    lines.push(`CATEGORIES:${event.categories.map(text).join(',')}`);
  lines.push('STATUS:CONFIRMED', 'TRANSP:OPAQUE', 'END:VEVENT');
  return lines;
}

/**
 * The whole VCALENDAR text. METHOD:PUBLISH tells Outlook it is a calendar to show, not an invitation to answer;
 * VERSION and PRODID are required (RFC 5545 §3.7); CALSCALE is the default, written out for old clients.
 */
export function serializeCalendar(calendar: IcsCalendar): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${PRODID}`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${text(calendar.name)}`,
    `X-WR-TIMEZONE:${text(calendar.timeZone)}`,
    `REFRESH-INTERVAL;VALUE=DURATION:${REFRESH}`,
    `X-PUBLISHED-TTL:${REFRESH}`,
    ...calendar.events.flatMap(eventLines),
    'END:VCALENDAR',
  ];
  return lines.map(foldLine).join('\r\n') + '\r\n';
}
