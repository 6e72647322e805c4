import {
  CALENDAR_MESSAGES,
  type CalendarFeedScope,
  type CalendarLinks,
  defaultPublicConfig,
  eventCalendarOf,
  type EventCalendar,
  feedCalendarName,
  isStaffRole,
  PLACE_HOLDING_STATUSES,
  type Role,
  shiftEventDescription,
  shiftEventSummary,
  shiftIcsFileName,
  shiftMoments,
} from '@camp/shared';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  campConfig,
  jobCategories,
  jobs,
  registrationJobs,
  registrations,
  shifts,
  users,
} from '../../db/schema/index';
import { conflict, notFound, tooManyRequests } from '../../lib/app-error';
import { entityTag } from '../../lib/etag';
import type { RateLimiter } from '../../lib/rate-limiter';
import { activeJobCounts, workViewer } from '../work/work-common';
import type { JobsService } from '../work/jobs.service';
import { recordSecurityEvent } from '../security-events/security-events';
import { FeedTokens } from './feed-token';
import { type IcsEvent, serializeCalendar } from './ics';

// The calendar feed and the one-shift download (docs/product.md §11 Calendar feed, decision 054).

/**
 * SEQUENCE counts seconds from this moment to the event's last change (its shift's, job's or category's, or the
 * configuration's: Opening Sunday and the time zone move every event): it only grows, and stays far below 2^31.
 */
const SEQUENCE_EPOCH_MS = Date.UTC(2024, 0, 1);
/** Resets a person may make in an hour: plenty for a leaked link, too few to churn the table. */
const RESETS_PER_HOUR = 10;

/** One job of a shift, with what an event shows and what its SEQUENCE is made from. */
interface ShiftJobRow {
  jobId: string;
  jobName: string;
  location: string;
  maxRegistrations: number;
  jobUpdatedAt: Date;
  shiftName: string;
  shiftDescription: string | null;
  dayOfWeek: (typeof shifts.$inferSelect)['dayOfWeek'];
  dayOffset: number;
  startTime: string;
  endTime: string;
  shiftUpdatedAt: Date;
  categoryName: string;
  categoryUpdatedAt: Date;
}

const shiftJobColumns = {
  jobId: jobs.id,
  jobName: jobs.name,
  location: jobs.location,
  maxRegistrations: jobs.maxRegistrations,
  jobUpdatedAt: jobs.updatedAt,
  shiftName: shifts.name,
  shiftDescription: shifts.description,
  dayOfWeek: shifts.dayOfWeek,
  dayOffset: shifts.dayOffset,
  startTime: shifts.startTime,
  endTime: shifts.endTime,
  shiftUpdatedAt: shifts.updatedAt,
  categoryName: jobCategories.name,
  categoryUpdatedAt: jobCategories.updatedAt,
};

/** Events in festival order (the day enum sorts as the festival runs), then by time and job. */
const festivalOrder = [asc(shifts.dayOfWeek), asc(shifts.startTime), asc(jobs.name), asc(jobs.id)];

/** What the feed needs of the configuration: the stored row's, or the defaults when none is stored. */
interface FeedConfig {
  campName: string;
  registrationYear: number;
  timeZone: string;
  calendar: EventCalendar | null;
  updatedAt: Date;
}

/** A feed or download as sent: the iCalendar text and its strong entity tag. */
export interface IcsFile {
  body: string;
  etag: string;
}

export interface CalendarServiceDeps {
  db: Db;
  appSecret: string;
  publicUrl: string;
  jobs: JobsService;
  rateLimiter: RateLimiter;
  now: () => Date;
}

export class CalendarService {
  private readonly tokens: FeedTokens;
  /** The host of PUBLIC_URL: the right-hand side of every UID (RFC 5545 §3.8.4.7). */
  private readonly uidHost: string;

  constructor(private readonly deps: CalendarServiceDeps) {
    this.tokens = new FeedTokens(deps.appSecret);
    this.uidHost = new URL(deps.publicUrl).hostname;
  }

  private feedUrl(userId: string, version: number, scope: CalendarFeedScope): string {
    return `${this.deps.publicUrl}/api/calendar/feed/${this.tokens.sign(userId, version, scope)}.ics`;
  }

