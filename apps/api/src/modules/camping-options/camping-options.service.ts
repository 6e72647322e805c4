import {
  availabilityStatus,
  type CampingOption,
  type CampingOptionField,
  type CampingOptionSummary,
  centsToDollars,
  type CreateCampingOptionFieldInputSchema,
  type CreateCampingOptionInputSchema,
  dollarsToCents,
  fieldLimitProblems,
  type FieldLimits,
  type ReorderCampingOptionFieldsInputSchema,
  type UpdateCampingOptionFieldInputSchema,
  type UpdateCampingOptionInputSchema,
} from '@camp/shared';
import { and, asc, eq, gte, inArray, max, sql } from 'drizzle-orm';
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

export type CampingOptionRow = typeof campingOptions.$inferSelect;
export type CampingOptionFieldRow = typeof campingOptionFields.$inferSelect;
type CreateOptionValues = z.output<typeof CreateCampingOptionInputSchema>;
type UpdateOptionValues = z.output<typeof UpdateCampingOptionInputSchema>;
type CreateFieldValues = z.output<typeof CreateCampingOptionFieldInputSchema>;
type UpdateFieldValues = z.output<typeof UpdateCampingOptionFieldInputSchema>;
type FieldOrders = z.output<typeof ReorderCampingOptionFieldsInputSchema>['fieldOrders'];

export const OPTION_NOT_FOUND = 'Camping option not found';
export const FIELD_NOT_FOUND = 'Camping option field not found';

