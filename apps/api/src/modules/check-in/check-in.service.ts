import {
  type Attendance,
  CHECK_IN_MESSAGES,
  type CheckInCounts,
  type CheckInPerson,
  type CheckInShift,
  type CheckInShiftDetail,
  type CheckInShiftList,
  checkInName,
  eventCalendarOf,
  type EventCalendar,
  festivalDayIndex,
  formatShiftTime,
  jobLabel,
  PLACE_HOLDING_STATUSES,
  shiftMoments,
  shiftWallTimes,
} from '@camp/shared';
import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/client';
import { jobs, registrationJobs, registrations, shifts, users } from '../../db/schema/index';
import { notFound } from '../../lib/app-error';
import { groupBy } from '../../lib/group-by';
import { recordAudit } from '../audit/audit-writer';
import type { ConfigService } from '../config/config.service';

// Check-in (docs/product.md §11 Check-in, decision 058): staff and admins mark, per shift, who of the registrations
// of the registration year that hold places (Pending, Confirmed) showed up. Names only: never e-mail, phone or money.

type ShiftRow = typeof shifts.$inferSelect;

export interface CheckInServiceDeps {
  db: Db;
  config: ConfigService;
  now: () => Date;
}

/** Who marked a row: a second name for the users table. */
const marker = alias(users, 'check_in_marker');

const personColumns = {
  id: registrationJobs.id,
  firstName: users.firstName,
  lastName: users.lastName,
  playaName: users.playaName,
  jobId: jobs.id,
  jobName: jobs.name,
  attendance: registrationJobs.attendance,
  attendanceAt: registrationJobs.attendanceAt,
  markerFirstName: marker.firstName,
  markerLastName: marker.lastName,
  markerPlayaName: marker.playaName,
};

type PersonRow = {
  [K in keyof typeof personColumns]: (typeof personColumns)[K]['_']['notNull'] extends true
    ? (typeof personColumns)[K]['_']['data']
    : (typeof personColumns)[K]['_']['data'] | null;
};

function toPerson(row: PersonRow): CheckInPerson {
  const marked = row.attendance !== null;
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    playaName: row.playaName,
    job: { id: row.jobId, name: row.jobName },
    attendance: row.attendance,
    attendanceAt: marked ? (row.attendanceAt?.toISOString() ?? null) : null,
    attendanceBy:
      marked && (row.markerFirstName || row.markerLastName || row.markerPlayaName)
        ? checkInName({
            firstName: row.markerFirstName,
            lastName: row.markerLastName,
            playaName: row.markerPlayaName,
          })
        : null,
  };
}

function countsOf(marks: ReadonlyArray<{ attendance: Attendance | null }>): CheckInCounts {
  const showed = marks.filter((mark) => mark.attendance === 'SHOWED').length;
  const noShow = marks.filter((mark) => mark.attendance === 'NO_SHOW').length;
  return { people: marks.length, shows: showed, noShows: noShow, unmarked: marks.length - showed - noShow };
}

/** Time order: festival day (Pre-Opening's offsets counted), start, end, name. */
function inTimeOrder(a: ShiftRow, b: ShiftRow): number {
  return (
    festivalDayIndex(a.dayOfWeek, a.dayOffset) - festivalDayIndex(b.dayOfWeek, b.dayOffset) ||
    formatShiftTime(a.startTime).localeCompare(formatShiftTime(b.startTime)) ||
    formatShiftTime(a.endTime).localeCompare(formatShiftTime(b.endTime)) ||
    a.name.localeCompare(b.name) ||
    a.id.localeCompare(b.id)
  );
}

export class CheckInService {
  constructor(private readonly deps: CheckInServiceDeps) {}

  /** The registrations that count: of the registration year, holding places. */
  private holding(year: number): SQL[] {
    return [eq(registrations.year, year), inArray(registrations.status, [...PLACE_HOLDING_STATUSES])];
  }

  private async context() {
    const config = await this.deps.config.getPublic();
    return {
      year: config.registrationYear,
      timeZone: config.timeZone,
      calendar: eventCalendarOf(config),
    };
  }

  private toShift(
    row: ShiftRow,
    counts: CheckInCounts,
    calendar: EventCalendar | null,
    timeZone: string,
  ): CheckInShift {
    const dated = calendar ? shiftMoments(row, calendar, timeZone) : null;
    return {
      id: row.id,
      name: row.name,
      dayOfWeek: row.dayOfWeek,
      dayOffset: row.dayOffset,
      startTime: formatShiftTime(row.startTime),
      endTime: formatShiftTime(row.endTime),
      date: calendar ? shiftWallTimes(row, calendar).date : null,
      startsAt: dated?.start ?? null,
      endsAt: dated?.end ?? null,
      counts,
    };
  }