  private linksOf(user: { id: string; role: Role; calendarFeedVersion: number }, datesSet: boolean) {
    return {
      feedUrl: this.feedUrl(user.id, user.calendarFeedVersion, 'mine'),
      scheduleFeedUrl: isStaffRole(user.role)
        ? this.feedUrl(user.id, user.calendarFeedVersion, 'schedule')
        : null,
      datesSet,
    } satisfies CalendarLinks;
  }

  /** GET /calendar/me. The caller's row is read again: the version may have moved since the session began. */
  async links(userId: string): Promise<CalendarLinks> {
    const [user] = await this.deps.db
      .select({ id: users.id, role: users.role, calendarFeedVersion: users.calendarFeedVersion })
      .from(users)
      .where(eq(users.id, userId));
    if (!user) throw notFound(CALENDAR_MESSAGES.feedNotFound);
    return this.linksOf(user, (await this.feedConfig()).calendar !== null);
  }

  /** POST /calendar/me/reset: version + 1, so every earlier link (both scopes) answers 404 from now on. */
  async reset(userId: string): Promise<CalendarLinks> {
    const limit = await this.deps.rateLimiter.hit(`calendar-reset:${userId}`, RESETS_PER_HOUR, 3600);
    if (!limit.allowed) throw tooManyRequests(CALENDAR_MESSAGES.tooManyResets, limit.retryAfterSeconds);
    const user = await this.deps.db.transaction(async (tx) => {
      const [row] = await tx
        .update(users)
        .set({ calendarFeedVersion: sql`${users.calendarFeedVersion} + 1`, updatedAt: this.deps.now() })
        .where(eq(users.id, userId))
        .returning({ id: users.id, role: users.role, calendarFeedVersion: users.calendarFeedVersion });
      if (!row) throw notFound(CALENDAR_MESSAGES.feedNotFound);
      await recordSecurityEvent(tx, {
        type: 'calendar.link_reset',
        subjectUserId: row.id,
        details: { version: row.calendarFeedVersion },
      });
      return row;
    });
    return this.linksOf(user, (await this.feedConfig()).calendar !== null);
  }

  /**
   * GET /calendar/feed/{token}.ics: the feed the token opens, or null for any token that does not open one
   * (misshapen, forged, reset, of a deleted person, or a 'schedule' token of someone no longer staff).
   */
  async feed(token: string): Promise<IcsFile | null> {
    const parsed = this.tokens.parse(token);
    if (!parsed) return null;
    const [user] = await this.deps.db
      .select({ id: users.id, role: users.role, calendarFeedVersion: users.calendarFeedVersion })
      .from(users)
      .where(eq(users.id, parsed.userId));
    if (!user) return null;
    const scope = this.tokens.scopeOf(parsed, user.calendarFeedVersion);
    if (scope === null) return null;
    if (scope === 'schedule' && !isStaffRole(user.role)) return null;

    const config = await this.feedConfig();
    const events =
      config.calendar === null
        ? []
        : scope === 'mine'
          ? await this.personEvents(user.id, config)
          : await this.scheduleEvents(config);
    return this.file(feedCalendarName(config.campName, scope), config, events);
  }

  /**
   * GET /calendar/jobs/{jobId}.ics: one job's shift as a single event, for anyone who may see the job (a staff-only
   * job is "not found" for a participant, as in GET /jobs/{id}). 409 while the camp has no dates.
   */
  async jobFile(caller: { role: Role }, jobId: string): Promise<IcsFile & { fileName: string }> {
    const job = await this.deps.jobs.get(jobId, workViewer(caller.role));
    const config = await this.feedConfig();
    if (config.calendar === null) throw conflict(CALENDAR_MESSAGES.datesNotSet);
    const rows = await this.shiftJobs(eq(jobs.id, job.id));
    const file = this.file(
      feedCalendarName(config.campName, 'mine'),
      config,
      rows.map((row) => this.event(row, config, config.calendar as EventCalendar)),
    );
    return { ...file, fileName: shiftIcsFileName(job.name) };
  }

  private file(name: string, config: FeedConfig, events: IcsEvent[]): IcsFile {
    const body = serializeCalendar({ name, timeZone: config.timeZone, events });
    return { body, etag: entityTag(body) };
  }

