import {
  type CreateJobInputSchema,
  isOverCapacity,
  type Job,
  jobCapacity,
  plural,
  type UpdateJobInputSchema,
} from '@camp/shared';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client';
import { jobCategories, jobs, registrationJobs, registrations, shifts } from '../../db/schema/index';
import { badRequest, conflict, notFound } from '../../lib/app-error';
import {
  activeJobCounts,
  ALL_WORK,
  type JobCategoryRow,
  type ShiftRow,
  toJobCategoryDto,
  toShiftSummaryDto,
  type WorkViewer,
} from './work-common';
import { changeEvent, recordSecurityEvent } from '../security-events/security-events';
import { scheduleWaitlistFill } from '../waitlist/tasks';
import type { WaitlistWorker } from '../waitlist/waitlist-worker';

export type JobRow = typeof jobs.$inferSelect;
type CreateValues = z.output<typeof CreateJobInputSchema>;
type UpdateValues = z.output<typeof UpdateJobInputSchema>;

export const JOB_NOT_FOUND = 'Job not found';

export interface JobFilters {
  categoryId?: string | undefined;
  shiftId?: string | undefined;
}

export function toJobDto(
  row: JobRow,
  category: JobCategoryRow,
  shift: ShiftRow,
  currentRegistrations: number,
): Job {
  return {
    id: row.id,
    name: row.name,
    location: row.location,
    categoryId: row.categoryId,
    category: toJobCategoryDto(category),
    shiftId: row.shiftId,
    shift: toShiftSummaryDto(shift),
    maxRegistrations: row.maxRegistrations,
    currentRegistrations,
    staffOnly: category.staffOnly,
    alwaysRequired: category.alwaysRequired,
    waitlistEnabled: row.waitlistEnabled,
    active: row.active,
  };
}

