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
  /** false: every row on one page and no pager (docs/product.md §2: payment and user reports are not paginated). */
  paginate?: boolean;
  /**
   * The server pages the rows: `data` is one page of `total`, shown as it is, and the pager asks the server
   * for another page or page size (Manage Registrations). Sorting and the search then act on that page only,
   * so such a table usually turns both off.
   */
  serverPaging?: ServerPaging;
  /**
   * The server sorts (a list it pages): the headers show and change this sort, and the server answers the rows
   * in that order. One column at a time; pressing a header toggles ascending and descending.
   */
  serverSorting?: ServerSorting;
  /** Columns the user may group by; ids of accessor columns. */
  groupableColumns?: string[];
  initialGrouping?: string;
  /** Adds an Actions column at the end with what this returns for each row. */
  renderRowActions?: (row: TData) => ReactNode;
  rowActionsHeader?: string;
}

/** Where the server's page lies in the whole, and how to ask for another. */
export interface ServerPaging {
  /** 1-based. */
  page: number;
  pageSize: number;
  /** Rows in the whole list, across every page. */
  total: number;
  onPageChange: (page: number) => void;
  onPageSizeChange: (size: number) => void;
}

/** A server's page of a list (`{ page, limit, total }`, as the API answers one) as a DataTable's paging. */
export function serverPagingOf(
  answer: { page: number; limit: number; total: number } | undefined,
  onPageChange: (page: number) => void,
  onPageSizeChange: (size: number) => void,
): ServerPaging | undefined {
  return (
    answer && {
      page: answer.page,
      pageSize: answer.limit,
      total: answer.total,
      onPageChange,
      onPageSizeChange,
    }
  );
}

/** The sort a server applies, and how to ask for another. */
export interface ServerSorting {
  sorting: SortingState;
  onSortingChange: (sorting: SortingState) => void;
}

type Announcement =
  | { kind: 'text'; text: string }
  | { kind: 'filter'; query: string }
  | { kind: 'page'; page: number }
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
  serverPaging,
  serverSorting,
  groupableColumns,
  initialGrouping,
  renderRowActions,
  rowActionsHeader = 'Actions',
}: UseDataTableOptions<TData>) {
  const [clientSorting, setClientSorting] = useState<SortingState>(initialSorting);
  const sorting = serverSorting?.sorting ?? clientSorting;
  const setSorting = serverSorting?.onSortingChange ?? setClientSorting;
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
  // Paged by the client: TanStack slices the rows; paged by the server: the rows are the page.
  const clientPaged = paginate && !serverPaging;

  // TanStack Table keeps its own mutable instance, which the React Compiler cannot memoize; that is expected.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table: Table<TData> = useReactTable<TData>({
    data: rows,
    columns: allColumns,
    getRowId,
    state: {
      sorting,
      globalFilter,
      grouping,
      expanded,
      pagination: serverPaging
        ? { pageIndex: serverPaging.page - 1, pageSize: serverPaging.pageSize }
        : pagination,
    },
    rowCount: serverPaging?.total,
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
    // Sorted by the server: the rows come in its order, and there is always one (no "unsorted" third press).
    manualSorting: serverSorting !== undefined,
    enableSortingRemoval: serverSorting === undefined,
    autoResetPageIndex: false,
    autoResetExpanded: false,
    // Paged, a page holds whole groups and expands them itself; unpaged, the expanded model shows the rows.
    paginateExpandedRows: !clientPaged,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getFilteredRowModel: getFilteredRowModel(),
    getGroupedRowModel: getGroupedRowModel(),
    getExpandedRowModel: getExpandedRowModel(),
    manualPagination: !clientPaged,
    getPaginationRowModel: clientPaged ? getPaginationRowModel() : undefined,
  });

  const matchingCount = table.getFilteredRowModel().rows.length;
  const pageCountFor = (size: number) =>
    serverPaging
      ? Math.max(1, Math.ceil(serverPaging.total / Math.max(1, size)))
      : paginate
        ? Math.max(1, table.getPageCount())
        : 1;
  const pageSize = serverPaging?.pageSize ?? pagination.pageSize;
  const pageCount = pageCountFor(pageSize);
  // After rows disappear (a delete, a narrower search) the page may lie past the end: show the last one.
  const pageIndex = serverPaging ? serverPaging.page - 1 : Math.min(pagination.pageIndex, pageCount - 1);
  if (!serverPaging && pageIndex !== pagination.pageIndex) setPagination({ ...pagination, pageIndex });

  const search = (value: string) => {
    setGlobalFilter(value);
    setPagination((current) => ({ ...current, pageIndex: 0 }));
    announce({ kind: 'filter', query: value.trim() });
  };

  const goToPage = (page: number) => {
    if (serverPaging) serverPaging.onPageChange(page);
    else setPagination((current) => ({ ...current, pageIndex: page - 1 }));
    announce({ kind: 'page', page });
  };

  const setPageSize = (size: number) => {
    if (serverPaging) serverPaging.onPageSizeChange(size);
    else setPagination({ pageIndex: 0, pageSize: size });
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
        return `Page ${announcement.page} of ${pageCount}`;
      case 'page-size':
        return `Showing ${announcement.size} rows per page, page 1 of ${pageCountFor(announcement.size)}`;
    }
  })();

  // Grouped, a page holds whole groups (paginateExpandedRows: false), so the counts are of groups.
  const grouped = grouping.length > 0;
  const pagedCount = serverPaging
    ? serverPaging.total
    : grouped
      ? table.getPrePaginationRowModel().rows.length
      : matchingCount;
  // The rows before this page: the server's pages before it, or the client's.
  const offset = paginate ? pageIndex * pageSize : 0;
  const lastShown = serverPaging
    ? offset + table.getRowModel().rows.length
    : paginate
      ? Math.min(pagedCount, (pageIndex + 1) * pageSize)
      : pagedCount;
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
    pageSize,
    goToPage,
    setPageSize,
    /** What the pager counts: rows, or whole groups when grouped. */
    pagedCount,
    countsGroups: grouped,
    /** false when every row is on the one page and there is no pager. */
    paginated: paginate,
    firstShown: pagedCount === 0 || lastShown === 0 ? 0 : offset + 1,
    lastShown,
    announcementText,
  };
}

export type DataTableState<TData> = ReturnType<typeof useDataTable<TData>>;