  /** The person's shifts of the registration year, of the registration that holds places (PENDING, CONFIRMED). */
  private async personEvents(userId: string, config: FeedConfig): Promise<IcsEvent[]> {
    const calendar = config.calendar as EventCalendar;
    // A person has one registration of a year that is not cancelled (registrations_one_active_per_user_year).
    const rows = await this.deps.db
      .select(shiftJobColumns)
      .from(registrationJobs)
      .innerJoin(registrations, eq(registrations.id, registrationJobs.registrationId))
      .innerJoin(jobs, eq(jobs.id, registrationJobs.jobId))
      .innerJoin(shifts, eq(shifts.id, jobs.shiftId))
      .innerJoin(jobCategories, eq(jobCategories.id, jobs.categoryId))
      .where(
        and(
          eq(registrations.userId, userId),
          eq(registrations.year, config.registrationYear),
          inArray(registrations.status, [...PLACE_HOLDING_STATUSES]),
        ),
      )
      .orderBy(...festivalOrder);
    return rows.map((row) => this.event(row, config, calendar));
  }

  /** Every job of every shift, with its places taken ("3/5"): no names, no e-mail addresses. */
  private async scheduleEvents(config: FeedConfig): Promise<IcsEvent[]> {
    const calendar = config.calendar as EventCalendar;
    const rows = await this.shiftJobs(undefined);
    const counts = await activeJobCounts(
      rows.map((row) => row.jobId),
      this.deps.db,
      config.registrationYear,
    );
    return rows.map((row) =>
      this.event(row, config, calendar, {
        taken: counts.get(row.jobId) ?? 0,
        max: row.maxRegistrations,
      }),
    );
  }

  private async shiftJobs(where: SQL | undefined): Promise<ShiftJobRow[]> {
    return this.deps.db
      .select(shiftJobColumns)
      .from(jobs)
      .innerJoin(shifts, eq(shifts.id, jobs.shiftId))
      .innerJoin(jobCategories, eq(jobCategories.id, jobs.categoryId))
      .where(where)
      .orderBy(...festivalOrder);
  }

  private event(
    row: ShiftJobRow,
    config: FeedConfig,
    calendar: EventCalendar,
    signedUp?: { taken: number; max: number },
  ): IcsEvent {
    const moments = shiftMoments(
      { dayOfWeek: row.dayOfWeek, dayOffset: row.dayOffset, startTime: row.startTime, endTime: row.endTime },
      calendar,
      config.timeZone,
    );
    const changed = Math.max(
      row.jobUpdatedAt.getTime(),
      row.shiftUpdatedAt.getTime(),
      row.categoryUpdatedAt.getTime(),
      config.updatedAt.getTime(),
    );
    return {
      // One job is one shift's work: its id names the event in every feed and download, whatever is edited.
      uid: `${signedUp ? 'schedule-' : ''}${row.jobId}@${this.uidHost}`,
      sequence: Math.max(0, Math.floor((changed - SEQUENCE_EPOCH_MS) / 1000)),
      stamp: new Date(Math.floor(changed / 1000) * 1000),
      start: moments.start,
      end: moments.end,
      summary: shiftEventSummary(row.jobName, row.shiftName),
      location: row.location,
      description: shiftEventDescription({
        shiftDescription: row.shiftDescription,
        categoryName: row.categoryName,
        ...(signedUp ? { signedUp } : {}),
      }),
      categories: [row.categoryName],
    };
  }

  /** Read from the row on every call (not the public cache): a change must reach the next feed read. */
  private async feedConfig(): Promise<FeedConfig> {
    const [row] = await this.deps.db
      .select({
        campName: campConfig.campName,
        registrationYear: campConfig.registrationYear,
        timeZone: campConfig.timeZone,
        openingSunday: campConfig.openingSunday,
        updatedAt: campConfig.updatedAt,
      })
      .from(campConfig)
      .limit(1);
    if (!row) {
      const fallback = defaultPublicConfig(this.deps.now());
      return {
        campName: fallback.campName,
        registrationYear: fallback.registrationYear,
        timeZone: fallback.timeZone,
        calendar: null,
        updatedAt: new Date(SEQUENCE_EPOCH_MS),
      };
    }
    return {
      campName: row.campName,
      registrationYear: row.registrationYear,
      timeZone: row.timeZone,
      calendar: eventCalendarOf(row),
      updatedAt: row.updatedAt,
    };
  }
}
