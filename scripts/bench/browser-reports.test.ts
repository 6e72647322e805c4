import { describe, expect, it } from 'vitest';
import { csvProblem } from './browser-reports';

describe("the browser bench's check of a downloaded CSV file", () => {
  const file = '\uFEFFName,Note\r\nZoë,"a, b"\r\nAl,"two\r\nlines"\r\n';

  it('counts records (quoted commas and line breaks inside one) after the header', () => {
    expect(csvProblem(file, 2)).toBeUndefined();
    expect(csvProblem(file, 3)).toBe('the CSV has 3 rows, expected 3 + the header');
  });

  it('wants the byte order mark and the same number of cells in every row', () => {
    expect(csvProblem(file.slice(1), 2)).toBe('the CSV has no byte order mark');
    expect(csvProblem('\uFEFFName,Note\r\nZoë\r\n', 1)).toBe('CSV row 1 has 1 cells, not 2');
  });
});
