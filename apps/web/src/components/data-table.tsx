import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Pagination.css';
import {
  Alert,
  Button,
  Group,
  Loader,
  NativeSelect,
  Pagination,
  Stack,
  Table,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import {
  flexRender,
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
  type Row,
  type RowData,
  type SortingState,
  type Updater,
} from '@tanstack/react-table';
import { useEffect, useId, useMemo, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import classes from './data-table.module.css';

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
  }
}

/** Spec §9: table page sizes 10, 25, 50, 100; 10 unless a table says otherwise. */
export const PAGE_SIZES = [10, 25, 50, 100] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
export const DEFAULT_PAGE_SIZE: PageSize = 10;
/** Spec §2 Reports: announcements clear after 2 seconds. */
export const ANNOUNCEMENT_CLEAR_MS = 2000;

export interface DataTableProps<TData> {
  /** Rows; undefined while the first load is under way. */
  data: readonly TData[] | undefined;
  // TanStack's column helpers give each column its own value type; a list of mixed columns needs `any` here.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  columns: ColumnDef<TData, any>[];
  /** Names the table for assistive technology (a hidden caption) and its scroll region. */
  caption: string;
  getRowId?: (row: TData, index: number) => string;
  isLoading?: boolean;
  loadingText?: string;
  /** A load failure: shown instead of the table, with a Try again button when onRetry is given. */
  error?: string | null;
  onRetry?: () => void;
  /** Shown when there are no rows at all (spec §8 empty states). */
  emptyText: string;
  /** Shown when the search matches nothing; defaults to emptyText. */
  noMatchesText?: string;
  /** Global text filter over every column with a value; on by default. */
  searchable?: boolean;
  searchLabel?: string;
  searchPlaceholder?: string;
  initialSorting?: SortingState;
  defaultPageSize?: PageSize;
  /** Columns the user may group by (adds a Group by list); ids of accessor columns. */
  groupableColumns?: string[];
  initialGrouping?: string;
  /** Adds an Actions column at the end with what this returns for each row. */
  renderRowActions?: (row: TData) => ReactNode;
  rowActionsHeader?: string;
  /** Extra controls beside the search box (e.g. an Add button). */
  toolbar?: ReactNode;
  /** Below this width the table scrolls sideways inside its box (default 640 px). */
  minWidth?: number;
}

type Announcement =
  | { kind: 'text'; text: string }
  | { kind: 'filter'; query: string }
  | { kind: 'page' }
  | { kind: 'page-size'; size: number };

const ACTIONS_COLUMN_ID = '__actions';

const CONTROL_LABELS = {
  first: 'First page',
  last: 'Last page',
  previous: 'Previous page',
  next: 'Next page',
} as const;

