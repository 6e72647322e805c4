import {
  type CreateJobCategoryInputSchema,
  type JobCategory,
  plural,
  type UpdateJobCategoryInputSchema,
} from '@camp/shared';
import { asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client';
import { jobCategories, jobs } from '../../db/schema/index';
import { conflict, notFound } from '../../lib/app-error';
import { type JobCategoryRow, toJobCategoryDto, type WorkViewer } from './work-common';
import { changeEvent, recordSecurityEvent } from '../security-events/security-events';

type CreateValues = z.output<typeof CreateJobCategoryInputSchema>;
type UpdateValues = z.output<typeof UpdateJobCategoryInputSchema>;

export const JOB_CATEGORY_NOT_FOUND = 'Job category not found';

export class JobCategoriesService {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async list(viewer: WorkViewer): Promise<JobCategory[]> {
    const rows = await this.db
      .select()
      .from(jobCategories)
      .where(viewer.seesStaffOnly ? undefined : eq(jobCategories.staffOnly, false))
      .orderBy(asc(jobCategories.name), asc(jobCategories.createdAt));
    return rows.map(toJobCategoryDto);
  }

  /** A staff-only category is "not found" for a participant. */
  async get(id: string, viewer: WorkViewer): Promise<JobCategory> {
    const [row] = await this.db.select().from(jobCategories).where(eq(jobCategories.id, id));
    if (!row || (row.staffOnly && !viewer.seesStaffOnly)) throw notFound(JOB_CATEGORY_NOT_FOUND);
    return toJobCategoryDto(row);
  }

  async create(values: CreateValues): Promise<JobCategory> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx.insert(jobCategories).values(values).returning();
      if (!row) throw new Error('insert returned no row');
      await recordSecurityEvent(tx, changeEvent('job_category.created', { id: row.id, after: row }));
      return toJobCategoryDto(row);
    });
  }

  async update(id: string, values: UpdateValues): Promise<JobCategory> {
    return this.db.transaction(async (tx) => {
      const before = await lockCategory(id, tx);
      const [row] = await tx
        .update(jobCategories)
        .set({ ...values, updatedAt: this.now() })
        .where(eq(jobCategories.id, id))
        .returning();
      if (!row) throw notFound(JOB_CATEGORY_NOT_FOUND);
      await recordSecurityEvent(tx, changeEvent('job_category.updated', { id, before, after: row }));
      return toJobCategoryDto(row);
    });
  }

  /**
   * Refused while jobs use the category (their foreign key restricts it). Links from camping options go with
   * it: an option simply stops drawing shifts from a category that no longer exists.
   */
  async remove(id: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const before = await lockCategory(id, tx);
      const [usage] = await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(jobs)
        .where(eq(jobs.categoryId, id));
      const count = usage?.count ?? 0;
      if (count > 0) {
        throw conflict(
          `This job category cannot be deleted while ${plural(count, 'job uses', 'jobs use')} it. Delete those jobs or move them to another category first.`,
        );
      }
      await tx.delete(jobCategories).where(eq(jobCategories.id, id));
      await recordSecurityEvent(tx, changeEvent('job_category.deleted', { id, before }));
    });
  }
}

/** Holds off a job being added to the category between the check and the delete. */
async function lockCategory(id: string, tx: DbOrTx): Promise<JobCategoryRow> {
  const [row] = await tx.select().from(jobCategories).where(eq(jobCategories.id, id)).for('update');
  if (!row) throw notFound(JOB_CATEGORY_NOT_FOUND);
  return row;
}