export class JobsService {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
    /** The configured registration year: places are counted per year. */
    private readonly registrationYear: () => Promise<number>,
    /** Wakes the waitlist worker after a commit that scheduled a fill (a raised limit, decision 052). */
    private readonly waitlist: Pick<WaitlistWorker, 'kick'> = { kick: () => undefined },
  ) {}

  /** Ordered as the festival runs: by day, start time, then name. */
  async list(viewer: WorkViewer, filters: JobFilters = {}): Promise<Job[]> {
    const conditions: SQL[] = [];
    if (!viewer.seesStaffOnly) conditions.push(eq(jobCategories.staffOnly, false));
    // Retired jobs, and the jobs of retired shifts, are listed for admins only (docs/product.md §11).
    if (!viewer.seesRetired) conditions.push(eq(jobs.active, true), eq(shifts.active, true));
    if (filters.categoryId) conditions.push(eq(jobs.categoryId, filters.categoryId));
    if (filters.shiftId) conditions.push(eq(jobs.shiftId, filters.shiftId));
    return this.query(and(...conditions), this.db);
  }

  /**
   * A job of a staff-only category is "not found" for a participant. A retired job is found, with `active: false`:
   * it stays in its people's history (docs/product.md §11). Inside a transaction pass the registration year read
   * before it (PGlite has one connection).
   */
  async get(id: string, viewer: WorkViewer, db: DbOrTx = this.db, year?: number): Promise<Job> {
    const [job] = await this.query(eq(jobs.id, id), db, year);
    if (!job || (job.staffOnly && !viewer.seesStaffOnly)) throw notFound(JOB_NOT_FOUND);
    return job;
  }

  async create(values: CreateValues): Promise<Job> {
    const year = await this.registrationYear();
    return this.db.transaction(async (tx) => {
      await assertReferencesExist(values, tx);
      const [row] = await tx.insert(jobs).values(values).returning();
      if (!row) throw new Error('insert returned no row');
      await recordSecurityEvent(tx, changeEvent('job.created', { id: row.id, after: row }));
      return this.get(row.id, ALL_WORK, tx, year);
    });
  }

  async update(id: string, values: UpdateValues): Promise<Job> {
    const year = await this.registrationYear();
    let fill = false;
    const job = await this.db.transaction(async (tx) => {
      // The row lock keeps registrations from taking places between the capacity check and the change.
      const current = await lockJob(id, tx);
      let recount: { currentRegistrations: number; countedYear: number } | undefined;
      if (values.maxRegistrations !== undefined) {
        const counter = current.countedYear === year ? current.currentRegistrations : 0;
        const taken = Math.max(counter, (await activeJobCounts([id], tx, year)).get(id) ?? 0);
        if (isOverCapacity(jobCapacity(values.maxRegistrations), taken)) {
          throw conflict(
            `Maximum registrations cannot be lower than the ${plural(taken, 'person', 'people')} already registered for this job.`,
          );
        }
        // A counter of another year may be above the new maximum, which the database refuses (decision 022):
        // count this year's places instead, under the lock held (as capacity.ts would on the next sign-up).
        if (current.countedYear !== year) recount = { currentRegistrations: taken, countedYear: year };
      }
      // More places: the job's line gets them (docs/product.md §10, decision 052), as a camping option's does.
      const raised =
        values.maxRegistrations !== undefined && values.maxRegistrations > current.maxRegistrations;
      // Reactivated: its line, dormant while it was retired, is served again (docs/product.md §11).
      const reactivated = values.active === true && !current.active;
      fill = raised || reactivated;
      if (fill) await scheduleWaitlistFill(tx, year);
      await assertReferencesExist(values, tx);
      const [after] = await tx
        .update(jobs)
        .set({ ...values, ...recount, updatedAt: this.now() })
        .where(eq(jobs.id, id))
        .returning();
      await recordSecurityEvent(tx, changeEvent('job.updated', { id, before: current, after }));
      return this.get(id, ALL_WORK, tx, year);
    });
    if (fill) this.waitlist.kick();
    return job;
  }

  /**
   * Refused while any registration refers to the job: a current one holds a place; a cancelled one that kept
   * its link is history, and the link's foreign key restricts the delete anyway.
   */
  async remove(id: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const before = await lockJob(id, tx);
      const [usage] = await tx
        .select({
          total: sql<number>`count(*)::int`,
          active: sql<number>`(count(*) filter (where ${registrations.status} <> 'CANCELLED'))::int`,
        })
        .from(registrationJobs)
        .innerJoin(registrations, eq(registrations.id, registrationJobs.registrationId))
        .where(eq(registrationJobs.jobId, id));
      const active = usage?.active ?? 0;
      if (active > 0) {
        throw conflict(
          `This job cannot be deleted while ${plural(active, 'person is', 'people are')} registered for it. Remove them from the job first.`,
        );
      }
      if ((usage?.total ?? 0) > 0) {
        throw conflict(
          'This job cannot be deleted because cancelled registrations still refer to it and are kept for history.',
        );
      }
      await tx.delete(jobs).where(eq(jobs.id, id));
      await recordSecurityEvent(tx, changeEvent('job.deleted', { id, before }));
    });
  }

  /** Jobs with their category and shift in one query, plus one for the counts. */
  private async query(where: SQL | undefined, db: DbOrTx, year?: number): Promise<Job[]> {
    const rows = await db
      .select({ job: jobs, category: jobCategories, shift: shifts })
      .from(jobs)
      .innerJoin(jobCategories, eq(jobCategories.id, jobs.categoryId))
      .innerJoin(shifts, eq(shifts.id, jobs.shiftId))
      .where(where)
      .orderBy(asc(shifts.dayOfWeek), asc(shifts.startTime), asc(jobs.name), asc(jobs.id));
    const counts = await activeJobCounts(
      rows.map((row) => row.job.id),
      db,
      year ?? (await this.registrationYear()),
    );
    return rows.map((row) => toJobDto(row.job, row.category, row.shift, counts.get(row.job.id) ?? 0));
  }
}

async function lockJob(id: string, tx: DbOrTx): Promise<JobRow> {
  const [row] = await tx.select().from(jobs).where(eq(jobs.id, id)).for('update');
  if (!row) throw notFound(JOB_NOT_FOUND);
  return row;
}

/** A clear 400 naming the missing category or shift, instead of the database's foreign-key refusal. */
async function assertReferencesExist(values: JobFilters, tx: DbOrTx): Promise<void> {
  const problems: string[] = [];
  if (values.categoryId) {
    const [category] = await tx
      .select({ id: jobCategories.id })
      .from(jobCategories)
      .where(eq(jobCategories.id, values.categoryId));
    if (!category) problems.push(`Job category ${values.categoryId} does not exist`);
  }
  if (values.shiftId) {
    const [shift] = await tx.select({ id: shifts.id }).from(shifts).where(eq(shifts.id, values.shiftId));
    if (!shift) problems.push(`Shift ${values.shiftId} does not exist`);
  }
  if (problems.length > 0) throw badRequest(problems);
}
