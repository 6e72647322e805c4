import type {
  AdminRegistrationCounts,
  AdminRegistrationList,
  Registration,
  RegistrationCampingOption,
} from '@camp/shared';
import { eq, inArray } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditRecords,
  registrationCampingOptions,
  registrations,
  shiftWaits,
  users,
  waitlistOffers,
} from '../../db/schema/index';
import { recordAudit } from '../audit/audit-writer';
import {
  adminPost,
  adminShift,
  auditTrail,
  configure,
  insertSignedInPerson,
  YEAR,
} from '../../../test/camp-registrations';
import { type Camp, insertPerson, insertRegistration, startCamp } from '../../../test/camp';

/** The list's count cards: zero except where given. */
const countsOf = (values: Partial<AdminRegistrationCounts>): AdminRegistrationCounts => ({
  total: 0,
  confirmed: 0,
  pending: 0,
  waitlisted: 0,
  cancelled: 0,
  openOffers: 0,
  ...values,
});

// GET /admin/registrations, …/{id}/camping-options and …/{id}/audit-trail (docs/product.md §2 Manage Registrations, §7).

const BULK_YEAR = 2030;
const BULK = 23;

describe('Admin registrations API: the reads of the registration desk', () => {
  let camp: Camp;
  let tent: string;
  let lodge: string;
  /** The small set, by name. */
  const r: Record<'alice' | 'bob' | 'carol' | 'dan' | 'alicePrev' | 'eve', string> = {
    alice: '',
    bob: '',
    carol: '',
    dan: '',
    alicePrev: '',
    eve: '',
  };
  /** The bulk of BULK_YEAR, newest first (registered date, then id, both descending). */
  let bulk: string[] = [];

  const db = () => camp.t.database.db;

  async function registration(
    userId: string,
    values: { status: Registration['status']; year: number; createdAt: string; campingOptionIds?: string[] },
  ): Promise<string> {
    const id = await insertRegistration(db(), { userId, ...values });
    await db()
      .update(registrations)
      .set({ createdAt: new Date(values.createdAt) })
      .where(eq(registrations.id, id));
    return id;
  }

  const person = (email: string, firstName: string, lastName: string, playaName: string | null = null) =>
    insertSignedInPerson(camp, { email, firstName, lastName, playaName });

  beforeAll(async () => {
    camp = await startCamp();
    await configure(camp);
    tent = await adminPost(camp, '/api/camping-options', { name: 'Tent Camping', participantDues: 100 });
    lodge = await adminPost(camp, '/api/camping-options', { name: 'Anvil Lodge', participantDues: 0 });
    const alice = await person('alice@desk.test', 'Alice', 'Smith', 'Sparkle');
    const bob = await person('bob.jones@desk.test', 'Bob', 'Jones');
    const carol = await person('carol@desk.test', 'Carol', 'Wenders');
    const dan = await person('dan%x@desk.test', 'Dan', 'Brown', 'Dusty Alice');
    const eve = await person('eve@desk.test', 'Eve', 'Online');
    r.alice = await registration(alice.id, {
      status: 'CONFIRMED',
      year: YEAR,
      createdAt: '2027-01-01T10:00:00Z',
      campingOptionIds: [tent, lodge],
    });
    r.bob = await registration(bob.id, { status: 'PENDING', year: YEAR, createdAt: '2027-01-02T10:00:00Z' });
    r.carol = await registration(carol.id, {
      status: 'CANCELLED',
      year: YEAR,
      createdAt: '2027-01-03T10:00:00Z',
    });
    r.dan = await registration(dan.id, {
      status: 'WAITLISTED',
      year: YEAR,
      createdAt: '2027-01-04T10:00:00Z',
    });
    r.alicePrev = await registration(alice.id, {
      status: 'CONFIRMED',
      year: YEAR - 1,
      createdAt: '2026-01-05T10:00:00Z',
    });
    // Registered last, for the year before: the newest first although its year is older.
    r.eve = await registration(eve.id, {
      status: 'PENDING',
      year: YEAR - 1,
      createdAt: '2027-02-01T10:00:00Z',
    });
    // The bulk: registered before everyone else, two at a time at the same instant (the id breaks the tie).
    const made: Array<{ id: string; at: number }> = [];
    for (let index = 0; index < BULK; index += 1) {
      const { id: userId } = await insertPerson(db(), { firstName: 'Bulk', lastName: `Person${index}` });
      const at = Date.UTC(2025, 0, 1, 0, Math.floor(index / 2));
      const id = await registration(userId, {
        status: 'PENDING',
        year: BULK_YEAR,
        createdAt: new Date(at).toISOString(),
      });
      made.push({ id, at });
    }
    bulk = made
      .sort((a, b) => b.at - a.at || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0))
      .map((entry) => entry.id);
  });
  afterAll(async () => {
    await camp?.close();
  });

  async function list(query = ''): Promise<AdminRegistrationList> {
    const response = await camp.call('GET', `/api/admin/registrations${query}`, camp.admin);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<AdminRegistrationList>();
  }
  const ids = (page: AdminRegistrationList) => page.registrations.map((row) => row.id);
  /** The six desk registrations, newest registered first: Z to A by name too (they registered A to Z). */
  const newestFirst = () => [r.eve, r.dan, r.carol, r.bob, r.alice, r.alicePrev];

  /** GET /admin/registrations/{an unknown id}/<tail> answers 404 "Registration not found". */
  async function expectUnknownRegistration(tail: string) {
    const missing = await camp.call('GET', `/api/admin/registrations/${randomUUID()}/${tail}`, camp.admin);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: 'Registration not found',
    });
  }

  describe('GET /admin/registrations', () => {
    it('answers page 1 of 25, newest registered first, with the total and the counts of each status', async () => {
      const page = await list();
      expect(page.total).toBe(6 + BULK);
      expect(page.page).toBe(1);
      expect(page.limit).toBe(25);
      expect(page.counts).toEqual({
        total: 6 + BULK,
        confirmed: 2,
        pending: 2 + BULK,
        waitlisted: 1,
        cancelled: 1,
        openOffers: 0,
      });
      expect(ids(page)).toEqual([...newestFirst(), ...bulk.slice(0, 25 - 6)]);
    });

    it('answers each registration exactly as GET /registrations does (same store and mapper)', async () => {
      const [alice] = (await list(`?email=alice&year=${YEAR}`)).registrations;
      const staffView = await camp.call('GET', `/api/registrations?year=${YEAR}`, camp.admin);
      expect(staffView.statusCode).toBe(200);
      expect(alice).toEqual(staffView.json<Registration[]>().find((row) => row.id === r.alice));
      expect(alice).toMatchObject({
        year: YEAR,
        status: 'CONFIRMED',
        createdAt: '2027-01-01T10:00:00.000Z',
        user: { firstName: 'Alice', lastName: 'Smith', playaName: 'Sparkle', email: 'alice@desk.test' },
        jobs: [],
        payments: [],
      });
      expect(alice?.campingOptions.map((link) => link.campingOption.name)).toEqual([
        'Anvil Lodge',
        'Tent Camping',
      ]);
    });

    it('narrows by year; the counts follow it', async () => {
      const page = await list(`?year=${YEAR - 1}`);
      expect(ids(page)).toEqual([r.eve, r.alicePrev]);
      expect(page.total).toBe(2);
      expect(page.counts).toEqual(countsOf({ total: 2, confirmed: 1, pending: 1 }));
      const none = await list('?year=2099');
      expect(none).toEqual({
        registrations: [],
        total: 0,
        page: 1,
        limit: 25,
        counts: { total: 0, confirmed: 0, pending: 0, waitlisted: 0, cancelled: 0, openOffers: 0 },
      });
    });

    it('narrows by status; the counts follow it as the report counts do (the statuses add up to the total)', async () => {
      const page = await list(`?status=PENDING&year=${YEAR}`);
      expect(ids(page)).toEqual([r.bob]);
      expect(page.total).toBe(1);
      expect(page.counts).toEqual(countsOf({ total: 1, pending: 1 }));
      const waitlisted = await list('?status=WAITLISTED');
      expect(ids(waitlisted)).toEqual([r.dan]);
      expect(waitlisted.counts).toEqual(countsOf({ total: 1, waitlisted: 1 }));
      // An open waitlist offer is counted too (docs/product.md §10), with the same filters.
      const now = new Date();
      const [offer] = await db()
        .insert(waitlistOffers)
        .values({
          registrationId: r.dan,
          year: YEAR,
          offeredAt: now,
          expiresAt: new Date(now.getTime() + 3_600_000),
        })
        .returning({ id: waitlistOffers.id });
      expect((await list('?status=WAITLISTED')).counts.openOffers).toBe(1);
      expect((await list('?status=PENDING')).counts.openOffers).toBe(0);
      await db().delete(waitlistOffers).where(eq(waitlistOffers.id, offer!.id));
      // And each open shift offer (decision 052): offers, not people; a WAITING entry is no offer.
      const category = await adminPost(camp, '/api/job-categories', { name: 'Desk', description: 'Desk' });
      const shift = await adminShift(camp, 'Desk morning', 'MONDAY', '09:00', '12:00');
      const job = (name: string) =>
        adminPost(camp, '/api/jobs', { name, location: 'Desk', categoryId: category, shiftId: shift });
      const later = new Date(now.getTime() + 3_600_000);
      const waits = await db()
        .insert(shiftWaits)
        .values([
          {
            registrationId: r.bob,
            jobId: await job('Desk A'),
            year: YEAR,
            state: 'OFFERED',
            offeredAt: now,
            expiresAt: later,
          },
          {
            registrationId: r.bob,
            jobId: await job('Desk B'),
            year: YEAR,
            state: 'OFFERED',
            offeredAt: now,
            expiresAt: later,
          },
          { registrationId: r.alice, jobId: await job('Desk C'), year: YEAR },
        ])
        .returning({ id: shiftWaits.id });
      expect((await list('?status=PENDING')).counts.openOffers).toBe(2);
      expect((await list(`?year=${YEAR}`)).counts.openOffers).toBe(2);
      expect((await list('?status=CONFIRMED')).counts.openOffers).toBe(0);
      await db()
        .delete(shiftWaits)
        .where(
          inArray(
            shiftWaits.id,
            waits.map((wait) => wait.id),
          ),
        );
      const cancelled = await list('?status=CANCELLED');
      expect(ids(cancelled)).toEqual([r.carol]);
      expect(cancelled.total).toBe(1);
      expect(cancelled.counts).toEqual(countsOf({ total: 1, cancelled: 1 }));
      const year = await list(`?year=${YEAR}`);
      const { total, ...byStatus } = year.counts;
      expect(year.counts).toEqual(
        countsOf({ total: 4, confirmed: 1, pending: 1, waitlisted: 1, cancelled: 1 }),
      );
      expect(Object.values(byStatus).reduce((sum, count) => sum + count, 0)).toBe(total);
    });

    it('narrows by part of the e-mail, ignoring case, with % and _ taken literally', async () => {
      expect(ids(await list('?email=ALICE%40DESK'))).toEqual([r.alice, r.alicePrev]);
      expect(ids(await list('?email=jones'))).toEqual([r.bob]);
      expect(ids(await list(`?email=${encodeURIComponent('%')}`))).toEqual([r.dan]);
      expect(ids(await list('?email=_'))).toEqual([]);
      const page = await list('?email=desk.test');
      expect(page.total).toBe(6);
      expect(page.counts).toEqual(
        countsOf({ total: 6, confirmed: 2, pending: 2, waitlisted: 1, cancelled: 1 }),
      );
    });

    it('narrows by part of the first, last or playa name (or "first last"), ignoring case', async () => {
      expect(ids(await list('?name=car'))).toEqual([r.carol]);
      expect(ids(await list('?name=JONES'))).toEqual([r.bob]);
      expect(ids(await list('?name=sparkle'))).toEqual([r.alice, r.alicePrev]);
      expect(ids(await list('?name=bob%20jones'))).toEqual([r.bob]);
      // Alice by first name and Dan by playa name.
      expect(ids(await list('?name=alice'))).toEqual([r.dan, r.alice, r.alicePrev]);
      expect(ids(await list('?name=nobody'))).toEqual([]);
    });

    it('combines the filters; blank text filters are no filter', async () => {
      const page = await list(`?name=alice&status=CONFIRMED&year=${YEAR}&email=desk`);
      expect(ids(page)).toEqual([r.alice]);
      expect(page.total).toBe(1);
      expect(page.counts).toEqual(countsOf({ total: 1, confirmed: 1 }));
      const blank = await list('?name=%20%20&email=');
      expect(blank.total).toBe(6 + BULK);
    });

    it('searches the name or the e-mail with q, ignoring case, with the other filters', async () => {
      // Dan by playa name, Alice by first name and e-mail.
      expect(ids(await list('?q=ALICE'))).toEqual([r.dan, r.alice, r.alicePrev]);
      expect(ids(await list('?q=bob.jones'))).toEqual([r.bob]);
      expect(ids(await list('?q=bob%20jones'))).toEqual([r.bob]);
      expect(ids(await list(`?q=alice&year=${YEAR}&status=CONFIRMED`))).toEqual([r.alice]);
      const page = await list(`?q=${encodeURIComponent('%')}`);
      expect(ids(page)).toEqual([r.dan]);
      expect(page.counts).toEqual(countsOf({ total: 1, waitlisted: 1 }));
      expect((await list('?q=%20')).total).toBe(6 + BULK);
    });

    it('sorts by a whitelisted column in either order, then newest registered first', async () => {
      const sorted = async (query: string) => ids(await list(`?email=desk.test${query}`));
      expect(await sorted('&sort=name&order=asc')).toEqual([
        r.alice, // alice smith (2027-01-01)
        r.alicePrev,
        r.bob,
        r.carol,
        r.dan,
        r.eve,
      ]);
      expect(await sorted('&sort=name&order=desc')).toEqual(newestFirst());
      // bob.jones@ < carol@ < dan%x@ < eve@; alice@ twice, the newer first.
      expect(await sorted('&sort=email&order=asc')).toEqual([
        r.alice,
        r.alicePrev,
        r.bob,
        r.carol,
        r.dan,
        r.eve,
      ]);
      expect(await sorted('&sort=year&order=asc')).toEqual([
        r.eve,
        r.alicePrev,
        r.dan,
        r.carol,
        r.bob,
        r.alice,
      ]);
      // CANCELLED < CONFIRMED < PENDING < WAITLISTED, as spelled.
      expect(await sorted('&sort=status&order=asc')).toEqual([
        r.carol,
        r.alice,
        r.alicePrev,
        r.eve,
        r.bob,
        r.dan,
      ]);
      expect(await sorted('&sort=registered&order=asc')).toEqual([
        r.alicePrev,
        r.alice,
        r.bob,
        r.carol,
        r.dan,
        r.eve,
      ]);
      expect(await sorted('&sort=registered')).toEqual([r.eve, r.dan, r.carol, r.bob, r.alice, r.alicePrev]);
      // A sorted list still pages without gaps or repeats.
      const pages = await Promise.all(
        [1, 2, 3].map((n) => list(`?year=${BULK_YEAR}&sort=status&order=asc&limit=10&page=${n}`)),
      );
      expect(pages.flatMap(ids)).toEqual(bulk);
    });

    it('pages through the filtered list without gaps or repeats', async () => {
      const pages = await Promise.all([1, 2, 3, 4].map((n) => list(`?year=${BULK_YEAR}&limit=10&page=${n}`)));
      expect(pages.map((page) => [page.page, page.limit, page.total, page.registrations.length])).toEqual([
        [1, 10, BULK, 10],
        [2, 10, BULK, 10],
        [3, 10, BULK, 3],
        [4, 10, BULK, 0],
      ]);
      expect(pages.flatMap(ids)).toEqual(bulk);
      for (const limit of [25, 50, 100]) {
        const page = await list(`?limit=${limit}`);
        expect(page.limit).toBe(limit);
        expect(page.registrations).toHaveLength(Math.min(limit, 6 + BULK));
      }
      expect(ids(await list('?limit=25&page=2'))).toEqual(bulk.slice(19));
    });

    it('answers 400 with clear messages for a bad query', async () => {
      const cases: Array<[string, string[]]> = [
        ['?year=abc', ['Year must be a whole number between 2000 and 2100']],
        ['?year=1999', ['Year must be a whole number between 2000 and 2100']],
        ['?year=2027.5', ['Year must be a whole number between 2000 and 2100']],
        ['?status=DONE', ['Status must be one of PENDING, CONFIRMED, WAITLISTED or CANCELLED']],
        ['?page=0', ['Page must be a whole number from 1 to 10000']],
        ['?page=1.5', ['Page must be a whole number from 1 to 10000']],
        ['?page=10001', ['Page must be a whole number from 1 to 10000']],
        ['?limit=20', ['Limit must be one of 10, 25, 50, 100']],
        ['?limit=ten', ['Limit must be one of 10, 25, 50, 100']],
        [`?email=${'a'.repeat(201)}`, ['Email filter must be at most 200 characters']],
        [`?name=${'a'.repeat(201)}`, ['Name filter must be at most 200 characters']],
        ['?name=a%00b', ['Name filter contains a character that is not allowed']],
        [`?q=${'a'.repeat(201)}`, ['Search must be at most 200 characters']],
        ['?sort=password', ['Sort must be one of name, email, year, status, registered']],
        [
          '?sort=created_at%3B%20drop%20table%20users',
          ['Sort must be one of name, email, year, status, registered'],
        ],
        ['?order=up', ['Order must be asc or desc']],
        [
          '?status=x&limit=7',
          [
            'Status must be one of PENDING, CONFIRMED, WAITLISTED or CANCELLED',
            'Limit must be one of 10, 25, 50, 100',
          ],
        ],
      ];
      for (const [query, message] of cases) {
        const response = await camp.call('GET', `/api/admin/registrations${query}`, camp.admin);
        expect({ query, status: response.statusCode, body: response.json() }).toEqual({
          query,
          status: 400,
          body: { statusCode: 400, error: 'Bad Request', message },
        });
      }
    });
  });

  describe('GET /admin/registrations/{id}/camping-options', () => {
    it("answers the registration's option links by name", async () => {
      const response = await camp.call(
        'GET',
        `/api/admin/registrations/${r.alice}/camping-options`,
        camp.admin,
      );
      expect(response.statusCode, response.body).toBe(200);
      const links = await db()
        .select()
        .from(registrationCampingOptions)
        .where(eq(registrationCampingOptions.registrationId, r.alice));
      const linkOf = (optionId: string) => links.find((link) => link.campingOptionId === optionId)?.id;
      const body = response.json<RegistrationCampingOption[]>();
      expect(body.map((link) => [link.id, link.campingOption.id, link.campingOption.name])).toEqual([
        [linkOf(lodge), lodge, 'Anvil Lodge'],
        [linkOf(tent), tent, 'Tent Camping'],
      ]);
      expect(body[1]?.campingOption).toMatchObject({ id: tent, name: 'Tent Camping', participantDues: 100 });
    });

    it('answers [] for a registration without options, 404 for an unknown one', async () => {
      const empty = await camp.call('GET', `/api/admin/registrations/${r.bob}/camping-options`, camp.admin);
      expect(empty.statusCode).toBe(200);
      expect(empty.json()).toEqual([]);
      await expectUnknownRegistration('camping-options');
    });
  });

  describe('GET /admin/registrations/{id}/audit-trail', () => {
    const trail = (id: string) => auditTrail(camp, id);

    it('answers the records of manual payments newest first, with the admin and the values', async () => {
      await db()
        .update(users)
        .set({ firstName: 'Ada', lastName: 'Admin' })
        .where(eq(users.id, camp.admin.userId));
      const payer = await person('payer@desk.test', 'Pat', 'Payer');
      const id = await insertRegistration(db(), {
        userId: payer.id,
        status: 'PENDING',
        year: 2040,
        campingOptionIds: [tent],
      });
      expect(await trail(id)).toEqual([]);
      const pay = (body: Record<string, unknown>) =>
        camp.call('POST', '/api/admin/payments', camp.admin, { registrationId: id, ...body });
      const cash = await pay({ amount: 30, method: 'CASH', reference: 'Receipt 1' });
      expect(cash.statusCode, cash.body).toBe(201);
      const check = await pay({ amount: 20, method: 'CHECK', reference: 'Check 2' });
      expect(check.statusCode, check.body).toBe(201);

      const rows = await db().select().from(auditRecords).where(eq(auditRecords.registrationId, id));
      const rowOf = (paymentId: string) =>
        rows.find((row) => (row.newValues as { paymentId?: string }).paymentId === paymentId);
      const expected = (paymentId: string, values: { amount: number; method: string; reference: string }) => {
        const row = rowOf(paymentId);
        return {
          id: row?.id,
          transactionId: row?.transactionId,
          actionType: 'PAYMENT_MANUAL',
          adminUser: { firstName: 'Ada', lastName: 'Admin' },
          createdAt: row?.createdAt.toISOString(),
          reason: null,
          oldValues: { owed: values.method === 'CASH' ? 100 : 70 },
          newValues: { paymentId, ...values, owed: values.method === 'CASH' ? 70 : 50 },
        };
      };
      expect(await trail(id)).toEqual([
        expected(check.json<{ id: string }>().id, { amount: 20, method: 'CHECK', reference: 'Check 2' }),
        expected(cash.json<{ id: string }>().id, { amount: 30, method: 'CASH', reference: 'Receipt 1' }),
      ]);
    });

    it('answers adminUser null once the admin is deleted, and 404 for an unknown registration', async () => {
      const gone = await insertPerson(db(), { firstName: 'Gone', lastName: 'Admin' });
      const transactionId = randomUUID();
      await recordAudit(db(), {
        actionType: 'REGISTRATION_EDIT',
        transactionId,
        adminUserId: gone.id,
        registrationId: r.carol,
        reason: 'Moved to another shift',
        oldValues: { status: 'PENDING' },
        newValues: { status: 'CONFIRMED' },
      });
      await db().delete(users).where(eq(users.id, gone.id));
      expect(await trail(r.carol)).toEqual([
        {
          id: expect.any(String),
          transactionId,
          actionType: 'REGISTRATION_EDIT',
          adminUser: null,
          createdAt: expect.any(String),
          reason: 'Moved to another shift',
          oldValues: { status: 'PENDING' },
          newValues: { status: 'CONFIRMED' },
        },
      ]);
      await expectUnknownRegistration('audit-trail');
    });
  });

  it('answers 400 for an id that is not a UUID', async () => {
    for (const path of ['camping-options', 'audit-trail']) {
      const response = await camp.call('GET', `/api/admin/registrations/not-an-id/${path}`, camp.admin);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        statusCode: 400,
        error: 'Bad Request',
        message: ['Invalid registration id'],
      });
    }
  });

  it('is for admins only: staff and participants 403, nobody 401 (before the query is checked)', async () => {
    const urls = [
      '/api/admin/registrations',
      '/api/admin/registrations?limit=7',
      `/api/admin/registrations/${r.alice}/camping-options`,
      `/api/admin/registrations/${r.alice}/audit-trail`,
    ];
    for (const url of urls) {
      for (const who of [camp.staff, camp.participant]) {
        const response = await camp.call('GET', url, who);
        expect({ url, status: response.statusCode, body: response.json() }).toEqual({
          url,
          status: 403,
          body: { statusCode: 403, error: 'Forbidden', message: 'You do not have permission to do this' },
        });
      }
      const nobody = await camp.call('GET', url);
      expect({ url, status: nobody.statusCode, body: nobody.json() }).toEqual({
        url,
        status: 401,
        body: { statusCode: 401, error: 'Unauthorized', message: 'Authentication required' },
      });
    }
  });
});
