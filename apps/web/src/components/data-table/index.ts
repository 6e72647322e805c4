// The app's table (architecture §3): `DataTable` is the composed default; reports and other screens that need
// another arrangement build one from `useDataTable` and the parts.
export { DataTable, type DataTableProps } from './data-table';
export { useDataTable, type DataTableState, type UseDataTableOptions } from './use-data-table';
export { DataTableGrid, type DataTableGridProps } from './data-table-grid';
export { DataTableToolbar, type DataTableToolbarProps } from './data-table-toolbar';
export {
  DataTablePagination,
  DataTableStatePagination,
  type DataTablePaginationProps,
} from './data-table-pagination';
export { DataTableAnnouncer, useAnnouncement } from './data-table-announcer';
export { ANNOUNCEMENT_CLEAR_MS, columnLabel, DEFAULT_PAGE_SIZE, PAGE_SIZES, type PageSize } from './columns';
