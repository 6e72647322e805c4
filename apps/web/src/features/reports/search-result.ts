import { useState } from 'react';
import { csvFileName, exportCsv, type CsvColumn } from './csv';

/** What a report's table shows: the rows its search matches (all of them when the search is blank), and the search. */
export interface SearchResult<TRow> {
  rows: readonly TRow[];
  search: string;
}

/**
 * A report's export writes what its table shows: the table tells (DataTable's onSearchResult) which rows its
 * search matches, and the export takes those. Until the table has told, every row.
 */
export function useSearchResult<TRow>(all: readonly TRow[] | undefined) {
  const [result, setResult] = useState<SearchResult<TRow> | null>(null);
  const rows = all === undefined ? undefined : result ? result.rows : all;
  return { rows, search: result?.search ?? '', onSearchResult: setResult };
}

/**
 * useSearchResult with the report's Export to CSV of those rows: a file named after `base`, the `filters` in
 * use and the search, with `columns` (undefined while the report has not loaded: nothing to export).
 */
export function useShownExport<TRow>(
  all: readonly TRow[] | undefined,
  base: string,
  filters: readonly (string | number | undefined)[],
  columns: readonly CsvColumn<TRow>[] | undefined,
) {
  const shown = useSearchResult(all);
  const onExport = () => {
    if (!shown.rows || !columns) return;
    exportCsv(csvFileName(base, [...filters, shown.search]), shown.rows, columns);
  };
  return { ...shown, onExport };
}
