import {
  availabilityStatus,
  isOverCapacity,
  optionCapacity,
  type CampingOption,
  type CampingOptionSummary,
  centsToDollars,
  type CreateCampingOptionInputSchema,
  dollarsToCents,
  plural,
  type UpdateCampingOptionInputSchema,
} from '@camp/shared';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client';
import {
  campingOptionFields,
  campingOptionJobCategories,
  campingOptions,
  jobCategories,
  registrationCampingOptions,
  registrationFieldValues,
  registrations,
} from '../../db/schema/index';
import { badRequest, conflict, notFound } from '../../lib/app-error';
import { activePlaceCounts, OPTION_PLACES } from '../registrations/capacity';
import { scheduleWaitlistFill } from '../waitlist/tasks';
import type { WaitlistWorker } from '../waitlist/waitlist-worker';
import {
  type CampingOptionFieldRow,
  type CampingOptionRow,
  FIELD_ORDERING,
  findVisibleOption,
  lockOption,
  OPTION_NOT_FOUND,
  type OptionViewer,
  toFieldDto,
} from './camping-option-rows';
import { changeEvent, recordSecurityEvent } from '../security-events/security-events';

type CreateOptionValues = z.output<typeof CreateCampingOptionInputSchema>;
type UpdateOptionValues = z.output<typeof UpdateCampingOptionInputSchema>;

export function toCampingOptionSummary(row: CampingOptionRow): CampingOptionSummary {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    enabled: row.enabled,
    workShiftsRequired: row.workShiftsRequired,
    participantDues: centsToDollars(row.participantDuesCents),
    staffDues: centsToDollars(row.staffDuesCents),
    maxSignups: row.maxSignups,
  };
}

