import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PublicConfig } from '@camp/shared/config';
import { errorResponse, jsonResponse, renderApp, testConfig, type ApiRoutes } from '../../../test/test-utils';
import { CSV_BOM, localDate } from '../csv';
import {
  adminUser,
  captureDownloads,
  failsOnce,
  openReportPage,
  registrationReport,
  registrationRow,
  reportPerson,
  RV_ID,
  staffRegistrationReport,
  staffUser,
  TENT_ID,
  tryAgainAfter,
} from '../test-fixtures';
import { testOption } from '../../../test/registration-fixtures';
import { cardsOf, onPhone } from '../../../test/media';

const campingOptions = [
  testOption({ id: TENT_ID, name: 'Tent Village' }),
  testOption({ id: RV_ID, name: 'RV Row', enabled: false }),
];

function openReport(
  routes: ApiRoutes = {},
  user = adminUser,
  path = '/reports/registrations',
  config?: PublicConfig,
) {
  return openReportPage(
    path,
    user,
    'GET /reports/registrations',
    () => jsonResponse(registrationReport()),
    { 'GET /camping-options': () => jsonResponse(campingOptions), ...routes },
    config,
  );
}

const table = () => screen.getByRole('table', { name: 'Registrations' });
const count = (key: string) => screen.getByTestId(`count-${key}`).textContent;

