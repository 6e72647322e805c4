import type { CalendarLinks } from '@camp/shared';
import { eq, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityEvents, users } from '../../db/schema/index';
import { type Camp, insertRegistration, startCamp } from '../../../test/camp';
import {
  adminPost,
  adminShift,
  configure,
  insertSignedInPerson,
  type Person,
} from '../../../test/camp-registrations';
import { TEST_APP_SECRET } from '../../../test/app';
import { parseCalendar } from '../../../test/ical';
import { FeedTokens } from './feed-token';

// The calendar feed (docs/product.md §11 Calendar feed, decision 054), read back with a real iCalendar parser.

const PUBLIC_URL = 'https://camp.example.org';
const FEED_PREFIX = `${PUBLIC_URL}/api/calendar/feed/`;
/** 2026's US fall-back change is on Sunday, November 1 (02:00 PDT → 01:00 PST): the festival's Closing Sunday. */
const OPENING_SUNDAY = '2026-10-25';
const YEAR = 2026;
const ZONE = 'America/Los_Angeles';
const NOT_FOUND = { statusCode: 404, error: 'Not Found', message: 'Calendar feed not found' };

describe('calendar feed: /api/calendar', () => {
  let camp: Camp;
  let other: Person;
  let ids: {
    gateCategory: string;
    leadsCategory: string;
    monday: string;
    overnight: string;
    fallBack: string;
    greeter: string;
    nightWatch: string;
    bellRinger: string;
    otherJob: string;
    leadJob: string;
    oldYearJob: string;
  };

  /** GET of a feed or download by its absolute URL, as a calendar app would fetch it (no session). */
  const fetchUrl = (url: string, headers: Record<string, string> = {}) =>
    camp.t.app.inject({ method: 'GET', url: url.replace(PUBLIC_URL, ''), headers });
  const linksOf = async (headers: { authorization: string }): Promise<CalendarLinks> => {
    const response = await camp.t.app.inject({ method: 'GET', url: '/api/calendar/me', headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<CalendarLinks>();
  };
  const feedOf = async (url: string) => {
    const response = await fetchUrl(url);
    expect(response.statusCode, response.body).toBe(200);
    return { response, calendar: parseCalendar(response.body) };
  };
  /** Every work and configuration row as last changed an hour ago: a change now makes a higher SEQUENCE. */
  const ageWorkRows = async () => {
    const db = camp.t.database.db;
    for (const table of ['shifts', 'jobs', 'job_categories', 'camp_config'])
      await db.execute(sql`update ${sql.identifier(table)} set updated_at = now() - interval '1 hour'`);
  };

  beforeAll(async () => {
    camp = await startCamp({ PUBLIC_URL });
    await configure(camp, { registrationYear: YEAR, openingSunday: OPENING_SUNDAY, timeZone: ZONE });
    const gateCategory = await adminPost(camp, '/api/job-categories', {
      name: 'Gate, front',
      description: 'Greets arrivals',
    });
    const leadsCategory = await adminPost(camp, '/api/job-categories', {
      name: 'Leads',
      description: 'Shift leads',
      staffOnly: true,
    });
    const monday = await adminShift(camp, 'Morning', 'MONDAY', '09:00', '12:00', {
      description: 'Bring water; wear a hat',
    });
    const overnight = await adminShift(camp, 'Night', 'SATURDAY', '22:00', '02:00');
    const fallBack = await adminShift(camp, 'Small hours', 'CLOSING_SUNDAY', '00:30', '03:30');
    const job = (name: string, categoryId: string, shiftId: string, location = 'Front gate') =>
      adminPost(camp, '/api/jobs', { name, location, categoryId, shiftId, maxRegistrations: 5 });
    ids = {
      gateCategory,
      leadsCategory,
      monday,
      overnight,
      fallBack,
      greeter: await job('Greeter', gateCategory, monday),
      nightWatch: await job('Night watch', gateCategory, overnight, 'Tower'),
      bellRinger: await job('Bell ringer', gateCategory, fallBack, 'Bell tower'),
      otherJob: await job('Dishes', gateCategory, monday, 'Kitchen'),
      leadJob: await job('Gate lead', leadsCategory, monday),
      oldYearJob: await job('Old year job', gateCategory, monday, 'Elsewhere'),
    };
    const db = camp.t.database.db;
    await db
      .update(users)
      .set({ internalNotes: 'ADMIN-ONLY-NOTE', firstName: 'Pat', lastName: 'Participant' })
      .where(eq(users.id, camp.participant.userId));
    // The participant's registration of the year (PENDING holds its places) and a confirmed one of last year.
    await insertRegistration(db, {
      userId: camp.participant.userId,
      status: 'PENDING',
      year: YEAR,
      jobIds: [ids.greeter, ids.nightWatch, ids.bellRinger],
    });
    await insertRegistration(db, {
      userId: camp.participant.userId,
      status: 'CONFIRMED',
      year: YEAR - 1,
      jobIds: [ids.oldYearJob],
    });
    other = await insertSignedInPerson(camp, {
      firstName: 'Olga',
      lastName: 'Otherperson',
      playaName: 'Sparkle',
      internalNotes: 'OTHER-ADMIN-NOTE',
    });
    await insertRegistration(db, {
      userId: other.id,
      status: 'CONFIRMED',
      year: YEAR,
      jobIds: [ids.greeter, ids.otherJob],
    });
  });
  afterAll(async () => {
    await camp?.close();
  });

  describe('GET /api/calendar/me', () => {
    it("answers a participant's own feed link under PUBLIC_URL, no schedule link, and that dates are set", async () => {
      const links = await linksOf(camp.participant.headers);
      expect(links).toEqual({
        feedUrl: expect.stringMatching(
          /^https:\/\/camp\.example\.org\/api\/calendar\/feed\/[\w-]{22}\.[\w-]{43}\.ics$/,
        ),
        scheduleFeedUrl: null,
        datesSet: true,
      });
      // The same link on every read until it is reset.
      expect(await linksOf(camp.participant.headers)).toEqual(links);
    });

    it('answers staff and admins a whole-schedule link beside their own', async () => {
      for (const session of [camp.staff, camp.admin]) {
        const links = await linksOf(session.headers);
        expect(links.feedUrl.startsWith(FEED_PREFIX)).toBe(true);
        expect(links.scheduleFeedUrl?.startsWith(FEED_PREFIX)).toBe(true);
        expect(links.scheduleFeedUrl).not.toBe(links.feedUrl);
      }
    });

    it('needs a sign-in', async () => {
      const response = await camp.call('GET', '/api/calendar/me');
      expect(response.statusCode).toBe(401);
      expect((await camp.call('POST', '/api/calendar/me/reset')).statusCode).toBe(401);
    });
  });

  describe("a person's feed", () => {
    it('lists their shifts of the year with job, location, description and the right moments around the fall-back change', async () => {
      const { feedUrl } = await linksOf(camp.participant.headers);
      const { response, calendar } = await feedOf(feedUrl);
      expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
      expect(response.headers['cache-control']).toBe('private, no-cache');
      expect(response.headers.etag).toMatch(/^"[\w-]{27}"$/);
      expect(calendar).toMatchObject({
        version: '2.0',
        method: 'PUBLISH',
        name: 'Dust Camp: my shifts',
        timeZone: ZONE,
      });
      const events = calendar.events.map(
        ({ uid, summary, location, description, start, end, utc, categories }) => ({
          uid,
          summary,
          location,
          description,
          start,
          end,
          utc,
          categories,
        }),
      );
      expect(events).toEqual([
        {
          // Monday Oct 26, 09:00–12:00 PDT (UTC−7).
          uid: `${ids.greeter}@camp.example.org`,
          summary: 'Greeter — Morning',
          location: 'Front gate',
          description: 'Bring water; wear a hat\nCategory: Gate, front',
          start: '2026-10-26T16:00:00.000Z',
          end: '2026-10-26T19:00:00.000Z',
          utc: true,
          categories: ['Gate, front'],
        },
        {
          // Saturday Oct 31 22:00 PDT to Sunday Nov 1 02:00 PST: five hours, past midnight and the change.
          uid: `${ids.nightWatch}@camp.example.org`,
          summary: 'Night watch — Night',
          location: 'Tower',
          description: 'Category: Gate, front',
          start: '2026-11-01T05:00:00.000Z',
          end: '2026-11-01T10:00:00.000Z',
          utc: true,
          categories: ['Gate, front'],
        },
        {
          // Closing Sunday Nov 1, 00:30 PDT (UTC−7) to 03:30 PST (UTC−8): four hours for three on the clock.
          uid: `${ids.bellRinger}@camp.example.org`,
          summary: 'Bell ringer — Small hours',
          location: 'Bell tower',
          description: 'Category: Gate, front',
          start: '2026-11-01T07:30:00.000Z',
          end: '2026-11-01T11:30:00.000Z',
          utc: true,
          categories: ['Gate, front'],
        },
      ]);
    });

    it("leaks nothing else: no one else's shifts or details, no admin fields, not even the person's own profile", async () => {
      const { feedUrl } = await linksOf(camp.participant.headers);
      const body = (await fetchUrl(feedUrl)).body;
      for (const secret of [
        other.id,
        other.email,
        'Olga',
        'Otherperson',
        'Sparkle',
        'OTHER-ADMIN-NOTE',
        ids.otherJob,
        'Dishes',
        'Kitchen',
        ids.oldYearJob,
        'Old year job',
        ids.leadJob,
        camp.participant.userId,
        'participant@example.org',
        'Pat',
        'ADMIN-ONLY-NOTE',
        'Signed up',
        '/5',
      ]) {
        expect(body, secret).not.toContain(secret);
      }
      const properties = new Set(
        body
          .replace(/\r\n /g, '')
          .split('\r\n')
          .filter(Boolean)
          .map((line) => line.split(/[:;]/)[0]),
      );
      expect([...properties].sort()).toEqual(
        [
          'BEGIN',
          'END',
          'VERSION',
          'PRODID',
          'CALSCALE',
          'METHOD',
          'X-WR-CALNAME',
          'X-WR-TIMEZONE',
          'REFRESH-INTERVAL',
          'X-PUBLISHED-TTL',
          'UID',
          'SEQUENCE',
          'DTSTAMP',
          'LAST-MODIFIED',
          'DTSTART',
          'DTEND',
          'SUMMARY',
          'LOCATION',
          'DESCRIPTION',
          'CATEGORIES',
          'STATUS',
          'TRANSP',
        ].sort(),
      );
    });

    it("does not list a registration's shifts while it holds no place (waitlisted or cancelled)", async () => {
      const people: Person[] = [];
      for (const status of ['WAITLISTED', 'CANCELLED'] as const) {
        const person = await insertSignedInPerson(camp);
        await insertRegistration(camp.t.database.db, {
          userId: person.id,
          status,
          year: YEAR,
          jobIds: [ids.greeter],
        });
        people.push(person);
      }
      for (const person of people) {
        const { calendar } = await feedOf((await linksOf(person.headers)).feedUrl);
        expect(calendar.events).toEqual([]);
      }
    });

    it('answers 304 to If-None-Match while the feed is unchanged', async () => {
      const { feedUrl } = await linksOf(camp.participant.headers);
      const first = await fetchUrl(feedUrl);
      const etag = String(first.headers.etag);
      const again = await fetchUrl(feedUrl, { 'if-none-match': etag });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers.etag).toBe(etag);
      // The body of an unchanged feed is the same, byte for byte (DTSTAMP is the data's, not the clock's).
      expect((await fetchUrl(feedUrl)).body).toBe(first.body);
      expect((await fetchUrl(feedUrl, { 'if-none-match': '"something-else"' })).statusCode).toBe(200);
    });

    it('keeps the UID and raises SEQUENCE when an admin moves a shift, and the ETag changes', async () => {
      await ageWorkRows();
      const { feedUrl } = await linksOf(camp.participant.headers);
      const before = await feedOf(feedUrl);
      const greeterBefore = before.calendar.events.find((e) => e.uid.startsWith(ids.greeter))!;
      const moved = await camp.call('PATCH', `/api/shifts/${ids.monday}`, camp.admin, {
        startTime: '10:00',
        endTime: '13:30',
      });
      expect(moved.statusCode, moved.body).toBe(200);
      const after = await fetchUrl(feedUrl, { 'if-none-match': String(before.response.headers.etag) });
      expect(after.statusCode).toBe(200);
      expect(after.headers.etag).not.toBe(before.response.headers.etag);
      const greeterAfter = parseCalendar(after.body).events.find((e) => e.uid.startsWith(ids.greeter))!;
      expect(greeterAfter.uid).toBe(greeterBefore.uid);
      expect(greeterAfter.sequence).toBeGreaterThan(greeterBefore.sequence);
      expect(greeterAfter).toMatchObject({
        start: '2026-10-26T17:00:00.000Z',
        end: '2026-10-26T20:30:00.000Z',
      });
      // The events of the shifts that did not move are untouched.
      const untouched = (calendar: typeof before.calendar) =>
        calendar.events.filter((e) => !e.uid.startsWith(ids.greeter));
      expect(untouched(parseCalendar(after.body))).toEqual(untouched(before.calendar));
    });

    it('moves every event, with a higher SEQUENCE, when Opening Sunday changes', async () => {
      await ageWorkRows();
      const { feedUrl } = await linksOf(camp.participant.headers);
      const before = (await feedOf(feedUrl)).calendar.events;
      await configure(camp, { registrationYear: YEAR, openingSunday: '2026-11-01', timeZone: ZONE });
      const after = (await feedOf(feedUrl)).calendar.events;
      expect(after.map((e) => e.uid)).toEqual(before.map((e) => e.uid));
      for (const [index, event] of after.entries()) {
        expect(event.sequence).toBeGreaterThan(before[index]!.sequence);
        // A week later, all in standard time now: an hour later in UTC for the events that were in daylight time.
        expect(Date.parse(event.start)).toBeGreaterThan(Date.parse(before[index]!.start));
      }
      expect(after[0]).toMatchObject({ start: '2026-11-02T18:00:00.000Z', end: '2026-11-02T21:30:00.000Z' });
      await configure(camp, { registrationYear: YEAR, openingSunday: OPENING_SUNDAY, timeZone: ZONE });
    });
  });

  describe('reset', () => {
    it('gives new links; the old ones answer 404 from then on, and the reset is a security event', async () => {
      const person = await insertSignedInPerson(camp, { role: 'STAFF' });
      const old = await linksOf(person.headers);
      expect((await fetchUrl(old.feedUrl)).statusCode).toBe(200);
      const response = await camp.t.app.inject({
        method: 'POST',
        url: '/api/calendar/me/reset',
        headers: person.headers,
      });
      expect(response.statusCode, response.body).toBe(200);
      const fresh = response.json<CalendarLinks>();
      expect(fresh.feedUrl).not.toBe(old.feedUrl);
      expect(fresh.scheduleFeedUrl).not.toBe(old.scheduleFeedUrl);
      expect(await linksOf(person.headers)).toEqual(fresh);
      for (const url of [old.feedUrl, old.scheduleFeedUrl!]) {
        const gone = await fetchUrl(url);
        expect(gone.statusCode).toBe(404);
        expect(gone.json()).toEqual(NOT_FOUND);
      }
      expect((await fetchUrl(fresh.feedUrl)).statusCode).toBe(200);
      expect((await fetchUrl(fresh.scheduleFeedUrl!)).statusCode).toBe(200);
      const events = await camp.t.database.db
        .select({
          type: securityEvents.type,
          actor: securityEvents.actorUserId,
          details: securityEvents.details,
        })
        .from(securityEvents)
        .where(eq(securityEvents.subjectUserId, person.id));
      expect(events).toEqual([{ type: 'calendar.link_reset', actor: person.id, details: { version: 1 } }]);
    });

    it('allows 10 resets an hour, then answers 429 and changes nothing', async () => {
      const person = await insertSignedInPerson(camp);
      const reset = () =>
        camp.t.app.inject({ method: 'POST', url: '/api/calendar/me/reset', headers: person.headers });
      for (let i = 0; i < 10; i += 1) expect((await reset()).statusCode).toBe(200);
      const links = await linksOf(person.headers);
      const refused = await reset();
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({
        message: 'Too many calendar link resets. Please wait a while and try again.',
      });
      expect(await linksOf(person.headers)).toEqual(links);
    });
  });

  describe('the whole schedule (staff and admins)', () => {
    it('lists every job of every shift with places taken, and no names', async () => {
      const { scheduleFeedUrl } = await linksOf(camp.admin.headers);
      const { response, calendar } = await feedOf(scheduleFeedUrl!);
      expect(calendar.name).toBe('Dust Camp: work schedule');
      const byUid = new Map(calendar.events.map((e) => [e.uid, e]));
      expect([...byUid.keys()].sort()).toEqual(
        Object.entries(ids)
          .filter(([key]) => key.endsWith('Job') || ['greeter', 'nightWatch', 'bellRinger'].includes(key))
          .map(([, id]) => `schedule-${id}@camp.example.org`)
          .sort(),
      );
      // Greeter: the participant (PENDING) and the other person (CONFIRMED); waitlisted and cancelled ones not.
      expect(byUid.get(`schedule-${ids.greeter}@camp.example.org`)?.description).toBe(
        'Bring water; wear a hat\nCategory: Gate, front\nSigned up: 2/5',
      );
      expect(byUid.get(`schedule-${ids.leadJob}@camp.example.org`)?.description).toBe(
        'Bring water; wear a hat\nCategory: Leads\nSigned up: 0/5',
      );
      for (const secret of [other.email, 'Olga', 'Sparkle', 'participant@example.org', 'Pat', other.id])
        expect(response.body, secret).not.toContain(secret);
    });

    it('stops working (404) when its holder is no longer staff; their own feed still works', async () => {
      const deputy = await insertSignedInPerson(camp, { role: 'STAFF' });
      const links = await linksOf(deputy.headers);
      expect((await fetchUrl(links.scheduleFeedUrl!)).statusCode).toBe(200);
      await camp.t.database.db.update(users).set({ role: 'PARTICIPANT' }).where(eq(users.id, deputy.id));
      const gone = await fetchUrl(links.scheduleFeedUrl!);
      expect(gone.statusCode).toBe(404);
      expect(gone.json()).toEqual(NOT_FOUND);
      expect((await fetchUrl(links.feedUrl)).statusCode).toBe(200);
      expect((await linksOf(deputy.headers)).scheduleFeedUrl).toBeNull();
    });

    it("is not a participant's to forge: a schedule token made for a participant opens nothing", async () => {
      const tokens = new FeedTokens(TEST_APP_SECRET);
      const forged = tokens.sign(camp.participant.userId, 0, 'schedule');
      expect((await fetchUrl(`${FEED_PREFIX}${forged}.ics`)).statusCode).toBe(404);
    });
  });

  describe('tokens that open nothing', () => {
    it('answers 404 with nothing more to any token of any shape, never a 500', async () => {
      const { feedUrl } = await linksOf(camp.participant.headers);
      const token = feedUrl.slice(FEED_PREFIX.length, -'.ics'.length);
      const [idPart, macPart] = token.split('.') as [string, string];
      const flipped = `${macPart.slice(0, 10)}${macPart[10] === 'A' ? 'B' : 'A'}${macPart.slice(11)}`;
      const stranger = new FeedTokens(TEST_APP_SECRET).sign(randomUUID(), 0, 'mine');
      const bad: string[] = [
        '',
        'x',
        'not-a-token',
        `${idPart}.${flipped}`,
        `${idPart}.${macPart}x`,
        `${idPart}..${macPart}`,
        `${token}.ics`,
        token.toLowerCase(),
        stranger,
        '%00',
        "'%20or%201=1--",
        '..%2F..%2Fetc%2Fpasswd',
        'x'.repeat(100),
        '%F0%9F%98%80',
        randomUUID(),
      ];
      for (const value of bad) {
        const response = await camp.t.app.inject({ method: 'GET', url: `/api/calendar/feed/${value}.ics` });
        expect(response.statusCode, value.slice(0, 40)).toBe(404);
        expect(response.headers['content-type']).toContain('application/json');
        expect(response.body).not.toContain('calendar:');
      }
      // A path parameter over Fastify's 100 characters is 414 for every route of the app, before any handler.
      const long = await camp.t.app.inject({
        method: 'GET',
        url: `/api/calendar/feed/${'x'.repeat(5000)}.ics`,
      });
      expect(long.statusCode).toBe(414);
      // Without the .ics ending there is no such route.
      expect(
        (await camp.t.app.inject({ method: 'GET', url: `/api/calendar/feed/${token}` })).statusCode,
      ).toBe(404);
    });

    it("answers 404 for a deleted person's link", async () => {
      const leaving = await insertSignedInPerson(camp);
      const { feedUrl } = await linksOf(leaving.headers);
      const removed = await camp.call('DELETE', `/api/users/${leaving.id}`, camp.admin);
      expect(removed.statusCode, removed.body).toBeLessThan(300);
      expect((await fetchUrl(feedUrl)).statusCode).toBe(404);
    });
  });

  describe('one shift as an .ics download', () => {
    const download = (jobId: string, headers: Record<string, string> = {}) =>
      camp.t.app.inject({ method: 'GET', url: `/api/calendar/jobs/${jobId}.ics`, headers });

    it('answers the job as one event, the same event as in the feed, as an attachment', async () => {
      const response = await download(ids.bellRinger, camp.participant.headers);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
      expect(response.headers['content-disposition']).toBe('attachment; filename="bell-ringer.ics"');
      const { events } = parseCalendar(response.body);
      const { calendar } = await feedOf((await linksOf(camp.participant.headers)).feedUrl);
      expect(events).toEqual([calendar.events.find((e) => e.uid === `${ids.bellRinger}@camp.example.org`)]);
      const again = await download(ids.bellRinger, {
        ...camp.participant.headers,
        'if-none-match': String(response.headers.etag),
      });
      expect(again.statusCode).toBe(304);
    });

    it('is any job the caller may see: a staff-only one is not found for a participant', async () => {
      const hidden = await download(ids.leadJob, camp.participant.headers);
      expect(hidden.statusCode).toBe(404);
      expect(hidden.json()).toMatchObject({ message: 'Job not found' });
      expect((await download(ids.leadJob, camp.staff.headers)).statusCode).toBe(200);
      // Not one of the caller's shifts is fine: a job anyone may see.
      expect((await download(ids.otherJob, camp.participant.headers)).statusCode).toBe(200);
      expect((await download(randomUUID(), camp.participant.headers)).statusCode).toBe(404);
      const bad = await download('not-a-job', camp.participant.headers);
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ message: ['Invalid job id'] });
      expect((await download(ids.greeter)).statusCode).toBe(401);
    });
  });

  describe('without event dates', () => {
    it('answers a valid empty feed, says dates are not set, and refuses a download with a clear message', async () => {
      await configure(camp, { registrationYear: YEAR, openingSunday: null, timeZone: ZONE });
      try {
        const links = await linksOf(camp.staff.headers);
        expect(links.datesSet).toBe(false);
        for (const url of [links.feedUrl, links.scheduleFeedUrl!]) {
          const { calendar } = await feedOf(url);
          expect(calendar).toMatchObject({ version: '2.0', events: [] });
        }
        const refused = await camp.t.app.inject({
          method: 'GET',
          url: `/api/calendar/jobs/${ids.greeter}.ics`,
          headers: camp.participant.headers,
        });
        expect(refused.statusCode).toBe(409);
        expect(refused.json()).toEqual({
          statusCode: 409,
          error: 'Conflict',
          message: 'The camp has not set its dates yet, so this shift has no date to put in a calendar.',
        });
      } finally {
        await configure(camp, { registrationYear: YEAR, openingSunday: OPENING_SUNDAY, timeZone: ZONE });
      }
    });
  });
});
