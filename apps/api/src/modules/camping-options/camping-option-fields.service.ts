import {
  type CampingOptionField,
  type CreateCampingOptionFieldInputSchema,
  fieldLimitProblems,
  type FieldLimits,
  plural,
  type ReorderCampingOptionFieldsInputSchema,
  type UpdateCampingOptionFieldInputSchema,
} from '@camp/shared';
import { and, eq, gte, max, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client';
import { campingOptionFields, campingOptions, registrationFieldValues } from '../../db/schema/index';
import { badRequest, conflict, notFound } from '../../lib/app-error';
import {
  type CampingOptionFieldRow,
  FIELD_NOT_FOUND,
  FIELD_ORDERING,
  findVisibleOption,
  lockOption,
  OPTION_NOT_FOUND,
  type OptionViewer,
  toFieldDto,
} from './camping-option-rows';
import { changeEvent, recordSecurityEvent } from '../security-events/security-events';

// The custom fields of a camping option (docs/product.md §3, §5, §7): listed in their order, added, changed, removed and
// reordered under the option's row lock.

type CreateFieldValues = z.output<typeof CreateCampingOptionFieldInputSchema>;
type UpdateFieldValues = z.output<typeof UpdateCampingOptionFieldInputSchema>;
type FieldOrders = z.output<typeof ReorderCampingOptionFieldsInputSchema>['fieldOrders'];

export class CampingOptionFieldsService {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
  ) {}

  async list(optionId: string, viewer: OptionViewer): Promise<CampingOptionField[]> {
    await findVisibleOption(optionId, viewer, this.db);
    const rows = await this.db
      .select()
      .from(campingOptionFields)
      .where(eq(campingOptionFields.campingOptionId, optionId))
      .orderBy(...FIELD_ORDERING);
    return rows.map(toFieldDto);
  }

  async create(optionId: string, values: CreateFieldValues): Promise<CampingOptionField> {
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
      await recordSecurityEvent(tx, changeEvent('camping_option_field.created', { id: row.id, after: row }));
      return toFieldDto(row);
    });
  }

  async update(optionId: string, fieldId: string, values: UpdateFieldValues): Promise<CampingOptionField> {
    return this.db.transaction(async (tx) => {
      const current = await lockField(optionId, fieldId, tx);
      const typeChanged = values.dataType !== undefined && values.dataType !== current.dataType;
      // docs/product.md §5: changing the data type clears all limits, except those sent along with the new type.
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
      await recordSecurityEvent(
        tx,
        changeEvent('camping_option_field.updated', { id: fieldId, before: current, after: row }),
      );
      return toFieldDto(row);
    });
  }

  /** Refused once any registration holds a value for the field: the answers would lose their question. */
  async remove(optionId: string, fieldId: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const before = await lockField(optionId, fieldId, tx);
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
      await recordSecurityEvent(tx, changeEvent('camping_option_field.deleted', { id: fieldId, before }));
    });
  }

  /** All or nothing: every id must be a field of this option, else nothing changes. */
  async reorder(optionId: string, fieldOrders: FieldOrders): Promise<CampingOptionField[]> {
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
        .orderBy(...FIELD_ORDERING);
      await recordSecurityEvent(tx, {
        type: 'camping_option_field.reordered',
        details: { id: optionId, order: fieldOrders.map(({ id, order }) => ({ id, order })) },
      });
      return rows.map(toFieldDto);
    });
  }
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
