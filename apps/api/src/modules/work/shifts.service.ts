import {
  type Attendance,
  type CreateShiftInputSchema,
  type DayOfWeek,
  formatShiftTime,
  SHIFT_SAME_TIMES_MESSAGE,
  type Shift,
  type ShiftRegistration,
  shiftTimesValid,
  type UpdateShiftInputSchema,
  type WorkScheduleShift,
  plural,
  PLACE_HOLDING_STATUSES,
} from '@camp/shared';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client';
import { jobCategories, jobs, registrationJobs, registrations, shifts, users } from '../../db/schema/index';
import { badRequest, conflict, notFound } from '../../lib/app-error';
import { groupBy } from '../../lib/group-by';
import { activeJobCounts, ALL_WORK, type ShiftRow, toShiftSummaryDto, type WorkViewer } from './work-common';
import { changeEvent, recordSecurityEvent } from '../security-events/security-events';
import { scheduleWaitlistFill } from '../waitlist/tasks';
import type { WaitlistWorker } from '../waitlist/waitlist-worker';

type CreateValues = z.output<typeof CreateShiftInputSchema>;
type UpdateValues = z.output<typeof UpdateShiftInputSchema>;

export const SHIFT_NOT_FOUND = 'Shift not found';

/** Festival order: the day enum is declared in DAYS_OF_WEEK order, so the database sorts days by it. */
const shiftOrdering = [asc(shifts.dayOfWeek), asc(shifts.startTime), asc(shifts.name), asc(shifts.id)];

