// The app's table (docs/architecture.md §3): `DataTable` is the composed default (a table on wide screens, a card per
// row on a phone, pager optional); reports and other screens that need another arrangement build one from
// `useDataTable` and the parts (grid, cards, sort select, toolbar, pagination, announcer).
export { DataTable, type DataTableProps } from './data-table';
export {
  useDataTable,
  type DataTableState,
  type ServerPaging,
  type ServerSorting,
  serverPagingOf,
  type UseDataTableOptions,
} from './use-data-table';
export { DataTableGrid, type DataTableGridProps } from './data-table-grid';
export { TableScrollFrame } from './table-scroll-frame';
export { DataTableCards, DataTableSortSelect, type DataTableCardsProps } from './data-table-cards';
export { DataTableToolbar, type DataTableToolbarProps } from './data-table-toolbar';
export {
  DataTablePagination,
  DataTableStatePagination,
  type DataTablePaginationProps,
} from './data-table-pagination';
export { DataTableAnnouncer, useAnnouncement } from './data-table-announcer';
export {
  DataTableShowMore,
  type DataTableShowMoreProps,
  showingText,
  useShowMore,
} from './data-table-show-more';
export {
  ANNOUNCEMENT_CLEAR_MS,
  columnLabel,
  DATA_TABLE_CARDS_QUERY,
  DEFAULT_PAGE_SIZE,
  optionalYearColumn,
  PAGE_SIZES,
  type PageSize,
  WINDOWING_THRESHOLD,
} from './columns';
