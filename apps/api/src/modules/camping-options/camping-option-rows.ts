import type { CampingOptionField } from '@camp/shared';
import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { campingOptionFields, campingOptions } from '../../db/schema/index';
import { notFound } from '../../lib/app-error';

// What the camping-option and custom-field services share: rows, texts, who may see an option, field order.

export type CampingOptionRow = typeof campingOptions.$inferSelect;
export type CampingOptionFieldRow = typeof campingOptionFields.$inferSelect;

export const OPTION_NOT_FOUND = 'Camping option not found';
export const FIELD_NOT_FOUND = 'Camping option field not found';

/** Who is asking: disabled options exist only for admins. */
export interface OptionViewer {
  includeDisabled: boolean;
}

/** Fields in the order people see them; creation time breaks ties so the order is stable. */
export const FIELD_ORDERING = [
  asc(campingOptionFields.sortOrder),
  asc(campingOptionFields.createdAt),
  asc(campingOptionFields.id),
];

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
/** A disabled option is "not found" for anyone who may not see disabled options. */
export async function findVisibleOption(
  id: string,
  viewer: OptionViewer,
  db: DbOrTx,
): Promise<CampingOptionRow> {
  const [row] = await db.select().from(campingOptions).where(eq(campingOptions.id, id));
  if (!row || (!row.enabled && !viewer.includeDisabled)) throw notFound(OPTION_NOT_FOUND);
  return row;
}

export async function lockOption(id: string, tx: DbOrTx): Promise<CampingOptionRow> {
  const [row] = await tx.select().from(campingOptions).where(eq(campingOptions.id, id)).for('update');
  if (!row) throw notFound(OPTION_NOT_FOUND);
  return row;
}
