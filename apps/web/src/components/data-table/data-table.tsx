import { Group, Loader, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect, type ReactNode } from 'react';
import { LoadFailedAlert } from '../load-failed-alert';
import { DATA_TABLE_CARDS_QUERY } from './columns';
import { DataTableAnnouncer } from './data-table-announcer';
import { DataTableCards, DataTableSortSelect } from './data-table-cards';
import { DataTableGrid } from './data-table-grid';
import { DataTableStatePagination } from './data-table-pagination';
import { countRows, DataTableShowMore, limitRows, useShowMore } from './data-table-show-more';
import { DataTableToolbar } from './data-table-toolbar';
import classes from './data-table.module.css';
import { useDataTable, type UseDataTableOptions } from './use-data-table';

/** The hook's options (rows, columns, sorting, paging, grouping, row actions) and what the table shows. */
export interface DataTableProps<TData> extends UseDataTableOptions<TData> {
  /** Names the table for assistive technology (a hidden caption) and its scroll region. */
  caption: string;
  isLoading?: boolean;
  loadingText?: string;
  /** A load failure: shown instead of the table, with a Try again button when onRetry is given. */
  error?: string | null;
  onRetry?: () => void;
  /** Shown when there are no rows at all (docs/product.md §8 empty states). */
  emptyText: string;
  /** Shown when the search matches nothing; defaults to emptyText. */
  noMatchesText?: string;
  /** Global text filter over every column with a value; on by default. */
  searchable?: boolean;
  searchLabel?: string;
  searchPlaceholder?: string;
  /** Extra controls beside the search box (e.g. an Add button). */
  toolbar?: ReactNode;
  /** Below this width the table scrolls sideways inside its box (default 640 px); on a phone there are cards. */
  minWidth?: number;
  /**
   * The phone layout (below 48em): each row a card, the first column its title, the others as header and
   * value, the row actions as full-size buttons, and a Sort by list. On by default; false keeps the table.
   */
  cards?: boolean;
  /** The id of the column that titles each card; the first column by default. */
  cardTitle?: string;
  /**
   * An unpaginated list on a phone shows this many cards at first and this many more on each Show more (with
   * 'Showing 10 of 200'), instead of every card at once; wider screens still show every row.
   */
  phoneShowMore?: number;
  /**
   * Told the rows the search matches (every row when the search is blank), in the given order, and the search,
   * whenever they change: a screen exports what its table shows. Pass a stable function (a state setter).
   */
  onSearchResult?: (result: { rows: readonly TData[]; search: string }) => void;
}

/**
 * The one table of the app (docs/architecture.md §3), composed of this folder's parts: the announcer (a polite live
 * region telling what a sort, search or page change did, cleared after 2 seconds, docs/product.md §2), the toolbar
 * (search, Group by, the screen's controls), the grid (sortable headers, group rows) with its loading / empty
 * / no-match states, a load failure with Try again, and the pagination (docs/product.md §9 page sizes) unless `paginate` is
 * false. On a phone (below 48em) the rows are cards instead, with a Sort by list in place of the headers.
 */
export function DataTable<TData>({
  caption,
  isLoading = false,
  loadingText = 'Loading...',
  error,
  onRetry,
  emptyText,
  noMatchesText,
  searchable = true,
  searchLabel,
  searchPlaceholder,
  toolbar,
  minWidth,
  cards: cardsAllowed = true,
  cardTitle,
  phoneShowMore,
  onSearchResult,
  ...tableOptions
}: DataTableProps<TData>) {
  const { data } = tableOptions;
  const phone = useMediaQuery(DATA_TABLE_CARDS_QUERY, false, { getInitialValueInEffect: false });
  const cards = cardsAllowed && phone;
  const state = useDataTable(tableOptions);
  const more = useShowMore(phoneShowMore ?? 0);
  // On a phone, an unpaginated list grows with Show more rather than drawing every card.
  const growing = cards && !state.paginated && phoneShowMore !== undefined;
  // TanStack keeps the filtered rows while the rows and the search stay the same, so this runs on a change only.
  const matching = state.table.getFilteredRowModel().rows;
  const search = state.globalFilter;
  useEffect(() => {
    onSearchResult?.({ rows: matching.map((row) => row.original), search: search.trim() });
  }, [matching, search, onSearchResult]);

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
    placeholder = <Text>{noMatchesText ?? emptyText}</Text>;
  }
  // What the grid and the phone cards both draw.
  const rows = {
    table: state.table,
    caption,
    busy: isLoading,
    placeholder,
    windowRows: !state.paginated,
  };

  return (
    <Stack gap="sm" className={classes.root}>
      <DataTableAnnouncer text={state.announcementText} />

      <DataTableToolbar
        search={state.globalFilter}
        onSearch={searchable ? state.search : undefined}
        searchLabel={searchLabel}
        searchPlaceholder={searchPlaceholder}
        searchDisabled={!!error}
        groupOptions={state.groupOptions}
        groupedBy={state.groupedBy}
        onGroupBy={state.groupBy}
        sortControl={cards && !error ? <DataTableSortSelect table={state.table} /> : undefined}
      >
        {toolbar}
      </DataTableToolbar>

      {error ? (
        <LoadFailedAlert title={error} onRetry={onRetry} retrying={isLoading} />
      ) : (
        <>
          {cards ? (
            <DataTableCards {...rows} titleColumn={cardTitle} limit={growing ? more.limit : undefined} />
          ) : (
            <DataTableGrid {...rows} minWidth={minWidth} />
          )}
          {growing && !placeholder ? (
            <DataTableShowMore
              shown={countRows(limitRows(state.table.getRowModel().rows, more.limit))}
              total={countRows(state.table.getRowModel().rows)}
              step={phoneShowMore}
              onShowMore={more.showMore}
              onShowAll={() => more.showAll(state.table.getRowModel().rows.length)}
            />
          ) : (
            <DataTableStatePagination state={state} label={caption} />
          )}
        </>
      )}
    </Stack>
  );
}