/** Case-insensitive "contains" over a cell's value; numbers and booleans are compared as text. */
const containsText: FilterFn<unknown> = (row, columnId, filterValue) => {
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

function columnLabel<TData>(column: Column<TData, unknown>): string {
  const { header, meta } = column.columnDef;
  if (meta?.label) return meta.label;
  if (typeof header === 'string') return header;
  return column.id;
}

function ariaSort(direction: false | 'asc' | 'desc'): 'ascending' | 'descending' | 'none' {
  if (direction === 'asc') return 'ascending';
  if (direction === 'desc') return 'descending';
  return 'none';
}

function resolve<T>(updater: Updater<T>, previous: T): T {
  return typeof updater === 'function' ? (updater as (old: T) => T)(previous) : updater;
}

function SortIcon({ direction }: { direction: false | 'asc' | 'desc' }) {
  return (
    <span className={classes.sortIcon} data-active={direction ? true : undefined} aria-hidden="true">
      {direction === 'asc' ? '▲' : direction === 'desc' ? '▼' : '⇅'}
    </span>
  );
}

/**
 * The one table of the app (architecture §3): TanStack Table with sortable headers (buttons inside the
 * header cells, `aria-sort` on the cell), a global text filter, optional grouping, pagination with the page
 * sizes of spec §9, loading / empty / error states, and a polite live region that tells screen-reader users
 * what a sort, search or page change did, cleared after 2 seconds (spec §2 Reports). On a narrow screen the
 * table scrolls sideways inside its own focusable box.
 */
export function DataTable<TData>({
  data,
  columns,
  caption,
  getRowId,
  isLoading = false,
  loadingText = 'Loading...',
  error,
  onRetry,
  emptyText,
  noMatchesText,
  searchable = true,
  searchLabel = 'Search',
  searchPlaceholder = 'Type to filter the list',
  initialSorting = [],
  defaultPageSize = DEFAULT_PAGE_SIZE,
  groupableColumns,
  initialGrouping,
  renderRowActions,
  rowActionsHeader = 'Actions',
  toolbar,
  minWidth = 640,
}: DataTableProps<TData>) {
  const ids = useId();
  const searchId = `${ids}-search`;
  const [sorting, setSorting] = useState<SortingState>(initialSorting);
  const [globalFilter, setGlobalFilter] = useState('');
  const [grouping, setGrouping] = useState<GroupingState>(initialGrouping ? [initialGrouping] : []);
  const [expanded, setExpanded] = useState<ExpandedState>(true);
  const [pagination, setPagination] = useState<PaginationState>({ pageIndex: 0, pageSize: defaultPageSize });
  const [announcement, setAnnouncement] = useState<Announcement | null>(null);
  const clearTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(clearTimer.current), []);

  const announce = (next: Announcement) => {
    setAnnouncement(next);
    clearTimeout(clearTimer.current);
    clearTimer.current = setTimeout(() => setAnnouncement(null), ANNOUNCEMENT_CLEAR_MS);
  };

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
  const table = useReactTable<TData>({
    data: rows,
    columns: allColumns,
    getRowId,
    state: { sorting, globalFilter, grouping, expanded, pagination },
    onSortingChange: (updater) => {
      const next = resolve(updater, sorting);
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
    onGlobalFilterChange: (updater) => setGlobalFilter(resolve(updater, globalFilter)),
    onGroupingChange: (updater) => setGrouping(resolve(updater, grouping)),
    onExpandedChange: (updater) => setExpanded(resolve(updater, expanded)),
    onPaginationChange: (updater) => setPagination(resolve(updater, pagination)),
    globalFilterFn: containsText as FilterFn<TData>,
    getColumnCanGlobalFilter: (column) => column.accessorFn !== undefined,
    groupedColumnMode: false,
    // Every column sorts A→Z / low→high first, numbers included (TanStack would start numbers descending).
    sortDescFirst: false,
    autoResetPageIndex: false,
    autoResetExpanded: false,
    paginateExpandedRows: false,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getFilteredRowModel: getFilteredRowModel(),
    getGroupedRowModel: getGroupedRowModel(),
    getExpandedRowModel: getExpandedRowModel(),
    getPaginationRowModel: getPaginationRowModel(),
  });

  const matchingCount = table.getFilteredRowModel().rows.length;
  const pageCount = Math.max(1, table.getPageCount());
  // After rows disappear (a delete, a narrower search) the page may lie past the end: show the last one.
  const pageIndex = Math.min(pagination.pageIndex, pageCount - 1);
  if (pageIndex !== pagination.pageIndex) setPagination({ ...pagination, pageIndex });

  const onSearch = (value: string) => {
    setGlobalFilter(value);
    setPagination((current) => ({ ...current, pageIndex: 0 }));
    announce({ kind: 'filter', query: value.trim() });
  };

  const goToPage = (page: number) => {
    setPagination((current) => ({ ...current, pageIndex: page - 1 }));
    announce({ kind: 'page' });
  };

  const onPageSize = (size: number) => {
    setPagination({ pageIndex: 0, pageSize: size });
    announce({ kind: 'page-size', size });
  };

  const onGroupBy = (columnId: string) => {
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

  const visibleColumnCount = table.getVisibleLeafColumns().length;
  const pageRows = table.getRowModel().rows;
  const showLoading = isLoading && !data;
  // Grouped, a page holds whole groups (paginateExpandedRows: false), so the counts are of groups.
  const grouped = grouping.length > 0;
  const pagedCount = grouped ? table.getPrePaginationRowModel().rows.length : matchingCount;
  const firstShown = pagedCount === 0 ? 0 : pageIndex * pagination.pageSize + 1;
  const lastShown = Math.min(pagedCount, (pageIndex + 1) * pagination.pageSize);
  const groupOptions = (groupableColumns ?? [])
    .map((id) => table.getColumn(id))
    .filter((column): column is Column<TData, unknown> => column !== undefined);

  // Outside the table, so on a phone the message sits in view instead of in the middle of a wide table.
  const statePanel = (content: ReactNode) => <div className={classes.statePanel}>{content}</div>;

  const renderRow = (row: Row<TData>) => {
    if (row.getIsGrouped()) {
      const groupColumn = row.groupingColumnId ? table.getColumn(row.groupingColumnId) : undefined;
      const label = groupColumn ? columnLabel(groupColumn) : '';
      const value = row.groupingValue;
      const count = row.getLeafRows().length;
      return (
        <Table.Tr key={row.id} className={classes.groupRow}>
          <Table.Th colSpan={visibleColumnCount} scope="rowgroup">
            <UnstyledButton
              className={classes.groupToggle}
              aria-expanded={row.getIsExpanded()}
              onClick={row.getToggleExpandedHandler()}
            >
              <span aria-hidden="true">{row.getIsExpanded() ? '▾' : '▸'}</span>
              {label}: {value === null || value === undefined || value === '' ? '—' : String(value)} ({count})
            </UnstyledButton>
          </Table.Th>
        </Table.Tr>
      );
    }
    return (
      <Table.Tr key={row.id}>
        {row.getVisibleCells().map((cell) => {
          const meta = cell.column.columnDef.meta;
          const style: CSSProperties = {
            textAlign: meta?.align,
            whiteSpace: meta?.nowrap ? 'nowrap' : undefined,
          };
          return (
            <Table.Td
              key={cell.id}
              style={style}
              className={cell.column.id === ACTIONS_COLUMN_ID ? classes.actionsCell : undefined}
            >
              {flexRender(cell.column.columnDef.cell, cell.getContext())}
            </Table.Td>
          );
        })}
      </Table.Tr>
    );
  };

  let state: ReactNode = null;
  if (showLoading) {
    state = statePanel(
      <Group justify="center" gap="sm" role="status">
        <Loader size="sm" aria-hidden="true" />
        <Text c="dimmed">{loadingText}</Text>
      </Group>,
    );
  } else if (rows.length === 0) {
    state = statePanel(<Text>{emptyText}</Text>);
  } else if (matchingCount === 0) {
    state = statePanel(<Text>{noMatchesText ?? emptyText}</Text>);
  }

  return (
    <Stack gap="sm" className={classes.root}>
      <div aria-live="polite" aria-atomic="true" role="status" className={classes.caption}>
        {announcementText}
      </div>

      {(searchable || toolbar || groupOptions.length > 0) && (
        <Group align="flex-end" justify="space-between" gap="sm" wrap="wrap">
          <Group align="flex-end" gap="sm" wrap="wrap" style={{ flex: '1 1 260px', minWidth: 0 }}>
            {searchable && (
              <TextInput
                id={searchId}
                type="search"
                className={classes.searchInput}
                label={searchLabel}
                placeholder={searchPlaceholder}
                value={globalFilter}
                onChange={(event) => onSearch(event.currentTarget.value)}
                disabled={!!error}
              />
            )}
            {groupOptions.length > 0 && (
              <NativeSelect
                label="Group by"
                value={grouping[0] ?? ''}
                onChange={(event) => onGroupBy(event.currentTarget.value)}
                data={[
                  { value: '', label: 'No grouping' },
                  ...groupOptions.map((column) => ({ value: column.id, label: columnLabel(column) })),
                ]}
              />
            )}
          </Group>
          {toolbar}
        </Group>
      )}

      {error ? (
        <Alert color="red" variant="light" role="alert" title={error}>
          {onRetry && (
            <Button color="red" variant="light" mt="xs" onClick={onRetry}>
              Try again
            </Button>
          )}
        </Alert>
      ) : (
        <>
          <div className={classes.frame}>
            <div
              className={classes.scrollBox}
              // Focusable so a keyboard user can scroll a table wider than the screen (axe: scrollable-region-focusable).
              tabIndex={0}
              role="region"
              aria-label={caption}
            >
              <Table
                className={classes.table}
                style={{ '--data-table-min-width': `${minWidth}px` } as CSSProperties}
                striped
                highlightOnHover
                verticalSpacing="sm"
                horizontalSpacing="sm"
                aria-busy={isLoading || undefined}
              >
                <caption className={classes.caption}>{caption}</caption>
                <Table.Thead>
                  {table.getHeaderGroups().map((headerGroup) => (
                    <Table.Tr key={headerGroup.id}>
                      {headerGroup.headers.map((header) => {
                        const { column } = header;
                        const canSort = column.getCanSort();
                        const direction = column.getIsSorted();
                        const content = header.isPlaceholder
                          ? null
                          : flexRender(column.columnDef.header, header.getContext());
                        return (
                          <Table.Th
                            key={header.id}
                            colSpan={header.colSpan}
                            scope="col"
                            aria-sort={canSort ? ariaSort(direction) : undefined}
                            style={{ textAlign: column.columnDef.meta?.align }}
                          >
                            {canSort ? (
                              <UnstyledButton
                                className={classes.sortButton}
                                onClick={column.getToggleSortingHandler()}
                              >
                                {content}
                                <SortIcon direction={direction} />
                              </UnstyledButton>
                            ) : (
                              content
                            )}
                          </Table.Th>
                        );
                      })}
                    </Table.Tr>
                  ))}
                </Table.Thead>
                {!state && <Table.Tbody>{pageRows.map(renderRow)}</Table.Tbody>}
              </Table>
            </div>
            {state}
          </div>

          {matchingCount > 0 && (
            <Group justify="space-between" align="center" gap="sm" wrap="wrap" className={classes.footer}>
              <Group gap="sm" wrap="wrap" align="center">
                <Text size="sm" c="dimmed">
                  Showing {firstShown}–{lastShown} of {pagedCount}
                  {grouped ? ` ${pagedCount === 1 ? 'group' : 'groups'}` : ''}
                </Text>
                <NativeSelect
                  size="xs"
                  label="Rows per page"
                  aria-label="Rows per page"
                  styles={{ root: { display: 'flex', alignItems: 'center', gap: 8 }, label: { margin: 0 } }}
                  value={String(pagination.pageSize)}
                  onChange={(event) => onPageSize(Number(event.currentTarget.value))}
                  data={PAGE_SIZES.map((size) => String(size))}
                />
              </Group>
              {pageCount > 1 && (
                <nav aria-label={`${caption} pages`}>
                  <Pagination
                    size="sm"
                    total={pageCount}
                    value={pageIndex + 1}
                    onChange={goToPage}
                    siblings={1}
                    boundaries={1}
                    getItemProps={(page) => ({ 'aria-label': `Page ${page}` })}
                    getControlProps={(control) => ({ 'aria-label': CONTROL_LABELS[control] })}
                  />
                </nav>
              )}
            </Group>
          )}
        </>
      )}
    </Stack>
  );
}
