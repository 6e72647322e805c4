import type { ColumnDef, SortingState } from '@tanstack/react-table';
import { DataTable, type PageSize } from '../../../components/data-table';

export interface ReportTableProps<TData> {
  data: readonly TData[] | undefined;
  // TanStack's column helpers give each column its own value type; a list of mixed columns needs `any` here.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  columns: ColumnDef<TData, any>[];
  caption: string;
  getRowId: (row: TData) => string;
  isLoading: boolean;
  loadingText: string;
  /** A load failure of docs/product.md §8, shown with Try again instead of the table. */
  error: string | null;
  onRetry: () => void;
  emptyText: string;
  /** A page size (docs/product.md §9), or false for the whole report on one page (drawn windowed when it is long). */
  pageSize: PageSize | false;
  initialSorting?: SortingState;
  groupableColumns?: string[];
  /** Below this width the table scrolls sideways inside its own box (never the page). */
  minWidth: number;
  /** Told the rows the search matches, for the export (a state setter: see useSearchResult). */
  onSearchResult?: (result: { rows: readonly TData[]; search: string }) => void;
}

/**
 * Cards an unpaginated report shows at first on a phone, and adds on each Show more: the payment and user
 * reports are whole (never paged by the server), but a phone need not scroll past every card to reach the end.
 */
export const PHONE_CARDS_STEP = 10;

/**
 * A report's table: the shared DataTable (search, Group by, sortable headers, the announcements, cards on a
 * phone, the pager only when the report is paginated, windowed rows when it is not) with the reports' search
 * label and no-match text. Unpaginated on a phone, the cards come PHONE_CARDS_STEP at a time with Show more.
 */
export function ReportTable<TData>({ pageSize, caption, ...props }: ReportTableProps<TData>) {
  return (
    <DataTable<TData>
      {...props}
      caption={caption}
      searchLabel={`Search ${caption.toLowerCase()}`}
      noMatchesText="No rows match the search."
      paginate={pageSize !== false}
      defaultPageSize={pageSize === false ? undefined : pageSize}
      phoneShowMore={pageSize === false ? PHONE_CARDS_STEP : undefined}
    />
  );
}