export function toCampingOptionDto(
  row: CampingOptionRow,
  related: { jobCategoryIds: string[]; fields: CampingOptionFieldRow[]; currentRegistrations: number },
): CampingOption {
  return {
    ...toCampingOptionSummary(row),
    waitlistEnabled: row.waitlistEnabled,
    jobCategoryIds: related.jobCategoryIds,
    currentRegistrations: related.currentRegistrations,
    availabilityStatus: availabilityStatus({
      enabled: row.enabled,
      maxSignups: row.maxSignups,
      currentRegistrations: related.currentRegistrations,
    }),
    fields: related.fields.map(toFieldDto),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Fields in the order people see them; creation time breaks ties so the order is stable. */
export class CampingOptionsService {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
    /** The configured registration year: places are counted per year (capacity is per camp, per year). */
    private readonly registrationYear: () => Promise<number>,
    /** Wakes the waitlist worker after a commit that scheduled a fill (a raised limit). */
    private readonly waitlist: Pick<WaitlistWorker, 'kick'> = { kick: () => undefined },
  ) {}

  // ---- Options -----------------------------------------------------------------------------------------

  async list(viewer: OptionViewer): Promise<CampingOption[]> {
    const rows = await this.db
      .select()
      .from(campingOptions)
      .where(viewer.includeDisabled ? undefined : eq(campingOptions.enabled, true))
      .orderBy(asc(campingOptions.name), asc(campingOptions.createdAt));
    return this.toDtos(rows, this.db);
  }

  /** Inside a transaction pass the registration year read before it (PGlite has one connection). */
  async get(id: string, viewer: OptionViewer, db: DbOrTx = this.db, year?: number): Promise<CampingOption> {
    const row = await findVisibleOption(id, viewer, db);
    const [dto] = await this.toDtos([row], db, year);
    if (!dto) throw notFound(OPTION_NOT_FOUND);
    return dto;
  }

  async create(values: CreateOptionValues): Promise<CampingOption> {
    const year = await this.registrationYear();
    return this.db.transaction(async (tx) => {
      await assertCategoriesExist(values.jobCategoryIds, tx);
      const [row] = await tx
        .insert(campingOptions)
        .values({
          name: values.name,
          description: values.description ?? '',
          enabled: values.enabled,
          waitlistEnabled: values.waitlistEnabled,
          workShiftsRequired: values.workShiftsRequired,
          participantDuesCents: dollarsToCents(values.participantDues),
          staffDuesCents: dollarsToCents(values.staffDues),
          maxSignups: values.maxSignups,
        })
        .returning();
      if (!row) throw new Error('insert returned no row');
      await replaceCategories(row.id, values.jobCategoryIds, tx);
      await recordSecurityEvent(
        tx,
        changeEvent('camping_option.created', {
          id: row.id,
          after: { ...row, jobCategoryIds: values.jobCategoryIds },
        }),
      );
      return this.get(row.id, { includeDisabled: true }, tx, year);
    });
  }

  async update(id: string, values: UpdateOptionValues): Promise<CampingOption> {
    const year = await this.registrationYear();
    let raised = false;
    const updated = await this.db.transaction(async (tx) => {
      // The row lock makes the capacity check below race-free against registrations taking places.
      const current = await lockOption(id, tx);
      let recount: { currentRegistrations: number; countedYear: number } | undefined;
      const capacity = values.maxSignups === undefined ? null : optionCapacity(values.maxSignups);
      if (capacity !== null) {
        const counter = current.countedYear === year ? current.currentRegistrations : 0;
        const taken = Math.max(counter, await activeOptionCount(id, tx, year));
        if (isOverCapacity(capacity, taken)) {
          throw conflict(
            `Max signups cannot be lower than the ${plural(taken, 'current registration', 'current registrations')} (0 means unlimited).`,
          );
        }
        // A counter of another year may be above the new maximum, which the database refuses (decision 022):
        // count this year's places instead, under the lock held (as capacity.ts would on the next sign-up).
        if (current.countedYear !== year) recount = { currentRegistrations: taken, countedYear: year };
      }
      // More places (a higher limit, or unlimited): the line gets them (docs/product.md §10, decision 048).
      const before = optionCapacity(current.maxSignups);
      raised = values.maxSignups !== undefined && before !== null && (capacity === null || capacity > before);
      if (raised) await scheduleWaitlistFill(tx, year);
      if (values.jobCategoryIds) await assertCategoriesExist(values.jobCategoryIds, tx);
      const categoriesBefore = values.jobCategoryIds ? await categoryIdsOf(id, tx) : undefined;
      const [after] = await tx
        .update(campingOptions)
        .set({
          name: values.name,
          description: values.description,
          enabled: values.enabled,
          waitlistEnabled: values.waitlistEnabled,
          workShiftsRequired: values.workShiftsRequired,
          participantDuesCents:
            values.participantDues === undefined ? undefined : dollarsToCents(values.participantDues),
          staffDuesCents: values.staffDues === undefined ? undefined : dollarsToCents(values.staffDues),
          maxSignups: values.maxSignups,
          ...recount,
          updatedAt: this.now(),
        })
        .where(eq(campingOptions.id, id))
        .returning();
      if (values.jobCategoryIds) await replaceCategories(id, values.jobCategoryIds, tx);
      await recordSecurityEvent(
        tx,
        changeEvent('camping_option.updated', {
          id,
          before: { ...current, jobCategoryIds: categoriesBefore },
          after: after && {
            ...after,
            jobCategoryIds: values.jobCategoryIds && [...values.jobCategoryIds].sort(),
          },
        }),
      );
      return this.get(id, { includeDisabled: true }, tx, year);
    });
    if (raised) this.waitlist.kick();
    return updated;
  }

  /**
   * Deletes an option no registration refers to. Registrations keep their links when cancelled (history and
   * audit), and those links and any custom field values restrict the delete in the database, so any reference
   * at all refuses it, with a message saying which kind. The row lock holds off registrations meanwhile.
   */
  async remove(id: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const before = await lockOption(id, tx);
      const [usage] = await tx
        .select({
          total: sql<number>`count(*)::int`,
          active: sql<number>`(count(*) filter (where ${registrations.status} <> 'CANCELLED'))::int`,
        })
        .from(registrationCampingOptions)
        .innerJoin(registrations, eq(registrations.id, registrationCampingOptions.registrationId))
        .where(eq(registrationCampingOptions.campingOptionId, id));
      const [values] = await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(registrationFieldValues)
        .innerJoin(campingOptionFields, eq(campingOptionFields.id, registrationFieldValues.fieldId))
        .where(eq(campingOptionFields.campingOptionId, id));
      const active = usage?.active ?? 0;
      if (active > 0) {
        throw conflict(
          `This camping option cannot be deleted while ${plural(active, 'registration holds', 'registrations hold')} a place in it. Disable it instead to stop new sign-ups.`,
        );
      }
      if ((usage?.total ?? 0) > 0 || (values?.count ?? 0) > 0) {
        throw conflict(
          'This camping option cannot be deleted because cancelled registrations still refer to it and are kept for history. Disable it instead.',
        );
      }
      await tx.delete(campingOptions).where(eq(campingOptions.id, id));
      await recordSecurityEvent(tx, changeEvent('camping_option.deleted', { id, before }));
    });
  }

  // ---- Helpers -----------------------------------------------------------------------------------------

  /** Options with their categories, fields and live counts: three queries however many options. */
  private async toDtos(rows: CampingOptionRow[], db: DbOrTx, givenYear?: number): Promise<CampingOption[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((row) => row.id);
    const year = givenYear ?? (await this.registrationYear());
    const queries = [
      () =>
        db
          .select()
          .from(campingOptionJobCategories)
          .where(inArray(campingOptionJobCategories.campingOptionId, ids))
          .orderBy(asc(campingOptionJobCategories.jobCategoryId)),
      () =>
        db
          .select()
          .from(campingOptionFields)
          .where(inArray(campingOptionFields.campingOptionId, ids))
          .orderBy(...FIELD_ORDERING),
      () => activeOptionCounts(ids, db, year),
    ] as const;
    // A transaction is one connection, which runs one query at a time: there the three go one after another.
    const inTransaction = db !== this.db;
    const [links, fields, counts] = inTransaction
      ? [await queries[0](), await queries[1](), await queries[2]()]
      : await Promise.all([queries[0](), queries[1](), queries[2]()]);
    return rows.map((row) =>
      toCampingOptionDto(row, {
        jobCategoryIds: links
          .filter((link) => link.campingOptionId === row.id)
          .map((link) => link.jobCategoryId),
        fields: fields.filter((field) => field.campingOptionId === row.id),
        currentRegistrations: counts.get(row.id) ?? 0,
      }),
    );
  }
}

