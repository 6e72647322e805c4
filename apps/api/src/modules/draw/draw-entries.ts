import {
  DRAW_MESSAGES,
  type DrawEntryDto,
  jobLabel,
  type PublicConfig,
  REGISTRATION_MESSAGES,
  type RegistrationSubmissionValues,
} from '@camp/shared';
import { and, desc, eq, inArray, ne } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { campConfig, campingOptions, drawEntries, jobs, shifts } from '../../db/schema/index';
import { conflict, notFound } from '../../lib/app-error';
import type { CurrentUser } from '../../plugins/auth';
import type { Checked } from '../registrations/registration-submission.service';
import { liveRegistrationIdOf } from '../registrations/registrations.store';

// A person's entry into the year's draw (docs/product.md §10, decision 049): entering while the application window
// is open, reading it on the dashboard, withdrawing it before the draw. Entries are not registrations: the draw
// makes the registrations from them (draw-run.ts).

type EntryRow = typeof drawEntries.$inferSelect;

/** The entry as the dashboard reads it: its choices by name, and when it is drawn. */
export async function toDrawEntryDto(db: DbOrTx, row: EntryRow): Promise<DrawEntryDto> {
  const options =
    row.campingOptionIds.length === 0
      ? []
      : await db
          .select({ id: campingOptions.id, name: campingOptions.name })
          .from(campingOptions)
          .where(inArray(campingOptions.id, row.campingOptionIds));
  const work =
    row.jobIds.length === 0
      ? []
      : await db
          .select({ id: jobs.id, name: jobs.name, shift: shifts.name, day: shifts.dayOfWeek })
          .from(jobs)
          .innerJoin(shifts, eq(shifts.id, jobs.shiftId))
          .where(inArray(jobs.id, row.jobIds));
  const [config] = await db.select({ drawClosesAt: campConfig.drawClosesAt }).from(campConfig).limit(1);
  const optionName = new Map(options.map((option) => [option.id, option.name]));
  const jobById = new Map(work.map((job) => [job.id, jobLabel(job.name, job.shift, job.day)]));
  return {
    id: row.id,
    year: row.year,
    state: row.state,
    campWith: row.campWith,
    // In the order chosen; a choice that no longer exists is left out (the draw skips it too).
    campingOptions: row.campingOptionIds.flatMap((id) => {
      const name = optionName.get(id);
      return name === undefined ? [] : [{ id, name }];
    }),
    jobs: row.jobIds.flatMap((id) => {
      const label = jobById.get(id);
      return label === undefined ? [] : [{ id, label }];
    }),
    createdAt: row.createdAt.toISOString(),
    drawClosesAt: config?.drawClosesAt?.toISOString() ?? null,
    drawnPosition: row.drawnPosition,
    registrationId: row.registrationId,
  };
}

export interface DrawEntriesDeps {
  db: Db;
  now: () => Date;
  /** The submission's rules (registration-submission.service.ts), places left out. */
  check: (caller: CurrentUser, input: RegistrationSubmissionValues, config: PublicConfig) => Promise<Checked>;
}

/** Entering, reading and withdrawing a draw entry. */
export class DrawEntriesService {
  constructor(private readonly deps: DrawEntriesDeps) {}

  /**
   * POST /registrations/camp while the window is open: every rule of a submission, then the entry is stored
   * (no place taken, nothing owed). One live entry per person and year; someone registered cannot enter.
   */
  async enter(
    caller: CurrentUser,
    input: RegistrationSubmissionValues,
    config: PublicConfig,
  ): Promise<DrawEntryDto> {
    const checked = await this.deps.check(caller, input, config);
    const year = config.registrationYear;
    const { registration } = checked.submission;
    const { db } = this.deps;
    const row = await db.transaction(async (tx) => {
      if (await liveRegistrationIdOf(tx, caller.id, year))
        throw conflict(REGISTRATION_MESSAGES.alreadyRegistered(year));
      // The partial unique index keeps one live entry per person and year, also against a double click.
      const [inserted] = await tx
        .insert(drawEntries)
        .values({
          year,
          userId: caller.id,
          campWith: input.campWith.filter((email) => email !== caller.email.toLowerCase()),
          campingOptionIds: [...registration.optionIds],
          jobIds: [...registration.jobIds],
          fieldValues: Object.fromEntries(registration.storedValues.map((v) => [v.fieldId, v.value])),
          acceptedTermsAt: registration.acceptedTermsAt,
        })
        .onConflictDoNothing()
        .returning();
      if (!inserted) throw conflict(DRAW_MESSAGES.alreadyEntered(year));
      return inserted;
    });
    return toDrawEntryDto(db, row);
  }

  /** GET /draw-entries/me: the caller's live entry of the year (the newest not withdrawn), or null. */
  async mine(userId: string, year: number): Promise<DrawEntryDto | null> {
    const [row] = await this.deps.db
      .select()
      .from(drawEntries)
      .where(
        and(eq(drawEntries.userId, userId), eq(drawEntries.year, year), ne(drawEntries.state, 'WITHDRAWN')),
      )
      .orderBy(desc(drawEntries.createdAt))
      .limit(1);
    return row ? toDrawEntryDto(this.deps.db, row) : null;
  }

  /**
   * POST /draw-entries/{id}/withdraw: the caller's own entry, only while ENTERED (404 for anyone else's, 409
   * once drawn or withdrawn). Locked, so a draw running at the same time either sees it withdrawn or wins.
   */
  async withdraw(caller: CurrentUser, id: string): Promise<DrawEntryDto> {
    const { db } = this.deps;
    const row = await db.transaction(async (tx) => {
      const [entry] = await tx
        .select()
        .from(drawEntries)
        .where(and(eq(drawEntries.id, id), eq(drawEntries.userId, caller.id)))
        .for('update');
      if (!entry) throw notFound(DRAW_MESSAGES.entryNotFound);
      if (entry.state !== 'ENTERED') throw conflict(DRAW_MESSAGES.notWithdrawable);
      const [updated] = await tx
        .update(drawEntries)
        .set({ state: 'WITHDRAWN', updatedAt: this.deps.now() })
        .where(eq(drawEntries.id, id))
        .returning();
      return updated as EntryRow;
    });
    return toDrawEntryDto(db, row);
  }
}
