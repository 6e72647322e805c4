import { unparse } from 'papaparse';
import { saveFile } from '../../lib/save-file';

// The reports' CSV files, made in the browser (decisions 019 and 021): RFC 4180 (fields with a comma, a quote
// or a line break in double quotes, quotes doubled, CRLF between records), UTF-8 with a byte order mark so
// spreadsheet programs read accents, and text cells neutralised against formula injection.
//
// Formula cells: a text cell that begins with '=', '+', '-', '@', a tab or a carriage return gets a leading
// apostrophe (and is quoted), so a spreadsheet shows it as text instead of running it ('=HYPERLINK(…)' →
// "'=HYPERLINK(…)"). Only text is neutralised: a value the report writes as a number (an amount, a count) stays a
// number, negative ones included, since a number cannot carry a formula. A plain phone number ('+1 555 0100',
// '+44 (20) 7946-0958': a '+', then only digits, spaces, dots, hyphens and brackets) is written as it is: it
// names no function and no cell, so a spreadsheet can run nothing from it, and people read it without a
// stray apostrophe. Anything more after the '+' (a letter, '=', '|', '!', a second '+') is neutralised.

/** What a cell may hold: text (neutralised when it looks like a formula), a number, a yes/no, or nothing. */
export type CsvCell = string | number | boolean | null | undefined;

/** One column of a CSV file: its header and how a row gives its value. */
export interface CsvColumn<TRow> {
  header: string;
  value: (row: TRow) => CsvCell;
}

export const CSV_BOM = '\uFEFF';
export const CSV_MIME_TYPE = 'text/csv;charset=utf-8';

/**
 * The characters a spreadsheet reads as the start of a formula (OWASP CSV injection), unless the whole text is
 * a plain phone number ('+', a digit, then only digits, spaces, dots, hyphens and brackets to the very end, no
 * line break: it calls no function and refers to no cell, so it cannot carry a formula). Anchored at the start only: papaparse's own default (`/^[=+\-@\t\r].*$/`) misses a
 * formula followed by a line break.
 */
const FORMULA_START = /^(?!\+[0-9][0-9 .()-]*$)[=+\-@\t\r]/;

/** The text of a CSV file (with its BOM) of these rows in these columns, headers first. */
export function toCsv<TRow>(rows: readonly TRow[], columns: readonly CsvColumn<TRow>[]): string {
  const data = rows.map((row) =>
    columns.map((column) => {
      const value = column.value(row);
      // Non-finite numbers have no spreadsheet form: leave the cell empty.
      if (typeof value === 'number' && !Number.isFinite(value)) return null;
      return value;
    }),
  );
  const text = unparse(
    { fields: columns.map((column) => column.header), data },
    { newline: '\r\n', quoteChar: '"', escapeChar: '"', delimiter: ',', escapeFormulae: FORMULA_START },
  );
  // Every record ends with CRLF (papaparse already ends a file without data rows with one).
  return `${CSV_BOM}${text}${text.endsWith('\r\n') ? '' : '\r\n'}`;
}

/** Today as YYYY-MM-DD in the person's own time zone (the date in a file name). */
export function localDate(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** A filter value as it goes in a file name: letters, digits and '-' only ('Tent Village' → 'Tent-Village'). */
function fileNamePart(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9-]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^-|-$/g, '');
}

/**
 * A report's file name (docs/product.md §2): its beginning, the filters in use (blank ones left out) and the date, e.g.
 * `registration_reports_2027_CONFIRMED_2026-11-23.csv`.
 */
export function csvFileName(
  base: string,
  filters: readonly (string | number | null | undefined)[],
  now: Date = new Date(),
): string {
  const parts = filters
    .filter((value): value is string | number => value !== null && value !== undefined && value !== '')
    .map((value) => fileNamePart(String(value)))
    .filter((part) => part !== '');
  return [base, ...parts, localDate(now)].join('_') + '.csv';
}

/** Hands the browser a CSV file to save. */
export function downloadCsv(fileName: string, csv: string): void {
  saveFile(fileName, csv, CSV_MIME_TYPE);
}

/** Builds a report's CSV and downloads it. */
export function exportCsv<TRow>(
  fileName: string,
  rows: readonly TRow[],
  columns: readonly CsvColumn<TRow>[],
): void {
  downloadCsv(fileName, toCsv(rows, columns));
}
