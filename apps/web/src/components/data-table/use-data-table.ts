import {
  getCoreRowModel,
  getExpandedRowModel,
  getFilteredRowModel,
  getGroupedRowModel,
  getPaginationRowModel,
  getSortedRowModel,
  useReactTable,
  type Column,
  type ColumnDef,
  type ExpandedState,
  type FilterFn,
  type GroupingState,
  type PaginationState,
  type SortingState,
  type Table,
} from '@tanstack/react-table';
import { useMemo, useState, type ReactNode } from 'react';
import {
  ACTIONS_COLUMN_ID,
  columnLabel,
  containsText,
  DEFAULT_PAGE_SIZE,
  resolveUpdater,
  type PageSize,
} from './columns';
import { useAnnouncement } from './data-table-announcer';

export interface UseDataTableOptions<TData> {
  /** Rows; undefined while the first load is under way. */
  data: readonly TData[] | undefined;
  // TanStack's column helpers give each column its own value type; a list of mixed columns needs `any` here.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  columns: ColumnDef<TData, any>[];
  getRowId?: (row: TData, index: number) => string;
  initialSorting?: SortingState;
  defaultPageSize?: PageSize;
  /** false: every row on one page and no pager (spec §2: payment and user reports are not paginated). */
  paginate?: boolean;
  /** Columns the user may group by; ids of accessor columns. */
  groupableColumns?: string[];
  initialGrouping?: string;
  /** Adds an Actions column at the end with what this returns for each row. */
  renderRowActions?: (row: TData) => ReactNode;
  rowActionsHeader?: string;
}

type Announcement =
  | { kind: 'text'; text: string }
  | { kind: 'filter'; query: string }
  | { kind: 'page' }
  | { kind: 'page-size'; size: number };

/**
 * The state of one table (TanStack Table: sort, global filter, grouping, expansion, pagination), the counts a
 * screen shows, the actions a toolbar and pager call, and the announcement each action makes. The parts of
 * this folder render it; a screen that needs another arrangement (a report) composes them itself.
 */
