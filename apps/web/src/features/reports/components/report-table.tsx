import { Group, Loader, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ColumnDef, SortingState } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import {
  DataTableAnnouncer,
  DataTableGrid,
  DataTableStatePagination,
  DataTableToolbar,
  useDataTable,
  type PageSize,
} from '../../../components/data-table';
import { LoadFailedAlert } from '../../../components/load-failed-alert';
import { ReportCards, ReportSortSelect } from './report-cards';
import classes from './reports.module.css';

/** Below this width a report's rows are cards: a phone never scrolls a table sideways. */
const CARDS_QUERY = '(max-width: 47.99em)';

/**
 * "Not paginated" (spec §2: payment and user reports): one page as long as the report. The shared table has no
 * way to switch its pager off, so the report asks for a page no report can fill and leaves the pager out.
 */
const WHOLE_REPORT = Number.MAX_SAFE_INTEGER as PageSize;

export interface ReportTableProps<TData> {
  data: readonly TData[] | undefined;
  // TanStack's column helpers give each column its own value type; a list of mixed columns needs `any` here.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  columns: ColumnDef<TData, any>[];
  caption: string;
  getRowId: (row: TData) => string;
  isLoading: boolean;
  loadingText: string;
  /** A load failure of spec §8, shown with Try again instead of the table. */
  error: string | null;
  onRetry: () => void;
  emptyText: string;
  /** A page size (spec §9), or false for the whole report on one page. */
  pageSize: PageSize | false;
  initialSorting?: SortingState;
  groupableColumns?: string[];
  /** Below this width the table scrolls sideways inside its own box (never the page). */
  minWidth: number;
}

/**
 * A report's table, built from the shared DataTable's parts: search, Group by, sortable headers, the
 * announcements, and the pager only when the report is paginated. On a phone the rows are cards (with a Sort
 * by list in place of the headers).
 */
export function ReportTable<TData>({
  data,
  columns,
  caption,
  getRowId,
  isLoading,
  loadingText,
  error,
  onRetry,
  emptyText,
  pageSize,
  initialSorting,
  groupableColumns,
  minWidth,
}: ReportTableProps<TData>) {
  const cards = useMediaQuery(CARDS_QUERY, false, { getInitialValueInEffect: false });
  const state = useDataTable({
    data,
    columns,
    getRowId,
    initialSorting,
    groupableColumns,
    defaultPageSize: pageSize === false ? WHOLE_REPORT : pageSize,
  });

  if (error) return <LoadFailedAlert title={error} onRetry={onRetry} retrying={isLoading} />;

  let placeholder: ReactNode = null;
  if (isLoading && !data) {
    placeholder = (
      <Group justify="center" gap="sm" role="status">
        <Loader size="sm" aria-hidden="true" />
        <Text c="dimmed">{loadingText}</Text>
      </Group>
    );
  } else if (state.rowCount === 0) {
    placeholder = <Text>{emptyText}</Text>;
  } else if (state.matchingCount === 0) {
    placeholder = <Text>No rows match the search.</Text>;
  }

  return (
    <Stack gap="sm" className={classes.tableRoot}>
      <DataTableAnnouncer text={state.announcementText} />
      <DataTableToolbar
        search={state.globalFilter}
        onSearch={state.search}
        searchLabel={`Search ${caption.toLowerCase()}`}
        groupOptions={state.groupOptions}
        groupedBy={state.groupedBy}
        onGroupBy={state.groupBy}
      >
        {cards && <ReportSortSelect state={state} />}
      </DataTableToolbar>
      {cards ? (
        <ReportCards state={state} caption={caption} busy={isLoading} placeholder={placeholder} />
      ) : (
        <DataTableGrid
          table={state.table}
          caption={caption}
          minWidth={minWidth}
          busy={isLoading}
          placeholder={placeholder}
        />
      )}
      {pageSize === false ? (
        <Text size="sm" c="dimmed">
          {state.matchingCount === state.rowCount
            ? `${state.rowCount} ${state.rowCount === 1 ? 'row' : 'rows'}`
            : `${state.matchingCount} of ${state.rowCount} rows`}
        </Text>
      ) : (
        <DataTableStatePagination state={state} label={caption} />
      )}
    </Stack>
  );
}
