import { Group, Loader, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ColumnDef, SortingState } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import {
  DATA_TABLE_CARDS_QUERY,
  DataTableAnnouncer,
  DataTableCards,
  DataTableGrid,
  DataTableSortSelect,
  DataTableStatePagination,
  DataTableToolbar,
  useDataTable,
  type PageSize,
} from '../../../components/data-table';
import { LoadFailedAlert } from '../../../components/load-failed-alert';
import classes from './reports.module.css';

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
  const cards = useMediaQuery(DATA_TABLE_CARDS_QUERY, false, { getInitialValueInEffect: false });
  const state = useDataTable({
    data,
    columns,
    getRowId,
    initialSorting,
    groupableColumns,
    defaultPageSize: pageSize === false ? undefined : pageSize,
    paginate: pageSize !== false,
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
        sortControl={cards ? <DataTableSortSelect table={state.table} /> : undefined}
      />
      {cards ? (
        <DataTableCards table={state.table} caption={caption} busy={isLoading} placeholder={placeholder} />
      ) : (
        <DataTableGrid
          table={state.table}
          caption={caption}
          minWidth={minWidth}
          busy={isLoading}
          placeholder={placeholder}
        />
      )}
      <DataTableStatePagination state={state} label={caption} />
    </Stack>
  );
}
