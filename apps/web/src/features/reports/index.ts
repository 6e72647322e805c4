// The reports feature's public surface. Its screens (routes/) are lazy-loaded by the router; the CSV writer is
// here for any other screen that wants to export what it lists.
export { csvFileName, downloadCsv, toCsv, type CsvCell, type CsvColumn } from './csv';
