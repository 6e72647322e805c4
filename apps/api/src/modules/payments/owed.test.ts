import { centsToDollars, duesFor, type PaymentStatus, ROLES } from '@camp/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/raw';
import { campingOptions, payments, users } from '../../db/schema/index';
import { adminPost, configure, YEAR } from '../../../test/camp-registrations';
import { type Camp, insertPerson, insertRegistration, startCamp } from '../../../test/camp';
import { duesBalance } from './dues';
import {
  duesBalanceCents,
  optionDuesCentsSql,
  owedCents,
  owedCentsSql,
  paidCents,
  paidCentsSql,
} from './owed';

// What is paid and owed (decision 040): the TypeScript and the SQL forms agree.
describe('what is owed', () => {
  it('sums the PENDING payments as owed and the COMPLETED and REFUNDED ones as paid', () => {
    const list = [
      { status: 'PENDING', amountCents: 15_010 },
      { status: 'COMPLETED', amountCents: 10_000 },
      { status: 'PENDING', amountCents: 20 },
      { status: 'FAILED', amountCents: 7_500 },
      { status: 'REFUNDED', amountCents: 1_234 },
    ] as const;
    expect(owedCents(list)).toBe(15_030);
    expect(owedCents([])).toBe(0);
    expect(paidCents(list)).toBe(11_234);
    expect(duesBalanceCents(10_000, 11_234)).toBe(-1_234);
  });

  describe('in the database', () => {
    let camp: Camp;
    let tent: string;
    let rv: string;
    const db = () => camp.t.database.db;

    beforeAll(async () => {
      camp = await startCamp();
      await configure(camp);
      tent = await adminPost(camp, '/api/camping-options', {
        name: 'Tent',
        participantDues: 100,
        staffDues: 40.5,
      });
      rv = await adminPost(camp, '/api/camping-options', { name: 'RV', participantDues: 300, staffDues: 0 });
    });
    afterAll(async () => {
      await camp?.close();
    });

    it('owedCentsSql and paidCentsSql answer what owedCents and paidCents do', async () => {
      const registrationId = await insertRegistration(db(), { year: YEAR, campingOptionIds: [tent] });
      const [{ userId }] = rowsOf<{ userId: string }>(
        await db().execute(sql`select user_id as "userId" from registrations where id = ${registrationId}`),
      ) as [{ userId: string }];
      const made: Array<{ status: PaymentStatus; amountCents: number }> = [];
      const check = async () => {
        const [row] = rowsOf<{ paid: string; owed: string }>(
          await db().execute(sql`select ${paidCentsSql(payments)} as paid, ${owedCentsSql(payments)} as owed
            from ${payments} where ${payments.registrationId} = ${registrationId}`),
        );
        expect({ paid: Number(row?.paid), owed: Number(row?.owed) }).toEqual({
          paid: paidCents(made),
          owed: owedCents(made),
        });
      };
      await check();
      for (const [status, amountCents] of [
        ['PENDING', 10_000],
        ['COMPLETED', 2_500],
        ['FAILED', 7_000],
        ['REFUNDED', 1_100],
        ['PENDING', 33],
      ] as const) {
        await db().insert(payments).values({ userId, registrationId, amountCents, status });
        made.push({ status, amountCents });
        await check();
      }
    });

    it('optionDuesCentsSql charges each role the rate duesFor does', async () => {
      for (const role of ROLES) {
        const person = await insertPerson(db());
        await db().update(users).set({ role }).where(eq(users.id, person.id));
        const [row] = rowsOf<{ cents: string }>(
          await db().execute(sql`select sum(${optionDuesCentsSql(users.role, campingOptions)}) as cents
            from ${users} cross join ${campingOptions}
            where ${users.id} = ${person.id} and ${campingOptions.id} in (${tent}, ${rv})`),
        );
        const options = [
          { participantDues: 100, staffDues: 40.5 },
          { participantDues: 300, staffDues: 0 },
        ];
        expect(Number(row?.cents), role).toBe(duesFor(options, role).cents);
      }
    });

    it("the admin's dues list owes what duesBalance says, for every registration that owes", async () => {
      const staff = await insertPerson(db());
      await db().update(users).set({ role: 'STAFF' }).where(eq(users.id, staff.id));
      const ids = [
        await insertRegistration(db(), { year: YEAR, campingOptionIds: [tent, rv] }),
        await insertRegistration(db(), { userId: staff.id, year: YEAR, campingOptionIds: [tent] }),
      ];
      const listed = await camp.t.app.services.adminPayments.owed();
      for (const id of ids) {
        const balance = await duesBalance(db(), id);
        expect(balance.owed).toBeGreaterThan(0);
        expect(listed.find((row) => row.registrationId === id)?.owed, id).toBe(centsToDollars(balance.owed));
      }
    });
  });
});
