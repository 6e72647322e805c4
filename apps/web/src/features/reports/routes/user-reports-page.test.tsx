import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, type ApiRoutes } from '../../../test/test-utils';
import { localDate } from '../csv';
import {
  captureDownloads,
  failsOnce,
  openReportPage,
  reportPerson,
  staffUser,
  tryAgainAfter,
  userReport,
  userRow,
} from '../test-fixtures';

const users = [
  userRow(),
  userRow({
    ...reportPerson({
      id: '00000000-0000-4000-8000-000000000102',
      email: 'basil@example.org',
      firstName: 'Basil',
      lastName: 'Rhodes',
      playaName: null,
      role: 'STAFF',
    }),
    registrationStatus: null,
    active: false,
    shows: 1,
    noShows: 2,
  }),
];

function openReport(routes: ApiRoutes = {}) {
  return openReportPage(
    '/reports/users',
    staffUser,
    'GET /reports/users',
    (query) => jsonResponse(userReport(users, Number(query.get('year')))),
    routes,
  );
}

describe('User reports (docs/product.md §2)', { timeout: 20_000 }, () => {
  it('lists everyone on one page with their status in the registration year', async () => {
    const { queries } = openReport();
    expect(await screen.findByRole('heading', { name: 'User Reports', level: 2 })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Users' });
    await within(table).findByText('Basil Rhodes');
    expect(queries[0]?.get('year')).toBe('2026');
    const basil = within(table).getByText('Basil Rhodes').closest('tr') as HTMLElement;
    expect(within(basil).getByText('Inactive')).toBeInTheDocument();
    expect(within(basil).getByText('Not registered')).toBeInTheDocument();
    expect(within(basil).getByText('staff')).toBeInTheDocument();
    const zoe = within(table).getByText('Zoë Núñez').closest('tr') as HTMLElement;
    expect(within(zoe).getByText('CONFIRMED')).toBeInTheDocument();
    expect(within(zoe).getByText('Reno, NV, USA')).toBeInTheDocument();
    expect(screen.getByTestId('count-active').textContent).toBe('1');
    expect(screen.getByTestId('count-inactive').textContent).toBe('1');
    expect(screen.queryByRole('navigation', { name: 'Users pages' })).not.toBeInTheDocument();
  });

  it('offers the years from five before the registration year to one after, and sends the filters', async () => {
    const { queries } = openReport();
    await within(await screen.findByRole('table', { name: 'Users' })).findByText('Basil Rhodes');
    const years = screen.getByRole('combobox', { name: 'Year' });
    expect(
      within(years)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['2027', '2026', '2025', '2024', '2023', '2022', '2021']);
    const statuses = screen.getByRole('combobox', { name: 'Status' });
    expect(
      within(statuses)
        .getAllByRole('option')
        .map((option) => option.getAttribute('value')),
    ).toEqual(['', 'active', 'inactive']);
    fireEvent.change(years, { target: { value: '2024' } });
    fireEvent.change(statuses, { target: { value: 'inactive' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Role' }), { target: { value: 'STAFF' } });
    await waitFor(() =>
      expect(Object.fromEntries(queries.at(-1) ?? [])).toEqual({
        year: '2024',
        status: 'inactive',
        role: 'STAFF',
      }),
    );
    fireEvent.change(screen.getByRole('combobox', { name: 'Has no-shows' }), { target: { value: 'true' } });
    await waitFor(() => expect(queries.at(-1)?.get('hasNoShows')).toBe('true'));
  });

  it('shows each person’s shows and no-shows of the year (docs/product.md §11 Check-in)', async () => {
    openReport();
    const table = await screen.findByRole('table', { name: 'Users' });
    const basil = (await within(table).findByText('Basil Rhodes')).closest('tr') as HTMLElement;
    expect(within(table).getByRole('columnheader', { name: /^Shows \/ No-shows/ })).toBeInTheDocument();
    expect(within(basil).getByText('1 / 2')).toBeInTheDocument();
  });

  it('exports user_reports with the filters and the date', async () => {
    const downloads = captureDownloads();
    openReport();
    await within(await screen.findByRole('table', { name: 'Users' })).findByText('Basil Rhodes');
    fireEvent.change(screen.getByRole('combobox', { name: 'Status' }), { target: { value: 'active' } });
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Status' })).toHaveProperty('value', 'active'),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Export to CSV' }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(downloads[0]?.fileName).toBe(`user_reports_2026_active_${localDate()}.csv`);
    const lines = ((await downloads[0]?.text()) ?? '').slice(1).split('\r\n');
    expect(lines[0]).toContain('First Name,Last Name,Playa Name,Email,Role');
    expect(lines[0]).toContain('Status 2026,Registration 2026,Shows,No-shows');
    expect(lines).toContainEqual(expect.stringMatching(/^Basil,Rhodes,,basil@example.org,staff,/));
  });

  it('says when nobody matches', async () => {
    openReport({ 'GET /reports/users': () => jsonResponse(userReport([])) });
    expect(await screen.findByText('No users found')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export to CSV' })).toBeDisabled();
  });

  it('shows the fetch failure with Try again', async () => {
    openReport({ 'GET /reports/users': failsOnce(() => jsonResponse(userReport(users))) });
    await tryAgainAfter('Failed to fetch users data');
    expect(
      await within(await screen.findByRole('table', { name: 'Users' })).findByText('Basil Rhodes'),
    ).toBeInTheDocument();
  });
});
