import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, type ApiRoutes } from '../../../test/test-utils';
import { localDate } from '../csv';
import {
  captureDownloads,
  failsOnce,
  openReportPage,
  scheduleJob,
  scheduleShift,
  staffUser,
  tryAgainAfter,
} from '../test-fixtures';

const person = (n: number, firstName: string, playaName: string | null = null) => ({
  id: `00000000-0000-4000-c000-00000000000${n}`,
  user: {
    id: `00000000-0000-4000-8000-00000000010${n}`,
    firstName,
    lastName: 'Camper',
    playaName,
    email: `${firstName.toLowerCase()}@example.org`,
  },
});

// Sent out of order: the screen puts the days in the festival's order and each day's shifts by time.
const shifts = [
  scheduleShift({
    id: '00000000-0000-4000-e000-000000000001',
    name: 'Teardown',
    dayOfWeek: 'POST_EVENT',
    jobs: [],
  }),
  scheduleShift({
    id: '00000000-0000-4000-e000-000000000002',
    name: 'Evening',
    dayOfWeek: 'MONDAY',
    startTime: '18:00',
    endTime: '21:00',
    jobs: [
      scheduleJob({
        id: '00000000-0000-4000-d000-000000000002',
        name: 'Dish duty',
        location: 'Kitchen',
        maxRegistrations: 1,
        registrations: [person(1, 'Ivy', 'Sprout')],
        noShows: 1,
      }),
    ],
  }),
  scheduleShift({
    id: '00000000-0000-4000-e000-000000000003',
    name: 'Morning',
    dayOfWeek: 'MONDAY',
    jobs: [scheduleJob({ registrations: [person(2, 'Oak'), person(3, 'Fern')] })],
  }),
  scheduleShift({
    id: '00000000-0000-4000-e000-000000000004',
    name: 'Build',
    dayOfWeek: 'PRE_OPENING',
    jobs: [scheduleJob({ id: '00000000-0000-4000-d000-000000000003', name: 'Shade build' })],
  }),
  scheduleShift({
    id: '00000000-0000-4000-e000-000000000005',
    name: 'Gate open',
    dayOfWeek: 'OPENING_SUNDAY',
  }),
];

function openReport(routes: ApiRoutes = {}) {
  return openReportPage(
    '/reports/work-schedule',
    staffUser,
    'GET /shifts/with-jobs-and-registrations',
    () => jsonResponse(shifts),
    routes,
  );
}

describe('Work schedule report (docs/product.md §2, §3)', { timeout: 20_000 }, () => {
  it('groups the shifts by day in the festival order, with jobs, places and people', async () => {
    const { queries } = openReport();
    expect(await screen.findByRole('heading', { name: 'Work Schedule', level: 2 })).toBeInTheDocument();
    await screen.findByRole('heading', { name: 'Pre-Opening', level: 3 });
    expect(queries[0]?.get('year')).toBe('2026');
    expect(screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual([
      'Pre-Opening',
      'Opening Sunday',
      'Monday',
      'Post-Event',
    ]);
    const monday = screen.getByRole('region', { name: 'Monday' });
    expect(
      within(monday)
        .getAllByRole('heading', { level: 4 })
        .map((heading) => heading.textContent),
    ).toEqual(['Morning', 'Evening']);
    const morning = screen.getByRole('article', { name: 'Morning' });
    expect(within(morning).getByText('09:00–12:00')).toBeInTheDocument();
    expect(within(morning).getByLabelText('2 of 3 places taken').textContent).toBe('2 / 3');
    expect(within(morning).getByText('Oak Camper')).toBeInTheDocument();
    const evening = screen.getByRole('article', { name: 'Evening' });
    expect(within(evening).getByText('1 / 1')).toBeInTheDocument();
    expect(within(evening).getByText('“Sprout”')).toBeInTheDocument();
    // Check-in marks (docs/product.md §11 Check-in): shown once a job has any.
    expect(within(evening).getByText('Showed: 0 · No-show: 1')).toBeInTheDocument();
    expect(within(morning).queryByText(/^Showed:/)).not.toBeInTheDocument();
    expect(
      within(screen.getByRole('article', { name: 'Teardown' })).getByText('No jobs on this shift.'),
    ).toBeInTheDocument();
  });

  it('prints, and exports work_schedule_report with the year and the date in day order', async () => {
    const print = vi.fn();
    vi.stubGlobal('print', print);
    const downloads = captureDownloads();
    openReport();
    await screen.findByRole('heading', { name: 'Pre-Opening', level: 3 });
    fireEvent.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledOnce();
    fireEvent.click(screen.getByRole('button', { name: 'Export to CSV' }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(downloads[0]?.fileName).toBe(`work_schedule_report_2026_${localDate()}.csv`);
    const lines = ((await downloads[0]?.text()) ?? '').slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'Day,Shift,Start,End,Job,Location,Places Taken,Max Registrations,Showed,No-show,Name,Playa Name,Email',
    );
    expect(lines.slice(1).map((line) => line.split(',').slice(0, 2).join(' '))).toEqual([
      'Pre-Opening Build',
      'Opening Sunday Gate open',
      'Monday Morning',
      'Monday Morning',
      'Monday Evening',
      'Post-Event Teardown',
    ]);
    expect(lines[5]).toBe(
      'Monday,Evening,18:00,21:00,Dish duty,Kitchen,1,1,0,1,Ivy Camper,Sprout,ivy@example.org',
    );
  });

  it('asks for another year', async () => {
    const { queries } = openReport();
    await screen.findByRole('heading', { name: 'Pre-Opening', level: 3 });
    fireEvent.change(screen.getByRole('combobox', { name: 'Year' }), { target: { value: '2025' } });
    await waitFor(() => expect(queries.at(-1)?.get('year')).toBe('2025'));
  });

  it('says when there is no schedule', async () => {
    openReport({ 'GET /shifts/with-jobs-and-registrations': () => jsonResponse([]) });
    expect(await screen.findByRole('heading', { name: 'No Schedule Data Available' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Print' })).toBeDisabled();
  });

  it('shows the fetch failure with Try again', async () => {
    openReport({ 'GET /shifts/with-jobs-and-registrations': failsOnce(() => jsonResponse(shifts)) });
    await tryAgainAfter('Failed to fetch work schedule data');
    expect(await screen.findByRole('heading', { name: 'Monday', level: 3 })).toBeInTheDocument();
  });
});