/** Registrations holding a place in each option in a registration year (see capacity.ts). */
export const activeOptionCounts = (ids: readonly string[], db: DbOrTx, year: number) =>
  activePlaceCounts(OPTION_PLACES, ids, db, year);

async function activeOptionCount(id: string, db: DbOrTx, year: number): Promise<number> {
  return (await activeOptionCounts([id], db, year)).get(id) ?? 0;
}

async function assertCategoriesExist(ids: string[], tx: DbOrTx): Promise<void> {
  if (ids.length === 0) return;
  const found = await tx
    .select({ id: jobCategories.id })
    .from(jobCategories)
    .where(inArray(jobCategories.id, ids));
  const known = new Set(found.map((row) => row.id));
  const missing = ids.filter((id) => !known.has(id));
  if (missing.length > 0) throw badRequest(missing.map((id) => `Job category ${id} does not exist`));
}

/** The option's job categories, sorted (what an update's audit compares). */
async function categoryIdsOf(optionId: string, tx: DbOrTx): Promise<string[]> {
  const rows = await tx
    .select({ id: campingOptionJobCategories.jobCategoryId })
    .from(campingOptionJobCategories)
    .where(eq(campingOptionJobCategories.campingOptionId, optionId));
  return rows.map((row) => row.id).sort();
}

async function replaceCategories(optionId: string, categoryIds: string[], tx: DbOrTx): Promise<void> {
  await tx.delete(campingOptionJobCategories).where(eq(campingOptionJobCategories.campingOptionId, optionId));
  if (categoryIds.length === 0) return;
  await tx
    .insert(campingOptionJobCategories)
    .values(categoryIds.map((jobCategoryId) => ({ campingOptionId: optionId, jobCategoryId })));
}