/** Who is asking: disabled options exist only for admins. */
export interface OptionViewer {
  includeDisabled: boolean;
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

export function toFieldDto(row: CampingOptionFieldRow): CampingOptionField {
  return {
    id: row.id,
    displayName: row.displayName,
    description: row.description,
    dataType: row.dataType,
    required: row.required,
    maxLength: row.maxLength,
    minLength: row.minLength,
    minValue: row.minValue,
    maxValue: row.maxValue,
    order: row.sortOrder,
    campingOptionId: row.campingOptionId,
  };
}

/** An option's own columns, as a registration shows it. */
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
const fieldOrdering = [
  asc(campingOptionFields.sortOrder),
  asc(campingOptionFields.createdAt),
  asc(campingOptionFields.id),
];

export class CampingOptionsService {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
    /** The configured registration year: places are counted per year (capacity is per camp, per year). */
    private readonly registrationYear: () => Promise<number>,
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
    const row = await this.findVisible(id, viewer, db);
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
          workShiftsRequired: values.workShiftsRequired,
          participantDuesCents: dollarsToCents(values.participantDues),
          staffDuesCents: dollarsToCents(values.staffDues),
          maxSignups: values.maxSignups,
        })
        .returning();
      if (!row) throw new Error('insert returned no row');
      await replaceCategories(row.id, values.jobCategoryIds, tx);
      return this.get(row.id, { includeDisabled: true }, tx, year);
    });
  }

  async update(id: string, values: UpdateOptionValues): Promise<CampingOption> {
    const year = await this.registrationYear();
    return this.db.transaction(async (tx) => {
      // The row lock makes the capacity check below race-free against registrations taking places.
      const current = await lockOption(id, tx);
      if (values.maxSignups !== undefined && values.maxSignups > 0) {
        const counter = current.countedYear === year ? current.currentRegistrations : 0;
        const taken = Math.max(counter, await activeOptionCount(id, tx, year));
        if (values.maxSignups < taken) {
          throw conflict(
            `Max signups cannot be lower than the ${plural(taken, 'current registration', 'current registrations')} (0 means unlimited).`,
          );
        }
      }
      if (values.jobCategoryIds) await assertCategoriesExist(values.jobCategoryIds, tx);
      await tx
        .update(campingOptions)
        .set({
          name: values.name,
          description: values.description,
          enabled: values.enabled,
          workShiftsRequired: values.workShiftsRequired,
          participantDuesCents:
            values.participantDues === undefined ? undefined : dollarsToCents(values.participantDues),
          staffDuesCents: values.staffDues === undefined ? undefined : dollarsToCents(values.staffDues),
          maxSignups: values.maxSignups,
          updatedAt: this.now(),
        })
        .where(eq(campingOptions.id, id));
      if (values.jobCategoryIds) await replaceCategories(id, values.jobCategoryIds, tx);
      return this.get(id, { includeDisabled: true }, tx, year);
    });
  }

  /**
   * Deletes an option no registration refers to. Registrations keep their links when cancelled (history and
   * audit), and those links and any custom field values restrict the delete in the database, so any reference
   * at all refuses it, with a message saying which kind. The row lock holds off registrations meanwhile.
   */
  async remove(id: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      await lockOption(id, tx);
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
    });
  }

  // ---- Fields ------------------------------------------------------------------------------------------

  async listFields(optionId: string, viewer: OptionViewer): Promise<CampingOptionField[]> {
    await this.findVisible(optionId, viewer, this.db);
    const rows = await this.db
      .select()
      .from(campingOptionFields)
      .where(eq(campingOptionFields.campingOptionId, optionId))
      .orderBy(...fieldOrdering);
    return rows.map(toFieldDto);
  }

  async createField(optionId: string, values: CreateFieldValues): Promise<CampingOptionField> {
    return this.db.transaction(async (tx) => {
      // Locked so two fields added at once do not both take the same place in the order.
      await lockOption(optionId, tx);
      let sortOrder: number;
      if (values.order === undefined) {
        const [last] = await tx
          .select({ order: max(campingOptionFields.sortOrder) })
          .from(campingOptionFields)
          .where(eq(campingOptionFields.campingOptionId, optionId));
        sortOrder = last?.order === null || last?.order === undefined ? 0 : last.order + 1;
      } else {
        // The new field takes the given place: the fields at or after it move down by one.
        sortOrder = values.order;
        await tx
          .update(campingOptionFields)
          .set({ sortOrder: sql`${campingOptionFields.sortOrder} + 1` })
          .where(
            and(
              eq(campingOptionFields.campingOptionId, optionId),
              gte(campingOptionFields.sortOrder, sortOrder),
            ),
          );
      }
      const [row] = await tx
        .insert(campingOptionFields)
        .values({
          campingOptionId: optionId,
          displayName: values.displayName,
          description: values.description ?? null,
          dataType: values.dataType,
          required: values.required,
          maxLength: values.maxLength,
          minLength: values.minLength,
          minValue: values.minValue,
          maxValue: values.maxValue,
          sortOrder,
        })
        .returning();
      if (!row) throw new Error('insert returned no row');
      return toFieldDto(row);
    });
  }

  async updateField(
    optionId: string,
    fieldId: string,
    values: UpdateFieldValues,
  ): Promise<CampingOptionField> {
    return this.db.transaction(async (tx) => {
      const current = await lockField(optionId, fieldId, tx);
      const typeChanged = values.dataType !== undefined && values.dataType !== current.dataType;
      // Spec §5: changing the data type clears all limits, except those sent along with the new type.
      const keep = <T>(given: T | undefined, stored: T | null): T | null =>
        given !== undefined ? given : typeChanged ? null : stored;
      const limits: FieldLimits = {
        dataType: values.dataType ?? current.dataType,
        maxLength: keep(values.maxLength, current.maxLength),
        minLength: keep(values.minLength, current.minLength),
        minValue: keep(values.minValue, current.minValue),
        maxValue: keep(values.maxValue, current.maxValue),
      };
      const problems = fieldLimitProblems(limits);
      if (problems.length > 0) throw badRequest(problems);
      const [row] = await tx
        .update(campingOptionFields)
        .set({
          displayName: values.displayName,
          description: values.description,
          required: values.required,
          ...limits,
          updatedAt: this.now(),
        })
        .where(eq(campingOptionFields.id, fieldId))
        .returning();
      if (!row) throw notFound(FIELD_NOT_FOUND);
      return toFieldDto(row);
    });
  }

  /** Refused once any registration holds a value for the field: the answers would lose their question. */
  async removeField(optionId: string, fieldId: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      await lockField(optionId, fieldId, tx);
      const [values] = await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(registrationFieldValues)
        .where(eq(registrationFieldValues.fieldId, fieldId));
      const count = values?.count ?? 0;
      if (count > 0) {
        throw conflict(
          `This field cannot be deleted because ${plural(count, 'registration has a value', 'registrations have values')} for it. Make it optional instead.`,
        );
      }
      await tx.delete(campingOptionFields).where(eq(campingOptionFields.id, fieldId));
    });
  }

  /** All or nothing: every id must be a field of this option, else nothing changes. */
  async reorderFields(optionId: string, fieldOrders: FieldOrders): Promise<CampingOptionField[]> {
    return this.db.transaction(async (tx) => {
      await lockOption(optionId, tx);
      const owned = await tx
        .select({ id: campingOptionFields.id })
        .from(campingOptionFields)
        .where(eq(campingOptionFields.campingOptionId, optionId));
      const ownedIds = new Set(owned.map((field) => field.id));
      const strangers = fieldOrders.filter((entry) => !ownedIds.has(entry.id));
      if (strangers.length > 0) {
        throw badRequest(
          strangers.map((entry) => `Field ${entry.id} does not belong to this camping option`),
        );
      }
      const updatedAt = this.now();
      for (const entry of fieldOrders) {
        await tx
          .update(campingOptionFields)
          .set({ sortOrder: entry.order, updatedAt })
          .where(
            and(eq(campingOptionFields.id, entry.id), eq(campingOptionFields.campingOptionId, optionId)),
          );
      }
      const rows = await tx
        .select()
        .from(campingOptionFields)
        .where(eq(campingOptionFields.campingOptionId, optionId))
        .orderBy(...fieldOrdering);
      return rows.map(toFieldDto);
    });
  }

  // ---- Helpers -----------------------------------------------------------------------------------------

  /** A disabled option is "not found" for anyone who may not see disabled options. */
  private async findVisible(id: string, viewer: OptionViewer, db: DbOrTx): Promise<CampingOptionRow> {
    const [row] = await db.select().from(campingOptions).where(eq(campingOptions.id, id));
    if (!row || (!row.enabled && !viewer.includeDisabled)) throw notFound(OPTION_NOT_FOUND);
    return row;
  }

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
          .orderBy(...fieldOrdering),
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

