import type { AuditRecord, Role } from '@camp/shared';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Db } from '../src/db/client';
import { registrations, users } from '../src/db/schema/index';
import type { Camp } from './camp';
import { Prng } from './kit/rng';

// The registration suites' camp: configuration and a Gate job through the API, signed-in people written
// straight into the database. Not a test file itself.

export const YEAR = 2027;

export interface Person {
  id: string;
  email: string;
  headers: { authorization: string };
}

let counter = 0;
/** The addresses' suffixes: varied, and the same on every run. */
const suffixes = new Prng(2);

/**
 * A person inserted straight into the database with a complete profile (or not) and the given flags, signed
 * in with an access token issued by the app itself: quick enough for hundreds of people.
 */
export async function insertSignedInPerson(
  camp: Pick<Camp, 't'>,
  values: Partial<typeof users.$inferInsert> & { role?: Role } = {},
): Promise<Person> {
  counter += 1;
  const email = values.email ?? `camper${counter}-${suffixes.chars(6)}@example.org`;
  const db: Db = camp.t.database.db;
  const [row] = await db
    .insert(users)
    .values({
      firstName: 'Camper',
      lastName: `Number${counter}`,
      phone: '555-0100',
      emergencyContact: 'Mum, 555-0199, mother',
      ...values,
      email,
    })
    .returning({ id: users.id, role: users.role });
  if (!row) throw new Error('no user inserted');
  const token = await camp.t.app.services.auth.openSessionFor(row);
  return { id: row.id, email, headers: { authorization: `Bearer ${token}` } };
}

/** Posts as the admin and answers the new record's id (201 expected). */
export async function adminPost(camp: Camp, url: string, payload: unknown): Promise<string> {
  const response = await camp.call('POST', url, camp.admin, payload);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: string }>().id;
}

/** The ids of the Gate-and-Tent camp (gateAndTent). */
export interface GateAndTent {
  category: string;
  shift: string;
  job: string;
  option: string;
  field: string;
}

/**
 * The small camp the personal-data suites register people into, made by the admin through the API: a Gate
 * category whose Greeter job (5 places) is on a Monday morning shift, and a Tent option (100 in dues) asking for a
 * Plate.
 */
export async function gateAndTent(camp: Camp): Promise<GateAndTent> {
  const category = await adminPost(camp, '/api/job-categories', { name: 'Gate', description: 'Greets' });
  const shift = await adminShift(camp, 'Morning', 'MONDAY', '09:00', '12:00');
  const job = await adminPost(camp, '/api/jobs', {
    name: 'Greeter',
    location: 'Gate',
    categoryId: category,
    shiftId: shift,
    maxRegistrations: 5,
  });
  const option = await adminPost(camp, '/api/camping-options', { name: 'Tent', participantDues: 100 });
  const field = await adminPost(camp, `/api/camping-options/${option}/fields`, { displayName: 'Plate' });
  return { category, shift, job, option, field };
}

/** A registration's audit trail as the admin's GET answers it (200 expected). */
export async function auditTrail(camp: Camp, registrationId: string): Promise<AuditRecord[]> {
  const response = await camp.call(
    'GET',
    `/api/admin/registrations/${registrationId}/audit-trail`,
    camp.admin,
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AuditRecord[]>();
}

/**
 * A registration's audit trail as one admin action wrote it (docs/product.md §4): checks that its records share
 * one transaction and that each carries the action's reason and its admin. Answers their action types, sorted,
 * and each record by its type.
 */
export async function adminActionTrail(camp: Camp, registrationId: string, reason: string) {
  const records = await auditTrail(camp, registrationId);
  const transactions = new Set(records.map((record) => record.transactionId));
  expect(transactions.size).toBe(1);
  expect([...transactions][0]).toEqual(expect.any(String));
  for (const record of records) {
    expect(record.reason).toBe(reason);
    expect(record.adminUser).not.toBeNull();
  }
  return {
    types: records.map((record) => record.actionType).sort(),
    byType: new Map(records.map((record) => [record.actionType, record])),
  };
}

/** A registration's stored status (undefined when there is no such registration). */
export async function registrationStatus(camp: Camp, registrationId: string) {
  const [row] = await camp.t.database.db
    .select({ status: registrations.status })
    .from(registrations)
    .where(eq(registrations.id, registrationId));
  return row?.status;
}

/** Posts a job in the kitchen tent as the admin and answers its id. */
export function adminKitchenJob(
  camp: Camp,
  job: { name: string; categoryId: string; shiftId: string; maxRegistrations: number },
): Promise<string> {
  return adminPost(camp, '/api/jobs', { ...job, location: 'Kitchen tent' });
}

/** Posts a shift as the admin and answers its id. */
export function adminShift(
  camp: Camp,
  name: string,
  dayOfWeek: string,
  startTime: string,
  endTime: string,
  extra: Record<string, unknown> = {},
): Promise<string> {
  return adminPost(camp, '/api/shifts', { name, dayOfWeek, startTime, endTime, ...extra });
}

/** The person's submission through the wizard's endpoint, with the terms accepted. */
export function submitCamp(
  camp: Pick<Camp, 't'>,
  person: Pick<Person, 'headers'>,
  body: Record<string, unknown>,
): Promise<LightMyRequestResponse> {
  return camp.t.app.inject({
    method: 'POST',
    url: '/api/registrations/camp',
    headers: person.headers,
    payload: { ...body, acceptedTerms: true },
  });
}

/** Stores the camp configuration (registration open for YEAR unless told otherwise). */
export async function configure(camp: Camp, values: Record<string, unknown> = {}): Promise<void> {
  const current = await camp.call('GET', '/api/core-config/current', camp.admin);
  const payload = { registrationYear: YEAR, registrationOpen: true, earlyRegistrationOpen: false, ...values };
  const response =
    current.statusCode === 404
      ? await camp.call('POST', '/api/core-config', camp.admin, { campName: 'Dust Camp', ...payload })
      : await camp.call('PATCH', '/api/core-config/current', camp.admin, payload);
  expect(response.statusCode, response.body).toBeLessThan(300);
}

/** A 'Gate' category (not always required) with one 'Gate Greeter' job on Monday morning; answers the job's id. */
export async function gateGreeterJob(camp: Camp, maxRegistrations: number): Promise<string> {
  const gate = await adminPost(camp, '/api/job-categories', { name: 'Gate', description: 'Greets arrivals' });
  const monday = await adminShift(camp, 'Monday morning', 'MONDAY', '09:00', '13:00');
  return adminPost(camp, '/api/jobs', {
    name: 'Gate Greeter',
    location: 'Front gate',
    categoryId: gate,
    shiftId: monday,
    maxRegistrations,
  });
}
