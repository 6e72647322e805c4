import {
  type ApplicationGate,
  applicationGate,
  type ApplicationSettings,
  type MyApplication,
  type Role,
  roleNeedsApplication,
} from '@camp/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { applicationSettings, applications, registrations, users } from '../../db/schema/index';

// Where a person stands with application approval (docs/product.md §12 Application approval, decision 065): the
// one home of the rule, read by GET and PUT /applications/me and by the registration submission's gate.

export type ApplicationRow = typeof applications.$inferSelect;

/** A person's standing for a year: does the year require an application, are they exempt, and theirs if any. */
export interface ApplicationStanding {
  required: boolean;
  exempt: boolean;
  application: ApplicationRow | null;
}

/** The year's settings: a year without a row requires nothing, exempts returning members and asks nothing. */
export async function applicationSettingsOf(db: DbOrTx, year: number): Promise<ApplicationSettings> {
  const [row] = await db.select().from(applicationSettings).where(eq(applicationSettings.year, year));
  return {
    year,
    required: row?.required ?? false,
    returningMembersExempt: row?.returningMembersExempt ?? true,
    questions: row?.questions ?? [],
  };
}

/**
 * Exempt: staff and admins always; a returning member (a CONFIRMED or PENDING registration of an earlier year)
 * when the year exempts them.
 */
export const isExempt = (settings: ApplicationSettings, role: Role, returning: boolean): boolean =>
  !roleNeedsApplication(role) || (settings.returningMembersExempt && returning);

/**
 * The standing of each of `people` for `year`, in one read for them all (plus the settings' row): their
 * application of the year and whether they are returning members.
 */
export async function applicationStandings(
  db: DbOrTx,
  year: number,
  people: ReadonlyArray<{ id: string; role: Role }>,
  /** The year's settings when the caller read them already. */
  known?: ApplicationSettings,
): Promise<{ settings: ApplicationSettings; standings: Map<string, ApplicationStanding> }> {
  const settings = known ?? (await applicationSettingsOf(db, year));
  const ids = [...new Set(people.map((person) => person.id))];
  const rows =
    ids.length === 0
      ? []
      : await db
          .select({
            userId: users.id,
            application: applications,
            returning: sql<boolean>`exists (
              select 1 from ${registrations}
              where ${registrations.userId} = ${users.id} and ${registrations.year} < ${year}
                and ${registrations.status} in ('CONFIRMED', 'PENDING')
            )`,
          })
          .from(users)
          .leftJoin(applications, and(eq(applications.userId, users.id), eq(applications.year, year)))
          .where(inArray(users.id, ids));
  const byId = new Map(rows.map((row) => [row.userId, row]));
  const standings = new Map<string, ApplicationStanding>();
  for (const person of people) {
    const row = byId.get(person.id);
    standings.set(person.id, {
      required: settings.required,
      exempt: isExempt(settings, person.role, row?.returning === true),
      application: row?.application ?? null,
    });
  }
  return { settings, standings };
}

/**
 * The gate of each of `people` (the registration submission's group read): 'clear' for everyone when the year
 * requires no application, without reading anyone's.
 */
export async function applicationGates(
  db: DbOrTx,
  year: number,
  people: ReadonlyArray<{ id: string; role: Role }>,
): Promise<Map<string, ApplicationGate>> {
  const gates = new Map<string, ApplicationGate>();
  const settings = await applicationSettingsOf(db, year);
  if (!settings.required) return gates;
  const { standings } = await applicationStandings(db, year, people, settings);
  for (const [id, standing] of standings) gates.set(id, applicationGate(standing));
  return gates;
}

/** An application as its applicant reads it. */
export function toMyApplication(row: ApplicationRow): MyApplication {
  return {
    id: row.id,
    year: row.year,
    status: row.status,
    about: row.about,
    answers: row.answers,
    message: row.message,
    submittedAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    decidedAt: row.decidedAt ? row.decidedAt.toISOString() : null,
  };
}