export function useDataTable<TData>({
  data,
  columns,
  getRowId,
  initialSorting = [],
  defaultPageSize = DEFAULT_PAGE_SIZE,
  paginate = true,
  groupableColumns,
  initialGrouping,
  renderRowActions,
  rowActionsHeader = 'Actions',
}: UseDataTableOptions<TData>) {
  const [sorting, setSorting] = useState<SortingState>(initialSorting);
  const [globalFilter, setGlobalFilter] = useState('');
  const [grouping, setGrouping] = useState<GroupingState>(initialGrouping ? [initialGrouping] : []);
  const [expanded, setExpanded] = useState<ExpandedState>(true);
  const [pagination, setPagination] = useState<PaginationState>({ pageIndex: 0, pageSize: defaultPageSize });
  const [announcement, announce] = useAnnouncement<Announcement>();

  const allColumns = useMemo(() => {
    if (!renderRowActions) return columns;
    const actions: ColumnDef<TData> = {
      id: ACTIONS_COLUMN_ID,
      header: rowActionsHeader,
      enableSorting: false,
      enableGlobalFilter: false,
      enableGrouping: false,
      cell: ({ row }) => renderRowActions(row.original),
    };
    return [...columns, actions];
  }, [columns, renderRowActions, rowActionsHeader]);

  const rows = useMemo(() => (data ? [...data] : []), [data]);

  // TanStack Table keeps its own mutable instance, which the React Compiler cannot memoize; that is expected.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table: Table<TData> = useReactTable<TData>({
    data: rows,
    columns: allColumns,
    getRowId,
    state: { sorting, globalFilter, grouping, expanded, pagination },
    onSortingChange: (updater) => {
      const next = resolveUpdater(updater, sorting);
      setSorting(next);
      setPagination((current) => ({ ...current, pageIndex: 0 }));
      const first = next[0];
      const changedId = first?.id ?? sorting[0]?.id;
      const column = changedId ? table.getColumn(changedId) : undefined;
      if (!column) return;
      const label = columnLabel(column);
      announce({
        kind: 'text',
        text: first
          ? `Sorted by ${label}, ${first.desc ? 'descending' : 'ascending'}`
          : `${label}: sorting removed`,
      });
    },
    onGlobalFilterChange: (updater) => setGlobalFilter(resolveUpdater(updater, globalFilter)),
    onGroupingChange: (updater) => setGrouping(resolveUpdater(updater, grouping)),
    onExpandedChange: (updater) => setExpanded(resolveUpdater(updater, expanded)),
    onPaginationChange: (updater) => setPagination(resolveUpdater(updater, pagination)),
    globalFilterFn: containsText as FilterFn<TData>,
    getColumnCanGlobalFilter: (column) => column.accessorFn !== undefined,
    groupedColumnMode: false,
    // Every column sorts A→Z / low→high first, numbers included (TanStack would start numbers descending).
    sortDescFirst: false,
    autoResetPageIndex: false,
    autoResetExpanded: false,
    // Paged, a page holds whole groups and expands them itself; unpaged, the expanded model shows the rows.
    paginateExpandedRows: !paginate,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getFilteredRowModel: getFilteredRowModel(),
    getGroupedRowModel: getGroupedRowModel(),
    getExpandedRowModel: getExpandedRowModel(),
    manualPagination: !paginate,
    getPaginationRowModel: paginate ? getPaginationRowModel() : undefined,
  });

  const matchingCount = table.getFilteredRowModel().rows.length;
  const pageCount = paginate ? Math.max(1, table.getPageCount()) : 1;
  // After rows disappear (a delete, a narrower search) the page may lie past the end: show the last one.
  const pageIndex = Math.min(pagination.pageIndex, pageCount - 1);
  if (pageIndex !== pagination.pageIndex) setPagination({ ...pagination, pageIndex });

  const search = (value: string) => {
    setGlobalFilter(value);
    setPagination((current) => ({ ...current, pageIndex: 0 }));
    announce({ kind: 'filter', query: value.trim() });
  };

  const goToPage = (page: number) => {
    setPagination((current) => ({ ...current, pageIndex: page - 1 }));
    announce({ kind: 'page' });
  };

  const setPageSize = (size: number) => {
    setPagination({ pageIndex: 0, pageSize: size });
    announce({ kind: 'page-size', size });
  };

  const groupBy = (columnId: string) => {
    setGrouping(columnId ? [columnId] : []);
    setExpanded(true);
    setPagination((current) => ({ ...current, pageIndex: 0 }));
    const column = columnId ? table.getColumn(columnId) : undefined;
    announce({ kind: 'text', text: column ? `Grouped by ${columnLabel(column)}` : 'Grouping removed' });
  };

  const announcementText = (() => {
    if (!announcement) return '';
    switch (announcement.kind) {
      case 'text':
        return announcement.text;
      case 'filter': {
        const count = `${matchingCount} ${matchingCount === 1 ? 'row' : 'rows'}`;
        return announcement.query === ''
          ? `Search cleared, ${count} shown`
          : `${count} found for “${announcement.query}”`;
      }
      case 'page':
        return `Page ${pageIndex + 1} of ${pageCount}`;
      case 'page-size':
        return `Showing ${announcement.size} rows per page, page ${pageIndex + 1} of ${pageCount}`;
    }
  })();

  // Grouped, a page holds whole groups (paginateExpandedRows: false), so the counts are of groups.
  const grouped = grouping.length > 0;
  const pagedCount = grouped ? table.getPrePaginationRowModel().rows.length : matchingCount;
  const groupOptions = (groupableColumns ?? [])
    .map((id) => table.getColumn(id))
    .filter((column): column is Column<TData, unknown> => column !== undefined)
    .map((column) => ({ value: column.id, label: columnLabel(column) }));

  return {
    table,
    /** Every row given, before any filter. */
    rowCount: rows.length,
    /** Rows that match the search. */
    matchingCount,
    globalFilter,
    search,
    /** The id of the column grouped by, '' when none. */
    groupedBy: grouping[0] ?? '',
    groupOptions,
    groupBy,
    /** 1-based page number, clamped to the last page. */
    page: pageIndex + 1,
    pageCount,
    pageSize: pagination.pageSize,
    goToPage,
    setPageSize,
    /** What the pager counts: rows, or whole groups when grouped. */
    pagedCount,
    countsGroups: grouped,
    /** false when every row is on the one page and there is no pager. */
    paginated: paginate,
    firstShown: pagedCount === 0 ? 0 : paginate ? pageIndex * pagination.pageSize + 1 : 1,
    lastShown: paginate ? Math.min(pagedCount, (pageIndex + 1) * pagination.pageSize) : pagedCount,
    announcementText,
  };
}

export type DataTableState<TData> = ReturnType<typeof useDataTable<TData>>;
