import { type AdminDraw, DRAW_MESSAGES, DrawSummarySchema } from '@camp/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { campConfig, drawEntries, draws, timedTasks, users } from '../../db/schema/index';
import { conflict } from '../../lib/app-error';
import type { CurrentUser } from '../../plugins/auth';
import type { ConfigService } from '../config/config.service';
import type { OutboxWorker } from '../mail/outbox';
import { formGroups } from '../waitlist/draw';
import { runDrawTask } from './draw-worker';

export interface DrawAdminDeps {
  db: Db;
  now: () => Date;
  config: ConfigService;
  publicUrl: string;
  outbox: Pick<OutboxWorker, 'kick'>;
  waitlist: { kick: () => void };
}

const personName = (user: { firstName: string | null; lastName: string | null; email: string }) =>
  [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email;

/** The admins' view of a year's draw and "Draw now" (docs/product.md §10, decision 049). */
export class DrawAdminService {
  constructor(private readonly deps: DrawAdminDeps) {}

  /** GET /admin/draw: the window (of the registration year), entries and counts, and the draw once run. */
  async get(year?: number): Promise<AdminDraw> {
    const { db } = this.deps;
    const [config] = await db.select().from(campConfig).limit(1);
    const configYear = config?.registrationYear ?? (await this.deps.config.getPublic()).registrationYear;
    const theYear = year ?? configYear;
    const window =
      config && config.registrationYear === theYear && config.drawOpensAt && config.drawClosesAt
        ? { opensAt: config.drawOpensAt.toISOString(), closesAt: config.drawClosesAt.toISOString() }
        : null;
    const [draw] = await db.select().from(draws).where(eq(draws.year, theYear));
    const rows = await db
      .select({
        id: drawEntries.id,
        userId: drawEntries.userId,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        state: drawEntries.state,
        campWith: drawEntries.campWith,
        drawnPosition: drawEntries.drawnPosition,
        registrationId: drawEntries.registrationId,
        createdAt: drawEntries.createdAt,
      })
      .from(drawEntries)
      .innerJoin(users, eq(users.id, drawEntries.userId))
      .where(eq(drawEntries.year, theYear))
      .orderBy(
        sql`${drawEntries.drawnPosition} asc nulls last`,
        asc(drawEntries.createdAt),
        asc(drawEntries.id),
      );
    const count = (state: string) => rows.filter((row) => row.state === state).length;
    const entered = rows.filter((row) => row.state === 'ENTERED');
    const ran = draw?.ranAt ?? null;
    return {
      year: theYear,
      window,
      counts: {
        entered: entered.length,
        won: count('WON'),
        waitlisted: count('WAITLISTED'),
        withdrawn: count('WITHDRAWN'),
        groups: formGroups(entered.map((row) => ({ id: row.id, email: row.email, campWith: row.campWith })))
          .groups.length,
      },
      draw: draw
        ? {
            algorithm: draw.algorithm,
            // The seed is shown once the draw has run: known before, it would tell the outcome.
            seed: ran ? draw.seed : null,
            ranAt: ran?.toISOString() ?? null,
            ranBy: draw.ranBy,
            summary: draw.summary ? DrawSummarySchema.parse(draw.summary) : null,
          }
        : null,
      entries: rows.map((row) => ({
        id: row.id,
        userId: row.userId,
        name: personName(row),
        email: row.email,
        state: row.state,
        campWith: row.campWith,
        drawnPosition: row.drawnPosition,
        registrationId: row.registrationId,
        createdAt: row.createdAt.toISOString(),
      })),
    };
  }

  /**
   * POST /admin/draw/run: the registration year's draw now, before its window closes if need be. 409 when the
   * year has no window or was drawn already. The DRAW task is claimed and run here, in one transaction with the
   * draw; when a worker is running it, this waits for that run and answers 409 (drawn already).
   */
  async runNow(admin: CurrentUser): Promise<AdminDraw> {
    const { db } = this.deps;
    const now = this.deps.now();
    const year = await db.transaction(async (tx) => {
      const [config] = await tx.select().from(campConfig).limit(1);
      const theYear = config?.registrationYear ?? (await this.deps.config.getPublic()).registrationYear;
      const [draw] = await tx.select({ ranAt: draws.ranAt }).from(draws).where(eq(draws.year, theYear));
      if (draw?.ranAt) throw conflict(DRAW_MESSAGES.alreadyDrawn(theYear));
      if (!config?.drawClosesAt || !draw) throw conflict(DRAW_MESSAGES.noWindow(theYear));
      // Waits for a worker that holds the task; then it is DONE (the draw ran) and no longer matches.
      const [task] = await tx
        .select()
        .from(timedTasks)
        .where(
          and(eq(timedTasks.kind, 'DRAW'), eq(timedTasks.year, theYear), eq(timedTasks.state, 'PENDING')),
        )
        .for('update');
      const claimed =
        task ??
        (
          await tx
            .insert(timedTasks)
            .values({ kind: 'DRAW', year: theYear, dueAt: now })
            .onConflictDoNothing()
            .returning()
        )[0];
      if (!claimed) return theYear;
      const ran = await runDrawTask(tx, claimed, { now, publicUrl: this.deps.publicUrl, ranBy: admin.id });
      if (!ran) throw conflict(DRAW_MESSAGES.alreadyDrawn(theYear));
      return theYear;
    });
    this.deps.outbox.kick();
    this.deps.waitlist.kick();
    return this.get(year);
  }
}
