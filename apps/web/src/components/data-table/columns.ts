import {
  createColumnHelper,
  type Column,
  type FilterFn,
  type RowData,
  type Updater,
} from '@tanstack/react-table';

declare module '@tanstack/react-table' {
  // The type parameters must match TanStack's own declaration for the interfaces to merge.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ColumnMeta<TData extends RowData, TValue> {
    /** Names the column in announcements and the Group by list when its header is not plain text. */
    label?: string;
    /** Keeps the cell on one line (dates, amounts, short badges). */
    nowrap?: boolean;
    /** Text alignment of the header and cells, e.g. 'right' for amounts. */
    align?: 'left' | 'center' | 'right';
    /**
     * In the table (not the phone cards): one line, at most this wide (a CSS length, e.g. '16rem'), cut with an
     * ellipsis instead of broken mid-word, the whole value in a tooltip on hover and keyboard focus.
     */
    truncate?: string;
  }
}

/** docs/product.md §9: table page sizes 10, 25, 50, 100; 10 unless a table says otherwise. */
export const PAGE_SIZES = [10, 25, 50, 100] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
export const DEFAULT_PAGE_SIZE: PageSize = 10;
/** docs/product.md §2 Reports: announcements clear after 2 seconds. */
export const ANNOUNCEMENT_CLEAR_MS = 2000;

/** Below this width (Mantine's sm breakpoint, 48em) tables show their rows as cards: a phone never scrolls one. */
export const DATA_TABLE_CARDS_QUERY = '(max-width: 47.99em)';

/**
 * An unpaginated table (docs/product.md §9: payment and user reports) of more rows than this draws only the rows near the
 * viewport (windowing, decision 028); a smaller one draws every row, as a paginated page does.
 */
export const WINDOWING_THRESHOLD = 200;

/** The id of the Actions column that `renderRowActions` adds. */
export const ACTIONS_COLUMN_ID = '__actions';

/** Case-insensitive "contains" over a cell's value; numbers and booleans are compared as text. */
export const containsText: FilterFn<unknown> = (row, columnId, filterValue) => {
  const query = String(filterValue ?? '')
    .trim()
    .toLowerCase();
  if (query === '') return true;
  const value = row.getValue<unknown>(columnId);
  if (value === null || value === undefined) return false;
  if (typeof value === 'object') return false;
  return String(value as string | number | boolean)
    .toLowerCase()
    .includes(query);
};

/** What people call a column: its meta label, else its plain-text header, else its id. */
export function columnLabel<TData>(column: Column<TData, unknown>): string {
  const { header, meta } = column.columnDef;
  if (meta?.label) return meta.label;
  if (typeof header === 'string') return header;
  return column.id;
}

export function resolveUpdater<T>(updater: Updater<T>, previous: T): T {
  return typeof updater === 'function' ? (updater as (old: T) => T)(previous) : updater;
}

/**
 * The Year column of rows that may have none (a payment without a registration): sorted with those last and
 * shown as '—'.
 */
export function optionalYearColumn<TData>(year: (row: TData) => number | null | undefined) {
  return createColumnHelper<TData>().accessor((row: TData) => year(row) ?? undefined, {
    id: 'year',
    header: 'Year',
    sortUndefined: 'last',
    meta: { nowrap: true },
    cell: ({ getValue }) => getValue() ?? '—',
  });
}
