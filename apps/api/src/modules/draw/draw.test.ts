import {
  DRAW_CAMP_WITH_MAX,
  DRAW_MESSAGES,
  DRAW_TEXTS,
  type AdminDraw,
  type DrawEntryDto,
  formatDateTime,
  formatDateTimeInZone,
  REGISTRATION_MESSAGES,
} from '@camp/shared';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminPost,
  configure,
  insertSignedInPerson,
  type Person,
  submitCamp,
  YEAR,
} from '../../../test/camp-registrations';
import { type Camp, insertRegistration, messageOf, startCamp } from '../../../test/camp';
import { drawEnteredBy, drawFallsDue } from '../../../test/camp-draw';
import {
  auditRecords,
  campingOptions,
  drawEntries,
  draws,
  emailOutbox,
  payments,
  registrations,
  timedTasks,
} from '../../db/schema/index';
import { DRAW_ALGORITHM } from '../waitlist/draw';
import { runYearDraw } from './draw-run';

// The fair start (docs/product.md §10, decision 049): the application window, entering, withdrawing, the draw.

const HOUR = 3_600_000;
const ZONE = 'America/Los_Angeles';
const iso = (ms: number) => new Date(ms).toISOString();

describe('The draw: window, entries, run', () => {
  let camp: Camp;
  /** 2 places, dues 100. */
  let cabin: string;
  /** No limit, no dues. */
  let tent: string;
  const db = () => camp.t.database.db;
  const opensAt = iso(Date.now() - HOUR);
  const closesAt = iso(Date.now() + 24 * HOUR);

  beforeAll(async () => {
    camp = await startCamp();
    await configure(camp);
    cabin = await adminPost(camp, '/api/camping-options', {
      name: 'Cabin',
      participantDues: 100,
      maxSignups: 2,
    });
    tent = await adminPost(camp, '/api/camping-options', { name: 'Tent', participantDues: 0, maxSignups: 0 });
  });
  afterAll(async () => {
    await camp?.close();
  });

  const patchConfig = (values: Record<string, unknown>) =>
    camp.call('PATCH', '/api/core-config/current', camp.admin, values);
  const pendingDrawTasks = () =>
    db()
      .select({ dueAt: timedTasks.dueAt })
      .from(timedTasks)
      .where(and(eq(timedTasks.kind, 'DRAW'), eq(timedTasks.year, YEAR), eq(timedTasks.state, 'PENDING')));
  const enter = (person: Person, body: Record<string, unknown> = {}) =>
    submitCamp(camp, person, { campingOptions: [cabin], ...body });

  describe('the window in Site Configuration', () => {
    it('refuses half a window, a window closing before it opens, and a bad date, changing nothing', async () => {
      const half = await patchConfig({ drawOpensAt: opensAt });
      expect(half.statusCode).toBe(400);
      expect(messageOf(half)).toEqual([DRAW_MESSAGES.windowBoth]);
      const backwards = await patchConfig({ drawOpensAt: closesAt, drawClosesAt: opensAt });
      expect(backwards.statusCode).toBe(400);
      expect(messageOf(backwards)).toEqual([DRAW_MESSAGES.windowOrder]);
      const bad = await patchConfig({ drawOpensAt: 'tomorrow', drawClosesAt: closesAt });
      expect(bad.statusCode).toBe(400);
      expect(JSON.stringify(messageOf(bad))).toContain(DRAW_MESSAGES.windowDate('Application window opens'));
      expect(await db().select().from(draws)).toEqual([]);
      expect(await pendingDrawTasks()).toEqual([]);
    });

    it('a window before it opens: the wizard is told when it opens (403), nothing is stored', async () => {
      const later = iso(Date.now() + 2 * HOUR);
      const saved = await patchConfig({ drawOpensAt: later, drawClosesAt: closesAt });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json()).toMatchObject({ drawOpensAt: later, drawClosesAt: closesAt });
      const person = await insertSignedInPerson(camp);
      const early = await enter(person);
      expect(early.statusCode).toBe(403);
      expect(messageOf(early)).toBe(DRAW_MESSAGES.notOpenYet(formatDateTime(later, 'UTC')));
      expect(await db().select().from(drawEntries)).toEqual([]);
    });

    it('saving the window schedules the draw: a seeded draws row and one PENDING DRAW task due at the close', async () => {
      const saved = await patchConfig({ drawOpensAt: opensAt, drawClosesAt: closesAt });
      expect(saved.statusCode, saved.body).toBe(200);
      const [row] = await db().select().from(draws).where(eq(draws.year, YEAR));
      expect(row?.seed).toMatch(/^[0-9a-f]{32}$/);
      expect(row?.algorithm).toBe(DRAW_ALGORITHM);
      expect(row?.ranAt).toBeNull();
      expect((await pendingDrawTasks()).map((task) => task.dueAt.toISOString())).toEqual([closesAt]);
      const config = await camp.call('GET', '/api/public/config');
      expect(config.json()).toMatchObject({ drawOpensAt: opensAt, drawClosesAt: closesAt });
    });
  });

  describe('entering and withdrawing', () => {
    let first: Person;
    let entry: DrawEntryDto;

    it('a submission in the window is a draw entry: 201, no registration, no place taken', async () => {
      first = await insertSignedInPerson(camp);
      const response = await enter(first, { campWith: [' Friend@Example.org ', first.email] });
      expect(response.statusCode, response.body).toBe(201);
      entry = response.json<{ drawEntry: DrawEntryDto }>().drawEntry;
      expect(entry).toMatchObject({
        year: YEAR,
        state: 'ENTERED',
        campWith: ['friend@example.org'],
        campingOptions: [{ id: cabin, name: 'Cabin' }],
        jobs: [],
        drawClosesAt: closesAt,
        drawnPosition: null,
        registrationId: null,
      });
      expect(await db().select().from(registrations).where(eq(registrations.userId, first.id))).toEqual([]);
      const [counter] = await db()
        .select({ current: campingOptions.currentRegistrations })
        .from(campingOptions)
        .where(eq(campingOptions.id, cabin));
      expect(counter?.current).toBe(0);
    });

    it('one live entry per person: a second one is 409', async () => {
      const again = await enter(first);
      expect(again.statusCode).toBe(409);
      expect(messageOf(again)).toBe(DRAW_MESSAGES.alreadyEntered(YEAR));
    });

    it('the camp-with list: at most the limit, each a valid address (400, nothing stored)', async () => {
      const person = await insertSignedInPerson(camp);
      const tooMany = Array.from({ length: DRAW_CAMP_WITH_MAX + 1 }, (_, i) => `p${i}@example.org`);
      const many = await enter(person, { campWith: tooMany });
      expect(many.statusCode).toBe(400);
      expect(messageOf(many)).toEqual([DRAW_MESSAGES.campWithMax]);
      const invalid = await enter(person, { campWith: ['not-an-address'] });
      expect(invalid.statusCode).toBe(400);
      expect(messageOf(invalid)).toEqual([DRAW_MESSAGES.campWithEmail]);
      expect(await db().select().from(drawEntries).where(eq(drawEntries.userId, person.id))).toEqual([]);
    });

    it('the wizard rules still apply: an unknown option is 400', async () => {
      const person = await insertSignedInPerson(camp);
      const unknown = '00000000-0000-4000-8000-000000000000';
      const response = await enter(person, { campingOptions: [unknown] });
      expect(response.statusCode).toBe(400);
      expect(messageOf(response)).toEqual([REGISTRATION_MESSAGES.unknownOption(unknown)]);
    });

    it('someone already registered this year cannot enter (409)', async () => {
      const person = await insertSignedInPerson(camp);
      await insertRegistration(db(), { userId: person.id, year: YEAR, campingOptionIds: [tent] });
      const response = await enter(person);
      expect(response.statusCode).toBe(409);
      expect(messageOf(response)).toBe(REGISTRATION_MESSAGES.alreadyRegistered(YEAR));
    });

    it('GET /draw-entries/me answers the caller’s own entry only', async () => {
      const mine = await camp.t.app.inject({
        method: 'GET',
        url: '/api/draw-entries/me',
        headers: first.headers,
      });
      expect(mine.statusCode).toBe(200);
      expect(mine.json()).toEqual({ drawEntry: entry });
      const theirs = await camp.call('GET', '/api/draw-entries/me', camp.participant);
      expect(theirs.json()).toEqual({ drawEntry: null });
      expect((await camp.call('GET', '/api/draw-entries/me')).statusCode).toBe(401);
    });

    it('withdraw: another person’s entry is 404, the owner’s turns WITHDRAWN, twice is 409, then entering again works', async () => {
      const url = `/api/draw-entries/${entry.id}/withdraw`;
      const other = await camp.call('POST', url, camp.participant);
      expect(other.statusCode).toBe(404);
      expect(messageOf(other)).toBe(DRAW_MESSAGES.entryNotFound);
      expect(
        (await camp.call('POST', '/api/draw-entries/not-a-uuid/withdraw', camp.participant)).statusCode,
      ).toBe(400);
      const own = await camp.t.app.inject({ method: 'POST', url, headers: first.headers });
      expect(own.statusCode).toBe(200);
      expect(own.json()).toMatchObject({ id: entry.id, state: 'WITHDRAWN' });
      const twice = await camp.t.app.inject({ method: 'POST', url, headers: first.headers });
      expect(twice.statusCode).toBe(409);
      expect(messageOf(twice)).toBe(DRAW_MESSAGES.notWithdrawable);
      const mine = await camp.t.app.inject({
        method: 'GET',
        url: '/api/draw-entries/me',
        headers: first.headers,
      });
      expect(mine.json()).toEqual({ drawEntry: null });
      expect((await enter(first)).statusCode).toBe(201);
    });
  });

  describe('the run', () => {
    /** Five people for the cabin's two places, A and B naming each other; F for the tent. */
    let people: Record<'a' | 'b' | 'c' | 'd' | 'e' | 'f', Person>;
    const peopleIds = () => Object.values(people).map((person) => person.id);
    /** The registrations of these six people, as the draw left them. */
    const peopleRows = () =>
      db()
        .select({
          userId: registrations.userId,
          status: registrations.status,
          payBy: registrations.payBy,
          createdAt: registrations.createdAt,
          lineKey: registrations.lineKey,
        })
        .from(registrations)
        .where(inArray(registrations.userId, peopleIds()));

    beforeAll(async () => {
      // Leave only the entries of this suite part: the earlier first person's entry is withdrawn.
      await db().update(drawEntries).set({ state: 'WITHDRAWN' }).where(eq(drawEntries.state, 'ENTERED'));
      const list = await Promise.all(Array.from({ length: 6 }, () => insertSignedInPerson(camp)));
      const [a, b, c, d, e, f] = list as [Person, Person, Person, Person, Person, Person];
      people = { a, b, c, d, e, f };
      // Winners who owe dues get the camp's payment deadline (docs/product.md §10), stated in their mail in the
      // camp's time zone.
      expect((await patchConfig({ paymentDeadlineDays: 14, timeZone: ZONE })).statusCode).toBe(200);
      for (const [person, body] of [
        [a, { campWith: [b.email, 'stranger@example.org'] }],
        [b, { campWith: [a.email] }],
        [c, { campWith: [a.email] }],
        [d, {}],
        [e, {}],
        [f, { campingOptions: [tent] }],
      ] as const) {
        const response = await enter(person, body);
        expect(response.statusCode, response.body).toBe(201);
      }
    });

    it('Draw now is for admins only (401, 403), and a year without a window is 409', async () => {
      expect((await camp.call('POST', '/api/admin/draw/run')).statusCode).toBe(401);
      expect((await camp.call('POST', '/api/admin/draw/run', camp.participant)).statusCode).toBe(403);
      expect((await camp.call('POST', '/api/admin/draw/run', camp.staff)).statusCode).toBe(403);
      expect((await camp.call('GET', '/api/admin/draw', camp.staff)).statusCode).toBe(403);
      expect((await camp.call('GET', '/api/admin/draw?year=abc', camp.admin)).statusCode).toBe(400);
      const other = await camp.call('GET', `/api/admin/draw?year=${YEAR + 1}`, camp.admin);
      expect(other.json()).toMatchObject({ year: YEAR + 1, window: null, draw: null, entries: [] });
    });

    it('before the run the admin sees the window, the counts and the groups, and no seed', async () => {
      const response = await camp.call('GET', '/api/admin/draw', camp.admin);
      expect(response.statusCode).toBe(200);
      const view = response.json<AdminDraw>();
      expect(view.window).toEqual({ opensAt, closesAt });
      expect(view.counts).toEqual({ entered: 6, won: 0, waitlisted: 0, withdrawn: 2, groups: 5 });
      expect(view.draw).toMatchObject({ algorithm: DRAW_ALGORITHM, seed: null, ranAt: null, summary: null });
    });

    it('a run killed mid-way leaves nothing, and the next run draws the same outcome', async () => {
      const aborted = new Error('killed');
      let digest = '';
      await expect(
        db().transaction(async (tx) => {
          const outcome = await runYearDraw(tx, YEAR, {
            now: new Date(),
            publicUrl: 'http://camp.test',
            ranBy: null,
          });
          if (outcome.ran) digest = outcome.summary.digest;
          throw aborted;
        }),
      ).rejects.toBe(aborted);
      expect(digest).toMatch(/^[0-9a-f]{64}$/);
      const ids = Object.values(people).map((person) => person.id);
      expect(await db().select().from(registrations).where(inArray(registrations.userId, ids))).toEqual([]);

      const response = await camp.call('POST', '/api/admin/draw/run', camp.admin);
      expect(response.statusCode, response.body).toBe(200);
      const view = response.json<AdminDraw>();
      expect(view.draw?.summary?.digest).toBe(digest);
    });

    it('winners who owe dues must pay within the payment deadline; nobody else has one', async () => {
      const rows = await peopleRows();
      const [draw] = await db().select({ ranAt: draws.ranAt }).from(draws).where(eq(draws.year, YEAR));
      const owing = rows.filter((row) => row.status === 'PENDING');
      expect(owing.length).toBeGreaterThan(0);
      for (const row of owing) expect(row.payBy?.getTime()).toBe(draw!.ranAt!.getTime() + 14 * 24 * HOUR);
      for (const row of rows.filter((candidate) => candidate.status !== 'PENDING'))
        expect(row.payBy).toBeNull();
    });

    it('the outcome: limits kept, the mutual pair together, winners owe or are confirmed, the rest wait in drawn order', async () => {
      const view = (await camp.call('GET', '/api/admin/draw', camp.admin)).json<AdminDraw>();
      const [row] = await db().select().from(draws).where(eq(draws.year, YEAR));
      expect(view.draw).toMatchObject({ seed: row?.seed, ranBy: camp.admin.userId });
      expect(view.counts).toMatchObject({ entered: 0, won: 3, waitlisted: 3 });
      expect(view.draw?.summary).toMatchObject({
        entries: 6,
        groups: 5,
        groupsOfSeveral: 1,
        winners: 3,
        waitlisted: 3,
        split: [],
      });
      expect(view.draw?.summary?.optionPlacesUsed).toEqual(
        expect.arrayContaining([
          { id: cabin, name: 'Cabin', used: 2 },
          { id: tent, name: 'Tent', used: 1 },
        ]),
      );
      const drawn = view.entries.filter((entry) => entry.state !== 'WITHDRAWN');
      expect(drawn.map((entry) => entry.drawnPosition)).toEqual([0, 1, 2, 3, 4, 5]);

      const rows = await peopleRows();
      const statusOf = (person: Person) => rows.find((r) => r.userId === person.id)?.status;
      expect(statusOf(people.f)).toBe('CONFIRMED');
      expect(statusOf(people.a)).toBe(statusOf(people.b));
      const cabinWinners = rows.filter((r) => r.status === 'PENDING').map((r) => r.userId);
      expect(cabinWinners).toHaveLength(2);
      const [counter] = await db()
        .select({ current: campingOptions.currentRegistrations })
        .from(campingOptions)
        .where(eq(campingOptions.id, cabin));
      expect(counter?.current).toBe(2);
      // The waitlisted in drawn order hold line keys in that order.
      const waitlistedInOrder = drawn
        .filter((entry) => entry.state === 'WAITLISTED')
        .map((entry) => rows.find((r) => r.userId === entry.userId)?.lineKey as number);
      expect(waitlistedInOrder).toHaveLength(3);
      expect([...waitlistedInOrder].sort((x, y) => x - y)).toEqual(waitlistedInOrder);
      const owed = await db()
        .select({ userId: payments.userId, amountCents: payments.amountCents })
        .from(payments)
        .where(inArray(payments.userId, peopleIds()));
      expect(owed.map((p) => p.amountCents)).toEqual([10_000, 10_000]);
      expect(owed.map((p) => p.userId).sort()).toEqual([...cabinWinners].sort());
    });

    it('mails through the outbox: "you won" with what is owed, "you are on the waitlist, number N for Cabin"', async () => {
      const mails = await db()
        .select({ to: emailOutbox.toAddress, subject: emailOutbox.subject, text: emailOutbox.text })
        .from(emailOutbox)
        .where(
          inArray(
            emailOutbox.toAddress,
            Object.values(people).map((person) => person.email),
          ),
        );
      expect(mails).toHaveLength(6);
      const won = mails.filter((mail) => mail.subject === `You won a place at Dust Camp for ${YEAR}`);
      expect(won).toHaveLength(3);
      expect(won.filter((mail) => mail.text.includes('Your dues come to $100.00 USD'))).toHaveLength(2);
      // The winners who owe are told their payment deadline; the one in the free tent is confirmed, with none.
      const [draw] = await db().select({ ranAt: draws.ranAt }).from(draws).where(eq(draws.year, YEAR));
      const payBy = formatDateTimeInZone(new Date(draw!.ranAt!.getTime() + 14 * 24 * HOUR), ZONE);
      const payLine = DRAW_TEXTS.wonPayBy(payBy);
      expect(payLine).toBe(
        `Please pay your dues by ${payBy}, or your place may go to the next person in line.`,
      );
      const linesOf = (mail: { text: string }) => mail.text.split('\n');
      for (const mail of won.filter((candidate) => candidate.to !== people.f.email)) {
        expect(linesOf(mail)).toContain(payLine);
      }
      const free = won.find((mail) => mail.to === people.f.email);
      expect(linesOf(free!)).toContain('Your registration is confirmed.');
      expect(free!.text).not.toContain('Please pay');
      const waiting = mails.filter(
        (mail) => mail.subject === `Dust Camp for ${YEAR}: you are on the waitlist after the draw`,
      );
      expect(waiting.map((mail) => /You are number (\d) for Cabin\./.exec(mail.text)?.[1]).sort()).toEqual([
        '1',
        '2',
        '3',
      ]);
    });

    it('audit: one DRAW_RUN with the seed, one DRAW_ENTRY per entry; the task is DONE; Draw now again is 409', async () => {
      const audit = await db()
        .select({ type: auditRecords.actionType, registrationId: auditRecords.registrationId })
        .from(auditRecords)
        .where(inArray(auditRecords.actionType, ['DRAW_RUN', 'DRAW_ENTRY']))
        .orderBy(asc(auditRecords.actionType));
      expect(audit.filter((record) => record.type === 'DRAW_RUN')).toEqual([
        { type: 'DRAW_RUN', registrationId: null },
      ]);
      expect(audit.filter((record) => record.type === 'DRAW_ENTRY')).toHaveLength(6);
      expect(await pendingDrawTasks()).toEqual([]);
      const again = await camp.call('POST', '/api/admin/draw/run', camp.admin);
      expect(again.statusCode).toBe(409);
      expect(messageOf(again)).toBe(DRAW_MESSAGES.alreadyDrawn(YEAR));
    });

    it('after the draw, the wizard registers first come, first served again', async () => {
      const person = await insertSignedInPerson(camp);
      const response = await submitCamp(camp, person, { campingOptions: [tent] });
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json()).toMatchObject({ jobRegistration: { status: 'CONFIRMED', year: YEAR } });
    });
  });
});

