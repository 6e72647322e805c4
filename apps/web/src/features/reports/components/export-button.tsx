import { Button } from '@mantine/core';
import { REPORT_TEXTS } from '../report-texts';

/**
 * Export to CSV: off while there is nothing to export. While the table's search narrows the rows, the button
 * says how many it will write ('Export 4 rows to CSV'): the file holds what the table shows.
 */
export function ExportCsvButton({
  onExport,
  disabled,
  searchedRows,
}: {
  onExport: () => void;
  disabled: boolean;
  /** The rows the search matches, while a search is typed; undefined without one. */
  searchedRows?: number;
}) {
  return (
    <Button onClick={onExport} disabled={disabled}>
      {searchedRows === undefined ? REPORT_TEXTS.exportCsv : REPORT_TEXTS.exportSearched(searchedRows)}
    </Button>
  );
}

/** The export of a report whose table has a search: what the table shows (useShownExport's rows and search). */
export function ExportShownButton({
  shown,
}: {
  shown: { rows: readonly unknown[] | undefined; search: string; onExport: () => void };
}) {
  return (
    <ExportCsvButton
      onExport={shown.onExport}
      disabled={!shown.rows || shown.rows.length === 0}
      searchedRows={shown.search ? shown.rows?.length : undefined}
    />
  );
}
