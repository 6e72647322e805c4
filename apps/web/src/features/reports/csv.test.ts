import { parse } from 'papaparse';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CSV_BOM, csvFileName, downloadCsv, localDate, toCsv, type CsvColumn } from './csv';

interface Row {
  name: string;
  note?: string | null;
  amount?: number;
  flag?: boolean;
}

const columns: CsvColumn<Row>[] = [
  { header: 'Name', value: (row) => row.name },
  { header: 'Note', value: (row) => row.note },
  { header: 'Amount', value: (row) => row.amount },
  { header: 'Flag', value: (row) => row.flag },
];

const body = (csv: string) => csv.slice(CSV_BOM.length);

describe('toCsv (RFC 4180, UTF-8 with BOM)', () => {
  it('starts with the BOM, writes the headers, and ends every record with CRLF', () => {
    const csv = toCsv([{ name: 'Ada', note: 'ok', amount: 150, flag: true }], columns);
    expect(csv.startsWith(CSV_BOM)).toBe(true);
    expect(body(csv)).toBe('Name,Note,Amount,Flag\r\nAda,ok,150,true\r\n');
  });

  it('quotes fields with commas, quotes and line breaks, doubling the quotes', () => {
    const csv = toCsv(
      [
        { name: 'Rhodes, Dusty', note: 'said "hi"' },
        { name: 'Two\nlines', note: 'CR\r\nLF' },
      ],
      columns,
    );
    expect(body(csv)).toBe(
      'Name,Note,Amount,Flag\r\n"Rhodes, Dusty","said ""hi""",,\r\n"Two\nlines","CR\r\nLF",,\r\n',
    );
    // And it reads back as it was written.
    const parsed = parse<string[]>(body(csv).trimEnd(), { newline: '\r\n' });
    expect(parsed.data[1]).toEqual(['Rhodes, Dusty', 'said "hi"', '', '']);
    expect(parsed.data[2]).toEqual(['Two\nlines', 'CR\r\nLF', '', '']);
  });

  it('keeps accents and other scripts as they are (UTF-8)', () => {
    const csv = toCsv([{ name: 'Zoë Ñúñez', note: 'Café – 東京 🎪' }], columns);
    expect(body(csv)).toContain('Zoë Ñúñez,Café – 東京 🎪,,');
    const bytes = new TextEncoder().encode(csv);
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  });

  it('neutralises text cells that begin like a formula, even across a line break', () => {
    const names = ['=1+1', '+SUM(A1)', '-2+3', '@cmd', '\tTab', '\rCR', '=HYPERLINK("x")\nnext'];
    const csv = toCsv(
      names.map((name) => ({ name })),
      columns,
    );
    const lines = parse<string[]>(body(csv).trimEnd(), { newline: '\r\n' }).data.slice(1);
    expect(lines.map((line) => line[0])).toEqual(names.map((name) => `'${name}`));
    expect(body(csv)).toContain(`"'=1+1"`);
  });

  it('writes a plain phone number starting with "+" without an apostrophe', () => {
    const phones = ['+1 555 0100', '+15550100', '+44 (20) 7946-0958', '+33 1.23.45.67.89'];
    const csv = toCsv(
      phones.map((name) => ({ name })),
      columns,
    );
    expect(body(csv)).toBe(
      `Name,Note,Amount,Flag\r\n${phones.map((phone) => `${phone},,,`).join('\r\n')}\r\n`,
    );
  });

  it('still neutralises a "+" or "-" followed by anything but a plain phone number', () => {
    const names = [
      "+1+cmd|' /C calc'!A0",
      '+1 555 0100\n=HYPERLINK("x")',
      '+1 555 0100+A1',
      '+A1',
      '+ 1 555',
      '+1 555 ext. 2',
      '-1 555 0100',
      '-2+3',
      '+1,555',
    ];
    const csv = toCsv(
      names.map((name) => ({ name })),
      columns,
    );
    const lines = parse<string[]>(body(csv).trimEnd(), { newline: '\r\n' }).data.slice(1);
    expect(lines.map((line) => line[0])).toEqual(names.map((name) => `'${name}`));
  });

  it('leaves numbers written as numbers alone, negative ones too, and text that only contains the signs', () => {
    const csv = toCsv(
      [
        { name: 'a-b', amount: -12.5 },
        { name: 'x=y', amount: 0 },
      ],
      columns,
    );
    expect(body(csv)).toBe('Name,Note,Amount,Flag\r\na-b,,-12.5,\r\nx=y,,0,\r\n');
  });

  it('writes nothing for null, undefined and non-finite numbers', () => {
    const csv = toCsv([{ name: 'N', note: null, amount: Number.NaN }], columns);
    expect(body(csv)).toBe('Name,Note,Amount,Flag\r\nN,,,\r\n');
  });

  it('writes only the headers when there are no rows', () => {
    expect(body(toCsv([], columns))).toBe('Name,Note,Amount,Flag\r\n');
  });
});

describe('csvFileName (docs/product.md §2)', () => {
  const now = new Date(2026, 10, 23, 9, 30);

  it('is the report, the filters in use and the date', () => {
    expect(csvFileName('registration_reports', [2027, 'CONFIRMED'], now)).toBe(
      'registration_reports_2027_CONFIRMED_2026-11-23.csv',
    );
  });

  it('leaves blank filters out', () => {
    expect(csvFileName('payment_reports', ['', undefined, null, 'STRIPE'], now)).toBe(
      'payment_reports_STRIPE_2026-11-23.csv',
    );
    expect(csvFileName('user_reports', [], now)).toBe('user_reports_2026-11-23.csv');
  });

  it('keeps only letters, digits and dashes of a filter value', () => {
    expect(csvFileName('registration_reports', ['Tent Village / Café', 'a..b'], now)).toBe(
      'registration_reports_Tent-Village-Cafe_a-b_2026-11-23.csv',
    );
    expect(csvFileName('work_schedule_report', [' / '], now)).toBe('work_schedule_report_2026-11-23.csv');
  });

  it('dates by the local calendar, zero-padded', () => {
    expect(localDate(new Date(2027, 0, 5, 23, 59))).toBe('2027-01-05');
  });
});

describe('downloadCsv', () => {
  afterEach(() => vi.restoreAllMocks());

  it('clicks a link to an object URL of a UTF-8 CSV Blob with the file name', async () => {
    const blobs: Blob[] = [];
    const create = vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:report';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const clicked: { href: string; download: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.getAttribute('href') ?? '', download: this.download });
    });

    downloadCsv('user_reports_2026-11-23.csv', `${CSV_BOM}A\r\n`);
    expect(create).toHaveBeenCalledOnce();
    expect(clicked).toEqual([{ href: 'blob:report', download: 'user_reports_2026-11-23.csv' }]);
    expect(blobs[0]?.type).toBe('text/csv;charset=utf-8');
    expect(await blobs[0]?.text()).toBe(`${CSV_BOM}A\r\n`);
    expect(document.querySelector('a[download]')).toBeNull();
  });
});