describe('Registration reports (docs/product.md §2)', { timeout: 20_000 }, () => {
  it('shows the counts and a row per registration, for the registration year at first', async () => {
    const { queries } = openReport();
    expect(
      await screen.findByRole('heading', { name: 'Registration Reports', level: 2 }),
    ).toBeInTheDocument();
    await within(await screen.findByRole('table', { name: 'Registrations' })).findByText('Zoë Núñez');
    expect(queries[0]?.get('year')).toBe('2026');
    expect(count('total')).toBe('2');
    expect(count('confirmed')).toBe('1');
    expect(count('pending')).toBe('1');
    expect(count('cancelled')).toBe('0');
    const zoe = within(table()).getByText('Zoë Núñez').closest('tr') as HTMLElement;
    expect(within(zoe).getByText('“Sparkle”')).toBeInTheDocument();
    expect(within(zoe).getByText('CONFIRMED')).toBeInTheDocument();
    expect(within(zoe).getByText('Tent Village')).toBeInTheDocument();
    expect(within(zoe).getByText('Gate greeter — Monday 09:00–12:00')).toBeInTheDocument();
    expect(within(zoe).getByText('$150.00')).toBeInTheDocument();
    expect(within(zoe).getByText('Feb 3, 2026')).toBeInTheDocument();
  });

  it('sends the year, status and camping option filters to the server', async () => {
    const { queries } = openReport({
      'GET /camping-options': () => errorResponse(503),
    });
    await within(await screen.findByRole('table', { name: 'Registrations' })).findByText('Zoë Núñez');
    const years = screen.getByRole('combobox', { name: 'Year' });
    expect(
      within(years)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All years', '2026', '2025']);
    fireEvent.change(years, { target: { value: '2025' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Status' }), { target: { value: 'CONFIRMED' } });
    // The registrations' own options are offered when the catalog cannot be read.
    fireEvent.change(screen.getByRole('combobox', { name: 'Camping option' }), {
      target: { value: TENT_ID },
    });
    await waitFor(() =>
      expect(Object.fromEntries(queries.at(-1) ?? [])).toEqual({
        year: '2025',
        status: 'CONFIRMED',
        campingOptionId: TENT_ID,
      }),
    );
    fireEvent.change(years, { target: { value: '' } });
    await waitFor(() => expect(queries.at(-1)?.has('year')).toBe(false));
  });

  it('exports the registrations with custom answers to a CSV file named by the filters and the date', async () => {
    const downloads = captureDownloads();
    openReport();
    await within(await screen.findByRole('table', { name: 'Registrations' })).findByText('Zoë Núñez');
    fireEvent.change(screen.getByRole('combobox', { name: 'Status' }), { target: { value: 'CONFIRMED' } });
    fireEvent.click(screen.getByRole('button', { name: 'Export to CSV' }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(downloads[0]?.fileName).toBe(`registration_reports_2026_CONFIRMED_${localDate()}.csv`);
    const text = (await downloads[0]?.text()) ?? '';
    expect(text.startsWith(CSV_BOM)).toBe(true);
    const [header, first, second] = text.slice(1).split('\r\n');
    expect(header).toContain('First Name,Last Name,Playa Name,Email');
    expect(header?.endsWith(',Tent Village: Nickname')).toBe(true);
    expect(first).toContain('Zoë,Núñez,Sparkle,zoe@example.org');
    expect(first).toContain(`,Gate greeter — Monday 09:00–12:00,150,0,"'=HYPERLINK(""x"")"`);
    expect(second).toContain('Basil,"Rhodes, Jr.",,basil@example.org');
  });

  it('works for staff too, with no money: no Paid or Outstanding column, none in the CSV file', async () => {
    const downloads = captureDownloads();
    // The server answers staff without paidAmount and outstandingAmount.
    openReport({ 'GET /reports/registrations': () => jsonResponse(staffRegistrationReport()) }, staffUser);
    expect(
      await within(await screen.findByRole('table', { name: 'Registrations' })).findByText('Zoë Núñez'),
    ).toBeInTheDocument();
    expect(
      within(table())
        .getAllByRole('columnheader')
        .map((header) => header.textContent?.replace(/[⇅▲▼]/g, '').trim()),
    ).toEqual(['Name', 'Email', 'Phone', 'Status', 'Camping options', 'Shifts', 'Registered']);
    expect(within(table()).queryByText('$0.00')).not.toBeInTheDocument();
    expect(
      screen.getByText('Every registration with its options, shifts and custom answers.'),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Export to CSV' }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    const [header, first] = ((await downloads[0]?.text()) ?? '').slice(1).split('\r\n');
    expect(header).toBe(
      'First Name,Last Name,Playa Name,Email,Phone,City,State/Province,Country,Emergency Contact,Role,Year,' +
        'Status,Registered,Camping Options,Shifts,Tent Village: Nickname',
    );
    expect(first).toContain(`,Gate greeter — Monday 09:00–12:00,"'=HYPERLINK(""x"")"`);
  });

  it('dates the shifts of the registration year once the camp has event dates, on screen and in the CSV file', async () => {
    const downloads = captureDownloads();
    const lastYear = registrationRow({
      id: '00000000-0000-4000-c000-000000000009',
      year: 2025,
      user: reportPerson({ id: '00000000-0000-4000-8000-000000000109', firstName: 'Ada', lastName: 'Old' }),
    });
    openReport(
      {
        'GET /reports/registrations': () =>
          jsonResponse(registrationReport({ registrations: [registrationRow(), lastYear] })),
      },
      adminUser,
      '/reports/registrations?year=all',
      testConfig({ openingSunday: '2026-08-30' }),
    );
    await within(await screen.findByRole('table', { name: 'Registrations' })).findByText('Zoë Núñez');
    const zoe = within(table()).getByText('Zoë Núñez').closest('tr') as HTMLElement;
    expect(within(zoe).getByText('Gate greeter — Monday, Aug 31, 09:00–12:00')).toBeInTheDocument();
    // The event dates are the registration year's: last year's shifts keep their weekday.
    const ada = within(table()).getByText('Ada Old').closest('tr') as HTMLElement;
    expect(within(ada).getByText('Gate greeter — Monday 09:00–12:00')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Export to CSV' }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    const [, first, second] = ((await downloads[0]?.text()) ?? '').slice(1).split('\r\n');
    expect(first).toContain(
      ',2026,CONFIRMED,2026-02-03,Tent Village,"Gate greeter — Monday, Aug 31, 09:00–12:00",',
    );
    expect(second).toContain(',2025,CONFIRMED,2026-02-03,Tent Village,Gate greeter — Monday 09:00–12:00,');
  });

  it('shows an admin the money columns and says the report has money', async () => {
    openReport();
    await within(await screen.findByRole('table', { name: 'Registrations' })).findByText('Zoë Núñez');
    const headers = within(table())
      .getAllByRole('columnheader')
      .map((header) => header.textContent?.replace(/[⇅▲▼]/g, '').trim());
    expect(headers.slice(-3)).toEqual(['Paid', 'Outstanding', 'Registered']);
    expect(
      screen.getByText('Every registration with its options, shifts, custom answers and money.'),
    ).toBeInTheDocument();
  });

  it('offers the camp’s camping options in the filter, disabled ones to an admin', async () => {
    const { calls } = openReport();
    await within(await screen.findByRole('table', { name: 'Registrations' })).findByText('Zoë Núñez');
    const select = screen.getByRole('combobox', { name: 'Camping option' });
    await waitFor(() =>
      expect(
        within(select)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['All camping options', 'RV Row', 'Tent Village']),
    );
    expect(calls).toContain('GET /camping-options');
  });

  it('says when no registration matches, and turns Export off', async () => {
    openReport({
      'GET /reports/registrations': () => jsonResponse(registrationReport({ registrations: [] })),
    });
    expect(await screen.findByText('No registrations found')).toBeInTheDocument();
    expect(count('total')).toBe('0');
    expect(screen.getByRole('button', { name: 'Export to CSV' })).toBeDisabled();
  });

  it('shows the fetch failure with Try again, which fetches again', async () => {
    openReport({ 'GET /reports/registrations': failsOnce(() => jsonResponse(registrationReport())) });
    await tryAgainAfter('Failed to fetch registrations data');
    expect(
      await within(await screen.findByRole('table', { name: 'Registrations' })).findByText('Zoë Núñez'),
    ).toBeInTheDocument();
  });

  it('shows each registration as a card on a phone, with a Sort by list', async () => {
    onPhone();
    openReport();
    const list = await screen.findByRole('list', { name: 'Registrations' });
    await within(list).findByText('Zoë Núñez');
    expect(screen.queryByRole('table', { name: 'Registrations' })).not.toBeInTheDocument();
    const cards = cardsOf(list);
    expect(cards).toHaveLength(2);
    // Newest first, as the table sorts it.
    expect(within(cards[0] as HTMLElement).getByText('Basil Rhodes, Jr.')).toBeInTheDocument();
    expect(within(cards[1] as HTMLElement).getByText('Outstanding')).toBeInTheDocument();
    fireEvent.change(screen.getByRole('combobox', { name: 'Sort by' }), { target: { value: 'name:desc' } });
    await waitFor(() => {
      const sorted = cardsOf(list);
      expect(within(sorted[0] as HTMLElement).getByText('Zoë Núñez')).toBeInTheDocument();
    });
  });
  it('shows staff cards on a phone without Paid or Outstanding', async () => {
    onPhone();
    openReport({ 'GET /reports/registrations': () => jsonResponse(staffRegistrationReport()) }, staffUser);
    const list = await screen.findByRole('list', { name: 'Registrations' });
    await within(list).findByText('Zoë Núñez');
    expect(within(list).getAllByText('Registered')).toHaveLength(2);
    expect(within(list).queryByText('Paid')).not.toBeInTheDocument();
    expect(within(list).queryByText('Outstanding')).not.toBeInTheDocument();
    expect(
      within(screen.getByRole('combobox', { name: 'Sort by' }))
        .getAllByRole('option')
        .map((option) => option.textContent)
        .filter((label) => /Paid|Outstanding/.test(label ?? '')),
    ).toEqual([]);
  });
});

describe('Registration reports: export what the table shows', { timeout: 20_000 }, () => {
  it('writes only the rows the search shows, says how many on the button, and names the file by the search', async () => {
    const downloads = captureDownloads();
    openReport();
    await within(await screen.findByRole('table', { name: 'Registrations' })).findByText('Zoë Núñez');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search registrations' }), {
      target: { value: 'basil' },
    });
    const button = await screen.findByRole('button', { name: 'Export 1 row to CSV' });
    expect(within(table()).queryByText('Zoë Núñez')).not.toBeInTheDocument();
    fireEvent.click(button);
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(downloads[0]?.fileName).toBe(`registration_reports_2026_basil_${localDate()}.csv`);
    const lines = ((await downloads[0]?.text()) ?? '').slice(1).trimEnd().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('Basil,"Rhodes, Jr.",,basil@example.org');

    // A search that matches nothing: nothing to export.
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search registrations' }), {
      target: { value: 'nobody at all' },
    });
    expect(
      ((await screen.findByRole('button', { name: 'Export 0 rows to CSV' })) as HTMLButtonElement).disabled,
    ).toBe(true);
    // Cleared: every row again, under the report's own button.
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search registrations' }), {
      target: { value: '' },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Export to CSV' }));
    await waitFor(() => expect(downloads).toHaveLength(2));
    expect(((await downloads[1]?.text()) ?? '').slice(1).trimEnd().split('\r\n')).toHaveLength(3);
  });

  it('keeps its filters in the address, and reads them from it', async () => {
    const { queries } = openReport();
    await within(await screen.findByRole('table', { name: 'Registrations' })).findByText('Zoë Núñez');
    expect(window.location.hash).toBe('#/reports/registrations');
    fireEvent.change(screen.getByRole('combobox', { name: 'Status' }), { target: { value: 'PENDING' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Year' }), { target: { value: '' } });
    expect(window.location.hash).toBe('#/reports/registrations?year=all&status=PENDING');
    await waitFor(() => expect(Object.fromEntries(queries.at(-1) ?? [])).toEqual({ status: 'PENDING' }));
  });

  it('opens with the filters of a shared link, dropping values the report would refuse', async () => {
    const { queries } = openReport(
      {},
      adminUser,
      `/reports/registrations?year=2025&status=CONFIRMED&option=${TENT_ID}`,
    );
    await waitFor(() =>
      expect(Object.fromEntries(queries[0] ?? [])).toEqual({
        year: '2025',
        status: 'CONFIRMED',
        campingOptionId: TENT_ID,
      }),
    );
    expect((screen.getByRole('combobox', { name: 'Status' }) as HTMLSelectElement).value).toBe('CONFIRMED');
    cleanup();
    queries.length = 0;
    renderApp('/reports/registrations?year=1999&status=DONE&option=x');
    await waitFor(() => expect(Object.fromEntries(queries[0] ?? [])).toEqual({ year: '2026' }));
  });

  it('names the statuses in its filter as every other filter does', async () => {
    openReport();
    const status = await screen.findByRole('combobox', { name: 'Status' });
    expect(
      within(status)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All statuses', 'Pending', 'Confirmed', 'Waitlisted', 'Cancelled']);
  });
});