async function lockOption(id: string, tx: DbOrTx): Promise<CampingOptionRow> {
  const [row] = await tx.select().from(campingOptions).where(eq(campingOptions.id, id)).for('update');
  if (!row) throw notFound(OPTION_NOT_FOUND);
  return row;
}

async function lockField(optionId: string, fieldId: string, tx: DbOrTx): Promise<CampingOptionFieldRow> {
  const [option] = await tx
    .select({ id: campingOptions.id })
    .from(campingOptions)
    .where(eq(campingOptions.id, optionId));
  if (!option) throw notFound(OPTION_NOT_FOUND);
  const [row] = await tx
    .select()
    .from(campingOptionFields)
    .where(and(eq(campingOptionFields.id, fieldId), eq(campingOptionFields.campingOptionId, optionId)))
    .for('update');
  if (!row) throw notFound(FIELD_NOT_FOUND);
  return row;
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

async function replaceCategories(optionId: string, categoryIds: string[], tx: DbOrTx): Promise<void> {
  await tx.delete(campingOptionJobCategories).where(eq(campingOptionJobCategories.campingOptionId, optionId));
  if (categoryIds.length === 0) return;
  await tx
    .insert(campingOptionJobCategories)
    .values(categoryIds.map((jobCategoryId) => ({ campingOptionId: optionId, jobCategoryId })));
}