export class ShiftsService {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
    /** The configured registration year: places on jobs are counted per year. */
    private readonly registrationYear: () => Promise<number>,
    /** Wakes the waitlist worker after a reactivation scheduled a fill (docs/product.md §11). */
    private readonly waitlist: Pick<WaitlistWorker, 'kick'> = { kick: () => undefined },
  ) {}

  /** Shifts by day then start time, each with the jobs the viewer may see (retired ones for admins only). */
  async list(viewer: WorkViewer, filters: { dayOfWeek?: DayOfWeek | undefined } = {}): Promise<Shift[]> {
    const conditions: SQL[] = [];
    if (filters.dayOfWeek) conditions.push(eq(shifts.dayOfWeek, filters.dayOfWeek));
    if (!viewer.seesRetired) conditions.push(eq(shifts.active, true));
    const rows = await this.db
      .select()
      .from(shifts)
      .where(and(...conditions))
      .orderBy(...shiftOrdering);
    return this.withJobs(rows, viewer, this.db);
  }

  /**
   * A retired shift is found, with `active: false`; its jobs are listed only for admins (docs/product.md §11).
   * Inside a transaction pass the registration year read before it (PGlite has one connection).
   */
  async get(id: string, viewer: WorkViewer, db: DbOrTx = this.db, year?: number): Promise<Shift> {
    const [row] = await db.select().from(shifts).where(eq(shifts.id, id));
    if (!row) throw notFound(SHIFT_NOT_FOUND);
    const [shift] = await this.withJobs([row], viewer, db, year);
    if (!shift) throw notFound(SHIFT_NOT_FOUND);
    return shift;
  }

  async create(values: CreateValues): Promise<Shift> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx.insert(shifts).values(values).returning();
      if (!row) throw new Error('insert returned no row');
      await recordSecurityEvent(tx, changeEvent('shift.created', { id: row.id, after: row }));
      return { ...toShiftSummaryDto(row), jobs: [] };
    });
  }

  async update(id: string, values: UpdateValues): Promise<Shift> {
    const year = await this.registrationYear();
    let reactivated = false;
    const shift = await this.db.transaction(async (tx) => {
      const current = await lockShift(id, tx);
      // The stored times read 'HH:MM:SS': compare in the API's HH:MM.
      const startTime = values.startTime ?? formatShiftTime(current.startTime);
      const endTime = values.endTime ?? formatShiftTime(current.endTime);
      if (!shiftTimesValid(startTime, endTime)) throw badRequest(SHIFT_SAME_TIMES_MESSAGE);
      // Reactivated: the lines of its jobs, dormant while it was retired, are served again (docs/product.md §11).
      reactivated = values.active === true && !current.active;
      if (reactivated) await scheduleWaitlistFill(tx, year);
      const [after] = await tx
        .update(shifts)
        .set({ ...values, updatedAt: this.now() })
        .where(eq(shifts.id, id))
        .returning();
      await recordSecurityEvent(tx, changeEvent('shift.updated', { id, before: current, after }));
      return this.get(id, ALL_WORK, tx, year);
    });
    if (reactivated) this.waitlist.kick();
    return shift;
  }

  /** Refused while jobs use the shift (their foreign key restricts it). */
  async remove(id: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const before = await lockShift(id, tx);
      const [usage] = await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(jobs)
        .where(eq(jobs.shiftId, id));
      const count = usage?.count ?? 0;
      if (count > 0) {
        throw conflict(
          `This shift cannot be deleted while ${plural(count, 'job uses', 'jobs use')} it. Delete those jobs or move them to another shift first.`,
        );
      }
      await tx.delete(shifts).where(eq(shifts.id, id));
      await recordSecurityEvent(tx, changeEvent('shift.deleted', { id, before }));
    });
  }

  /** Who works this shift: one row per non-cancelled registration and job of the shift (staff and admins). */
  async registrations(id: string, filters: { year?: number | undefined } = {}): Promise<ShiftRegistration[]> {
    const [shift] = await this.db.select({ id: shifts.id }).from(shifts).where(eq(shifts.id, id));
    if (!shift) throw notFound(SHIFT_NOT_FOUND);
    const rows = await this.db
      .select({
        id: registrations.id,
        year: registrations.year,
        status: registrations.status,
        user: scheduleUserColumns,
        job: { id: jobs.id, name: jobs.name },
      })
      .from(registrationJobs)
      .innerJoin(jobs, eq(jobs.id, registrationJobs.jobId))
      .innerJoin(registrations, eq(registrations.id, registrationJobs.registrationId))
      .innerJoin(users, eq(users.id, registrations.userId))
      .where(and(eq(jobs.shiftId, id), ...activeRegistrationConditions(filters.year)))
      .orderBy(asc(jobs.name), ...personOrdering);
    return rows;
  }

  /**
   * The work schedule of docs/product.md §3: every shift in festival order, its jobs, and who is registered on each.
   * Three queries whatever the size of the camp (shifts, jobs, registrations), joined up in memory.
   */
  async workSchedule(filters: { year?: number | undefined } = {}): Promise<WorkScheduleShift[]> {
    const shiftRows = await this.db
      .select()
      .from(shifts)
      .orderBy(...shiftOrdering);
    const jobRows = await this.db
      .select({
        id: jobs.id,
        shiftId: jobs.shiftId,
        name: jobs.name,
        location: jobs.location,
        maxRegistrations: jobs.maxRegistrations,
      })
      .from(jobs)
      .orderBy(asc(jobs.name), asc(jobs.id));
    const registrationRows = await this.db
      .select({
        id: registrations.id,
        jobId: registrationJobs.jobId,
        year: registrations.year,
        attendance: registrationJobs.attendance,
        user: scheduleUserColumns,
      })
      .from(registrationJobs)
      .innerJoin(registrations, eq(registrations.id, registrationJobs.registrationId))
      .innerJoin(users, eq(users.id, registrations.userId))
      .where(and(...activeRegistrationConditions(filters.year)))
      .orderBy(...personOrdering);

    const registrationsByJob = groupBy(registrationRows, (row) => row.jobId);
    const jobsByShift = groupBy(jobRows, (row) => row.shiftId);
    // Only the registration year's marks count (docs/product.md §11 Check-in).
    const countYear = await this.registrationYear();
    const marked = (jobId: string, attendance: Attendance) =>
      (registrationsByJob.get(jobId) ?? []).filter(
        (row) => row.year === countYear && row.attendance === attendance,
      ).length;
    return shiftRows.map((row) => ({
      ...toShiftSummaryDto(row),
      jobs: (jobsByShift.get(row.id) ?? []).map((job) => ({
        id: job.id,
        name: job.name,
        location: job.location,
        maxRegistrations: job.maxRegistrations,
        registrations: (registrationsByJob.get(job.id) ?? []).map(({ id, user }) => ({ id, user })),
        shows: marked(job.id, 'SHOWED'),
        noShows: marked(job.id, 'NO_SHOW'),
      })),
    }));
  }

  /** Shifts with the jobs the viewer may see and their live counts: two queries however many shifts. */
  private async withJobs(rows: ShiftRow[], viewer: WorkViewer, db: DbOrTx, year?: number): Promise<Shift[]> {
    if (rows.length === 0) return [];
    const conditions: SQL[] = [
      inArray(
        jobs.shiftId,
        rows.map((row) => row.id),
      ),
    ];
    if (!viewer.seesStaffOnly) conditions.push(eq(jobCategories.staffOnly, false));
    if (!viewer.seesRetired) conditions.push(eq(jobs.active, true));
    const jobRows = await db
      .select({
        id: jobs.id,
        shiftId: jobs.shiftId,
        name: jobs.name,
        location: jobs.location,
        categoryId: jobs.categoryId,
        maxRegistrations: jobs.maxRegistrations,
        staffOnly: jobCategories.staffOnly,
        waitlistEnabled: jobs.waitlistEnabled,
        active: jobs.active,
      })
      .from(jobs)
      .innerJoin(jobCategories, eq(jobCategories.id, jobs.categoryId))
      .where(and(...conditions))
      .orderBy(asc(jobs.name), asc(jobs.id));
    const counts = await activeJobCounts(
      jobRows.map((job) => job.id),
      db,
      year ?? (await this.registrationYear()),
    );
    const jobsByShift = groupBy(jobRows, (job) => job.shiftId);
    // A retired shift's jobs count as retired (docs/product.md §11).
    return rows.map((row) => ({
      ...toShiftSummaryDto(row),
      jobs: (viewer.seesRetired || row.active ? (jobsByShift.get(row.id) ?? []) : []).map(
        ({ shiftId: _shiftId, ...job }) => ({
          ...job,
          currentRegistrations: counts.get(job.id) ?? 0,
        }),
      ),
    }));
  }
}

const scheduleUserColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  playaName: users.playaName,
  email: users.email,
};

const personOrdering = [asc(users.lastName), asc(users.firstName), asc(users.email), asc(registrations.id)];

/** Who is on a shift's roster: the registrations holding their jobs (PENDING, CONFIRMED; docs/product.md §10). */
function activeRegistrationConditions(year: number | undefined): SQL[] {
  const conditions: SQL[] = [inArray(registrations.status, [...PLACE_HOLDING_STATUSES])];
  if (year !== undefined) conditions.push(eq(registrations.year, year));
  return conditions;
}

/** Holds off a job being added to the shift between the check and the delete. */
async function lockShift(id: string, tx: DbOrTx): Promise<ShiftRow> {
  const [row] = await tx.select().from(shifts).where(eq(shifts.id, id)).for('update');
  if (!row) throw notFound(SHIFT_NOT_FOUND);
  return row;
}
