import { useState } from 'react';

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