describe('The draw worker', () => {
  let camp: Camp;

  beforeAll(async () => {
    camp = await startCamp();
    await configure(camp);
  });
  afterAll(async () => {
    await camp?.close();
  });

  it('Draw now without a window is 409', async () => {
    const response = await camp.call('POST', '/api/admin/draw/run', camp.admin);
    expect(response.statusCode).toBe(409);
    expect(messageOf(response)).toBe(DRAW_MESSAGES.noWindow(YEAR));
  });

  it('runs the draw when the window has closed, once, with no admin named', async () => {
    const db = camp.t.database.db;
    const people = await drawEnteredBy(camp, 1, 2);
    await drawFallsDue(camp);
    const [pass, other] = await Promise.all([
      camp.t.app.services.draws.drain(),
      camp.t.app.services.draws.drain(),
    ]);
    expect(pass).toEqual({ draws: 1, failed: 0 });
    expect(other).toEqual(pass);
    expect(await camp.t.app.services.draws.drain()).toEqual({ draws: 0, failed: 0 });
    const [row] = await db.select().from(draws).where(eq(draws.year, YEAR));
    expect(row?.ranBy).toBeNull();
    expect(row?.summary).toMatchObject({ winners: 1, waitlisted: 1 });
    const statuses = await db
      .select({ status: registrations.status })
      .from(registrations)
      .where(
        inArray(
          registrations.userId,
          people.map((person) => person.id),
        ),
      );
    expect(statuses.map((s) => s.status).sort()).toEqual(['CONFIRMED', 'WAITLISTED']);
  });
});

