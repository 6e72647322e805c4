import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Pagination.css';
import { Group, NativeSelect, Pagination, Text } from '@mantine/core';
import { PAGE_SIZES } from './columns';
import classes from './data-table.module.css';
import type { DataTableState } from './use-data-table';

const CONTROL_LABELS = {
  first: 'First page',
  last: 'Last page',
  previous: 'Previous page',
  next: 'Next page',
} as const;

export interface DataTablePaginationProps {
  /** Names the page navigation: '{label} pages'. */
  label: string;
  /** 1-based. */
  page: number;
  pageCount: number;
  pageSize: number;
  firstShown: number;
  lastShown: number;
  /** How many rows (or groups) there are to page through. */
  total: number;
  /** Counts groups rather than rows ('of 2 groups'). */
  countsGroups?: boolean;
  onPageChange: (page: number) => void;
  onPageSizeChange: (size: number) => void;
}

/** 'Showing 1–10 of 30', the Rows per page list (docs/product.md §9: 10, 25, 50, 100) and the pages, when more than one. */
export function DataTablePagination({
  label,
  page,
  pageCount,
  pageSize,
  firstShown,
  lastShown,
  total,
  countsGroups = false,
  onPageChange,
  onPageSizeChange,
}: DataTablePaginationProps) {
  return (
    <Group justify="space-between" align="center" gap="sm" wrap="wrap" className={classes.footer}>
      <Group gap="sm" wrap="wrap" align="center">
        <Text size="sm" c="dimmed">
          Showing {firstShown}–{lastShown} of {total}
          {countsGroups ? ` ${total === 1 ? 'group' : 'groups'}` : ''}
        </Text>
        <NativeSelect
          size="xs"
          label="Rows per page"
          aria-label="Rows per page"
          styles={{ root: { display: 'flex', alignItems: 'center', gap: 8 }, label: { margin: 0 } }}
          value={String(pageSize)}
          onChange={(event) => onPageSizeChange(Number(event.currentTarget.value))}
          data={PAGE_SIZES.map((size) => String(size))}
        />
      </Group>
      {pageCount > 1 && (
        <nav aria-label={`${label} pages`}>
          <Pagination
            size="sm"
            total={pageCount}
            value={page}
            onChange={onPageChange}
            siblings={1}
            boundaries={1}
            getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
            getControlProps={(control) => ({ 'aria-label': CONTROL_LABELS[control] })}
          />
        </nav>
      )}
    </Group>
  );
}

/** The pagination of a table's state, shown once a row matches; unpaged, the count of rows shown. */
export function DataTableStatePagination<TData>({
  state,
  label,
}: {
  state: DataTableState<TData>;
  label: string;
}) {
  if (state.matchingCount === 0) return null;
  if (!state.paginated) {
    return (
      <Text size="sm" c="dimmed" className={classes.footer}>
        {state.matchingCount === state.rowCount
          ? `${state.rowCount} ${state.rowCount === 1 ? 'row' : 'rows'}`
          : `${state.matchingCount} of ${state.rowCount} rows`}
      </Text>
    );
  }
  return (
    <DataTablePagination
      label={label}
      page={state.page}
      pageCount={state.pageCount}
      pageSize={state.pageSize}
      firstShown={state.firstShown}
      lastShown={state.lastShown}
      total={state.pagedCount}
      countsGroups={state.countsGroups}
      onPageChange={state.goToPage}
      onPageSizeChange={state.setPageSize}
    />
  );
}