  /** GET /check-in/shifts: every shift in time order; a retired one only while people are on it. */
  async shifts(): Promise<CheckInShiftList> {
    const { year, timeZone, calendar } = await this.context();
    const [shiftRows, marks] = await Promise.all([
      this.deps.db.select().from(shifts),
      this.deps.db
        .select({ shiftId: jobs.shiftId, attendance: registrationJobs.attendance })
        .from(registrationJobs)
        .innerJoin(registrations, eq(registrations.id, registrationJobs.registrationId))
        .innerJoin(jobs, eq(jobs.id, registrationJobs.jobId))
        .where(and(...this.holding(year))),
    ]);
    const marksOf = groupBy(marks, (mark) => mark.shiftId);
    const list = shiftRows
      .filter((row) => row.active || marksOf.has(row.id))
      .sort(inTimeOrder)
      .map((row) => this.toShift(row, countsOf(marksOf.get(row.id) ?? []), calendar, timeZone));
    return { year, shifts: list };
  }

  private people(where: SQL[]) {
    return this.deps.db
      .select(personColumns)
      .from(registrationJobs)
      .innerJoin(registrations, eq(registrations.id, registrationJobs.registrationId))
      .innerJoin(users, eq(users.id, registrations.userId))
      .innerJoin(jobs, eq(jobs.id, registrationJobs.jobId))
      .leftJoin(marker, eq(marker.id, registrationJobs.attendanceBy))
      .where(and(...where))
      .orderBy(
        asc(jobs.name),
        asc(jobs.id),
        asc(users.lastName),
        asc(users.firstName),
        asc(users.playaName),
        asc(registrationJobs.id),
      );
  }

  /** GET /check-in/shifts/{id}: the shift, its jobs and the people on them. */
  async shift(id: string): Promise<CheckInShiftDetail> {
    const { year, timeZone, calendar } = await this.context();
    const [row] = await this.deps.db.select().from(shifts).where(eq(shifts.id, id));
    if (!row) throw notFound(CHECK_IN_MESSAGES.shiftNotFound);
    const [jobRows, people] = await Promise.all([
      this.deps.db
        .select({ id: jobs.id, name: jobs.name, location: jobs.location, active: jobs.active })
        .from(jobs)
        .where(eq(jobs.shiftId, id))
        .orderBy(asc(jobs.name), asc(jobs.id)),
      this.people([eq(jobs.shiftId, id), ...this.holding(year)]),
    ]);
    const peopleOf = groupBy(people, (person) => person.jobId);
    return {
      shift: this.toShift(row, countsOf(people), calendar, timeZone),
      jobs: jobRows
        .filter((job) => job.active || peopleOf.has(job.id))
        .map((job) => ({
          id: job.id,
          name: job.name,
          location: job.location,
          counts: countsOf(peopleOf.get(job.id) ?? []),
        })),
      people: people.map(toPerson),
    };
  }

  /**
   * PUT /check-in/people/{id}: marks one person's job (null clears it) under its row lock, with one
   * SHIFT_ATTENDANCE audit record on the registration. Unchanged: nothing written.
   */
  async mark(callerId: string, rowId: string, attendance: Attendance | null): Promise<CheckInPerson> {
    const { year } = await this.context();
    await this.deps.db.transaction(async (tx) => {
      const [row] = await tx
        .select({
          registrationId: registrationJobs.registrationId,
          attendance: registrationJobs.attendance,
          jobId: jobs.id,
          jobName: jobs.name,
          shiftName: shifts.name,
          dayOfWeek: shifts.dayOfWeek,
        })
        .from(registrationJobs)
        .innerJoin(registrations, eq(registrations.id, registrationJobs.registrationId))
        .innerJoin(jobs, eq(jobs.id, registrationJobs.jobId))
        .innerJoin(shifts, eq(shifts.id, jobs.shiftId))
        .where(and(eq(registrationJobs.id, rowId), ...this.holding(year)))
        .for('update', { of: registrationJobs });
      if (!row) throw notFound(CHECK_IN_MESSAGES.rowNotFound);
      if (row.attendance === attendance) return;
      const marked = attendance !== null;
      await tx
        .update(registrationJobs)
        .set({
          attendance,
          attendanceAt: marked ? this.deps.now() : null,
          attendanceBy: marked ? callerId : null,
        })
        .where(eq(registrationJobs.id, rowId));
      const job = jobLabel(row.jobName, row.shiftName, row.dayOfWeek);
      await recordAudit(tx, {
        actionType: 'SHIFT_ATTENDANCE',
        transactionId: randomUUID(),
        adminUserId: callerId,
        registrationId: row.registrationId,
        oldValues: { jobId: row.jobId, job, attendance: row.attendance },
        newValues: { jobId: row.jobId, job, attendance, previous: row.attendance },
      });
    });
    const [person] = await this.people([eq(registrationJobs.id, rowId)]);
    if (!person) throw notFound(CHECK_IN_MESSAGES.rowNotFound);
    return toPerson(person);
  }
}