describe('A pending draw after the registration year changes (decision 049, addendum)', () => {
  let camp: Camp;
  const db = () => camp.t.database.db;
  const patchConfig = async (values: Record<string, unknown>) => {
    const response = await camp.call('PATCH', '/api/core-config/current', camp.admin, values);
    expect(response.statusCode, response.body).toBe(200);
  };
  const window = () => ({ drawOpensAt: iso(Date.now() - HOUR), drawClosesAt: iso(Date.now() + HOUR) });
  const drawTasks = (year: number) =>
    db()
      .select({ state: timedTasks.state, dueAt: timedTasks.dueAt })
      .from(timedTasks)
      .where(and(eq(timedTasks.kind, 'DRAW'), eq(timedTasks.year, year)));
  const drawOf = async (year: number) => (await db().select().from(draws).where(eq(draws.year, year)))[0];
  /** The window closes: every pending draw falls due, and the worker runs what is due. */
  const closeWindows = async () => {
    await db()
      .update(timedTasks)
      .set({ dueAt: new Date(Date.now() - 1000) })
      .where(and(eq(timedTasks.kind, 'DRAW'), eq(timedTasks.state, 'PENDING')));
    return camp.t.app.services.draws.drain();
  };
  let tent: string;

  beforeAll(async () => {
    camp = await startCamp();
    await configure(camp);
    tent = await adminPost(camp, '/api/camping-options', { name: 'Tent', participantDues: 0, maxSignups: 1 });
  });
  afterAll(async () => {
    await camp?.close();
  });

  it("the old year's pending draw stays and draws that year's entries; the new year's draws its own", async () => {
    const first = window();
    await patchConfig(first);
    const early = [await insertSignedInPerson(camp), await insertSignedInPerson(camp)];
    for (const person of early) {
      expect((await submitCamp(camp, person, { campingOptions: [tent] })).statusCode).toBe(201);
    }
    // The admin moves on to the next year while the window is open: it is now that year's window.
    await patchConfig({ registrationYear: YEAR + 1 });
    expect(await drawTasks(YEAR)).toEqual([{ state: 'PENDING', dueAt: new Date(first.drawClosesAt) }]);
    expect(await drawTasks(YEAR + 1)).toEqual([{ state: 'PENDING', dueAt: new Date(first.drawClosesAt) }]);
    const late = await insertSignedInPerson(camp);
    const entered = await submitCamp(camp, late, { campingOptions: [tent] });
    expect(entered.json()).toMatchObject({ drawEntry: { year: YEAR + 1, state: 'ENTERED' } });

    expect(await closeWindows()).toEqual({ draws: 2, failed: 0 });
    expect((await drawOf(YEAR))?.summary).toMatchObject({ entries: 2, winners: 1, waitlisted: 1 });
    expect((await drawOf(YEAR + 1))?.summary).toMatchObject({ entries: 1, winners: 1, waitlisted: 0 });
    const rows = await db()
      .select({ userId: registrations.userId, year: registrations.year, status: registrations.status })
      .from(registrations)
      .where(
        inArray(
          registrations.userId,
          [...early, late].map((person) => person.id),
        ),
      );
    // Each entry became a registration of the year it entered for, against that year's places.
    expect(
      rows
        .filter((row) => row.year === YEAR)
        .map((row) => row.status)
        .sort(),
    ).toEqual(['CONFIRMED', 'WAITLISTED']);
    expect(rows.filter((row) => row.year === YEAR + 1)).toEqual([
      { userId: late.id, year: YEAR + 1, status: 'CONFIRMED' },
    ]);
    expect((await drawTasks(YEAR)).map((task) => task.state)).toEqual(['DONE']);
  });

  it('a year left before anyone entered is not drawn when its window closes, and can be scheduled again', async () => {
    const typo = YEAR + 3;
    await patchConfig({ registrationYear: typo, ...window() });
    await patchConfig({ registrationYear: YEAR + 2 });
    expect(await closeWindows()).toEqual({ draws: 2, failed: 0 });
    // The registration year is drawn even with nobody in it (then first come, first served); the other is not.
    expect((await drawOf(YEAR + 2))?.summary).toMatchObject({ entries: 0, winners: 0 });
    expect(await drawOf(typo)).toMatchObject({ ranAt: null, summary: null });
    expect((await drawTasks(typo)).map((task) => task.state)).toEqual(['DONE']);
    expect(
      await db().select().from(auditRecords).where(eq(auditRecords.actionType, 'DRAW_RUN')),
    ).toHaveLength(3);

    const seed = (await drawOf(typo))?.seed;
    const again = window();
    await patchConfig({ registrationYear: typo, ...again });
    expect((await drawOf(typo))?.seed).not.toBe(seed);
    expect((await drawTasks(typo)).filter((task) => task.state === 'PENDING')).toEqual([
      { state: 'PENDING', dueAt: new Date(again.drawClosesAt) },
    ]);
    const person = await insertSignedInPerson(camp);
    const response = await submitCamp(camp, person, { campingOptions: [tent] });
    expect(response.json()).toMatchObject({ drawEntry: { year: typo, state: 'ENTERED' } });
  });

  it("clearing the window, back in the old year, cancels that year's pending draw", async () => {
    const year = YEAR + 5;
    await patchConfig({ registrationYear: year, ...window() });
    await patchConfig({ registrationYear: year + 1 });
    expect((await drawTasks(year)).map((task) => task.state)).toEqual(['PENDING']);
    await patchConfig({ registrationYear: year, drawOpensAt: null, drawClosesAt: null });
    expect(await drawTasks(year)).toEqual([]);
  });
});
