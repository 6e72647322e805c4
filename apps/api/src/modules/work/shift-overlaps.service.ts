import {
  eventCalendarOf,
  findShiftOverlaps,
  type OverlapJob,
  personName,
  PLACE_HOLDING_STATUSES,
  type ShiftOverlaps,
  shiftWhenDated,
} from '@camp/shared';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { jobs, registrationJobs, registrations, shifts, users } from '../../db/schema/index';
import { groupBy } from '../../lib/group-by';
import type { ConfigService } from '../config/config.service';

/**
 * Admin → Shifts, "Overlapping assignments" (docs/product.md §11, decision 056): the people of the registration year
 * whose registration holds places (PENDING, CONFIRMED) and holds two shifts that overlap in time, one row per pair.
 * One query for the year's assignments; the overlaps are the shared rule's, computed here in memory. Without event
 * dates nothing overlaps (`datesSet: false`).
 */
export class ShiftOverlapsService {
  constructor(
    private readonly db: Db,
    private readonly config: Pick<ConfigService, 'getPublic'>,
  ) {}

  async list(): Promise<ShiftOverlaps> {
    const config = await this.config.getPublic();
    const year = config.registrationYear;
    const calendar = eventCalendarOf(config);
    if (!calendar) return { year, datesSet: false, overlaps: [] };
    const rows = await this.db
      .select({
        registrationId: registrations.id,
        user: { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email },
        job: { id: jobs.id, name: jobs.name },
        shift: {
          name: shifts.name,
          dayOfWeek: shifts.dayOfWeek,
          dayOffset: shifts.dayOffset,
          startTime: shifts.startTime,
          endTime: shifts.endTime,
        },
      })
      .from(registrationJobs)
      .innerJoin(registrations, eq(registrations.id, registrationJobs.registrationId))
      .innerJoin(users, eq(users.id, registrations.userId))
      .innerJoin(jobs, eq(jobs.id, registrationJobs.jobId))
      .innerJoin(shifts, eq(shifts.id, jobs.shiftId))
      .where(and(eq(registrations.year, year), inArray(registrations.status, [...PLACE_HOLDING_STATUSES])))
      .orderBy(
        asc(users.lastName),
        asc(users.firstName),
        asc(users.email),
        asc(registrations.id),
        asc(shifts.dayOfWeek),
        asc(shifts.dayOffset),
        asc(shifts.startTime),
        asc(jobs.name),
        asc(jobs.id),
      );
    const overlaps: ShiftOverlaps['overlaps'] = [];
    for (const held of groupBy(rows, (row) => row.registrationId).values()) {
      const first = held[0];
      if (!first || held.length < 2) continue;
      const list: OverlapJob[] = held.map((row) => ({
        id: row.job.id,
        name: row.job.name,
        shift: row.shift,
      }));
      for (const pair of findShiftOverlaps(list, calendar)) {
        const job = (item: OverlapJob) => ({
          jobId: item.id,
          jobName: item.name,
          shiftName: item.shift.name,
          when: shiftWhenDated(item.shift, calendar),
        });
        overlaps.push({
          registrationId: first.registrationId,
          userId: first.user.id,
          name: personName(first.user),
          first: job(pair.first),
          second: job(pair.second),
        });
      }
    }
    return { year, datesSet: true, overlaps };
  }
}
