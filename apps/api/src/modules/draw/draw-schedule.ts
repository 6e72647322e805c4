import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { type campConfig, draws, timedTasks } from '../../db/schema/index';
import { newDrawSeed } from '../../lib/random';
import { DRAW_ALGORITHM } from '../waitlist/draw';

type ConfigRow = typeof campConfig.$inferSelect;

/** Whether a configuration save changed what the year's draw is scheduled by: the window or the year. */
export function drawScheduleChanged(before: ConfigRow, after: ConfigRow): boolean {
  return (
    before.registrationYear !== after.registrationYear ||
    before.drawOpensAt?.getTime() !== after.drawOpensAt?.getTime() ||
    before.drawClosesAt?.getTime() !== after.drawClosesAt?.getTime()
  );
}

/**
 * Schedules the registration year's draw by its application window (docs/product.md §10, decision 049), in the
 * configuration save's transaction: with a window, the year's `draws` row gets a fresh seed (unless the draw has
 * run) and the one PENDING DRAW task is due when the window closes; without one, the pending task goes (the row
 * stays: it has not run, and is re-seeded when a window is set again). A year already drawn is left alone.
 */
export async function scheduleDraw(tx: DbOrTx, config: ConfigRow): Promise<void> {
  const year = config.registrationYear;
  const [drawn] = await tx
    .select({ ranAt: draws.ranAt })
    .from(draws)
    .where(eq(draws.year, year))
    .for('update');
  if (drawn?.ranAt) return;
  const pending = and(
    eq(timedTasks.kind, 'DRAW'),
    eq(timedTasks.year, year),
    eq(timedTasks.state, 'PENDING'),
  );
  if (!config.drawClosesAt) {
    await tx.delete(timedTasks).where(pending);
    return;
  }
  await tx
    .insert(draws)
    .values({ year, seed: newDrawSeed(), algorithm: DRAW_ALGORITHM })
    .onConflictDoUpdate({
      target: draws.year,
      set: { seed: newDrawSeed(), algorithm: DRAW_ALGORITHM },
      setWhere: isNull(draws.ranAt),
    });
  const moved = await tx
    .update(timedTasks)
    .set({ dueAt: config.drawClosesAt, attempts: 0, lastError: null })
    .where(pending)
    .returning({ id: timedTasks.id });
  if (moved.length === 0) {
    await tx.insert(timedTasks).values({ kind: 'DRAW', year, dueAt: config.drawClosesAt });
  }
}
