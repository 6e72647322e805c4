import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { timedTasks } from '../src/db/schema/index';
import type { Camp } from './camp';
import { adminPost, insertSignedInPerson, type Person, submitCamp } from './camp-registrations';

// The draw suites' helpers (docs/product.md §10, decision 049): a window open now with people entered, and the
// window's close brought forward. Not a test file itself.

const HOUR = 3_600_000;

/**
 * A free option of `maxSignups` places, the draw's window open from an hour ago to an hour from now, and `howMany`
 * signed-in people who entered it for the option; answers them.
 */
export async function drawEnteredBy(camp: Camp, maxSignups: number, howMany: number): Promise<Person[]> {
  const option = await adminPost(camp, '/api/camping-options', {
    name: 'Cabin',
    participantDues: 0,
    maxSignups,
  });
  const saved = await camp.call('PATCH', '/api/core-config/current', camp.admin, {
    drawOpensAt: new Date(Date.now() - HOUR).toISOString(),
    drawClosesAt: new Date(Date.now() + HOUR).toISOString(),
  });
  expect(saved.statusCode).toBe(200);
  const people: Person[] = [];
  for (let i = 0; i < howMany; i += 1) {
    const person = await insertSignedInPerson(camp);
    expect((await submitCamp(camp, person, { campingOptions: [option] })).statusCode).toBe(201);
    people.push(person);
  }
  return people;
}

/** The window closes: the DRAW task falls due. */
export async function drawFallsDue(camp: Pick<Camp, 't'>): Promise<void> {
  await camp.t.database.db
    .update(timedTasks)
    .set({ dueAt: new Date(Date.now() - 1000) })
    .where(eq(timedTasks.kind, 'DRAW'));
}
