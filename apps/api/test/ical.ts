import ICAL from 'ical.js';

// The calendar feed read back with a real iCalendar parser (ical.js), as a calendar app would read it: the tests
// assert on what the parser understood, never on our own text alone (decision 054).

export interface ParsedEvent {
  uid: string;
  sequence: number;
  summary: string;
  location: string | null;
  description: string | null;
  /** ISO moments (UTC) as the parser understood DTSTART and DTEND. */
  start: string;
  end: string;
  /** Whether the parser read the times as UTC (…Z). */
  utc: boolean;
  categories: string[];
  stamp: string;
}

export interface ParsedCalendar {
  version: string | null;
  prodid: string | null;
  method: string | null;
  name: string | null;
  timeZone: string | null;
  events: ParsedEvent[];
}

const textOf = (component: ICAL.Component, name: string): string | null => {
  const value = component.getFirstPropertyValue(name);
  return value === null || value === undefined ? null : String(value);
};

/**
 * An X- property's TEXT value (RFC 5545 §3.8.8.2: TEXT by default). ical.js leaves properties it does not know
 * raw, so their escapes are read here as a calendar app reads them.
 */
const xText = (component: ICAL.Component, name: string): string | null =>
  textOf(component, name)?.replace(/\\([\\;,nN])/g, (_m, c: string) => (c === 'n' || c === 'N' ? '\n' : c)) ??
  null;

export function parseCalendar(text: string): ParsedCalendar {
  const calendar = new ICAL.Component(ICAL.parse(text));
  if (calendar.name !== 'vcalendar') throw new Error(`not a calendar: ${calendar.name}`);
  return {
    version: textOf(calendar, 'version'),
    prodid: textOf(calendar, 'prodid'),
    method: textOf(calendar, 'method'),
    name: xText(calendar, 'x-wr-calname'),
    timeZone: xText(calendar, 'x-wr-timezone'),
    events: calendar.getAllSubcomponents('vevent').map((vevent) => {
      const event = new ICAL.Event(vevent);
      const stamp = vevent.getFirstPropertyValue('dtstamp') as ICAL.Time;
      return {
        uid: event.uid,
        sequence: event.sequence,
        summary: event.summary,
        location: event.location ?? null,
        description: event.description ?? null,
        start: event.startDate.toJSDate().toISOString(),
        end: event.endDate.toJSDate().toISOString(),
        utc:
          event.startDate.zone === ICAL.Timezone.utcTimezone &&
          event.endDate.zone === ICAL.Timezone.utcTimezone,
        categories: vevent.getAllProperties('categories').flatMap((p) => p.getValues().map(String)),
        stamp: stamp.toJSDate().toISOString(),
      };
    }),
  };
}
