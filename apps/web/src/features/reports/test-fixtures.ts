import type {
  RegistrationReport,
  RegistrationReportRow,
  ReportPerson,
  UserReport,
  UserReportRow,
} from '@camp/shared/reports';
import type { PublicConfig } from '@camp/shared/config';
import type { User } from '@camp/shared/users';
import type { WorkScheduleShift } from '@camp/shared/work';
import { fireEvent, screen, within } from '@testing-library/react';
import { expect, vi } from 'vitest';
import {
  errorResponse,
  renderSignedIn,
  testAdmin,
  testUser,
  type ApiRouteHandler,
  type ApiRoutes,
} from '../../test/test-utils';

// Answers of the report endpoints for the screens' tests (checked against the API's schemas by the fakes).

export const adminUser = testAdmin;
export const staffUser = testUser({
  id: '00000000-0000-4000-8000-000000000002',
  role: 'STAFF',
  firstName: 'Sam',
  lastName: 'Staff',
  email: 'sam@example.org',
});
export const participantUser = testUser({ id: '00000000-0000-4000-8000-000000000003' });

export function reportPerson(overrides: Partial<ReportPerson> = {}): ReportPerson {
  return {
    id: '00000000-0000-4000-8000-000000000101',
    email: 'zoe@example.org',
    firstName: 'Zoë',
    lastName: 'Núñez',
    playaName: 'Sparkle',
    role: 'PARTICIPANT',
    phone: '555-0142',
    city: 'Reno',
    stateProvince: 'NV',
    country: 'USA',
    emergencyContact: 'Rowan, 555-0143',
    ...overrides,
  };
}

export const TENT_ID = '00000000-0000-4000-a000-000000000001';
export const RV_ID = '00000000-0000-4000-a000-000000000002';
export const NICKNAME_FIELD = '00000000-0000-4000-b000-000000000001';

export function registrationRow(overrides: Partial<RegistrationReportRow> = {}): RegistrationReportRow {
  return {
    id: '00000000-0000-4000-c000-000000000001',
    year: 2026,
    status: 'CONFIRMED',
    createdAt: '2026-02-03T10:00:00.000Z',
    user: reportPerson(),
    campingOptions: [{ id: TENT_ID, name: 'Tent Village' }],
    jobs: [
      {
        id: '00000000-0000-4000-d000-000000000001',
        name: 'Gate greeter',
        location: 'Gate',
        category: 'Gate Crew',
        shiftName: 'Morning',
        dayOfWeek: 'MONDAY',
        dayOffset: 1,
        startTime: '09:00',
        endTime: '12:00',
      },
    ],
    customFields: { [NICKNAME_FIELD]: '=HYPERLINK("x")' },
    paidAmount: 150,
    outstandingAmount: 0,
    ...overrides,
  };
}

/** The report as the server answers staff: the same rows without paidAmount and outstandingAmount. */
export function staffRegistrationReport(): RegistrationReport {
  const report = registrationReport();
  return {
    ...report,
    registrations: report.registrations.map(
      ({ paidAmount: _paid, outstandingAmount: _outstanding, ...row }) => row,
    ),
  };
}

export function registrationReport(overrides: Partial<RegistrationReport> = {}): RegistrationReport {
  const registrations = overrides.registrations ?? [
    registrationRow(),
    registrationRow({
      id: '00000000-0000-4000-c000-000000000002',
      status: 'PENDING',
      createdAt: '2026-02-04T10:00:00.000Z',
      user: reportPerson({
        id: '00000000-0000-4000-8000-000000000102',
        email: 'basil@example.org',
        firstName: 'Basil',
        lastName: 'Rhodes, Jr.',
        playaName: null,
      }),
      jobs: [],
      customFields: {},
      paidAmount: 0,
      outstandingAmount: 150,
    }),
  ];
  return {
    registrations,
    counts: {
      total: registrations.length,
      confirmed: registrations.filter((row) => row.status === 'CONFIRMED').length,
      pending: registrations.filter((row) => row.status === 'PENDING').length,
      waitlisted: registrations.filter((row) => row.status === 'WAITLISTED').length,
      cancelled: registrations.filter((row) => row.status === 'CANCELLED').length,
    },
    fields: [
      {
        id: NICKNAME_FIELD,
        displayName: 'Nickname',
        dataType: 'STRING',
        campingOptionId: TENT_ID,
        campingOptionName: 'Tent Village',
      },
    ],
    years: [2026, 2025],
    ...overrides,
  };
}

export function userRow(overrides: Partial<UserReportRow> = {}): UserReportRow {
  return {
    ...reportPerson(),
    isEmailVerified: true,
    createdAt: '2026-01-10T00:00:00.000Z',
    registrationStatus: 'CONFIRMED',
    active: true,
    shows: 0,
    noShows: 0,
    ...overrides,
  };
}

export function userReport(users: UserReportRow[] = [userRow()], year = 2026): UserReport {
  const active = users.filter((user) => user.active).length;
  return { year, users, counts: { total: users.length, active, inactive: users.length - active } };
}

type ScheduleJob = WorkScheduleShift['jobs'][number];

export function scheduleJob(overrides: Partial<ScheduleJob> = {}): ScheduleJob {
  return {
    id: '00000000-0000-4000-d000-000000000001',
    name: 'Gate greeter',
    location: 'Gate',
    maxRegistrations: 3,
    registrations: [],
    shows: 0,
    noShows: 0,
    ...overrides,
  };
}

export function scheduleShift(overrides: Partial<WorkScheduleShift> = {}): WorkScheduleShift {
  return {
    id: '00000000-0000-4000-e000-000000000001',
    name: 'Morning',
    description: null,
    startTime: '09:00',
    endTime: '12:00',
    dayOfWeek: 'MONDAY',
    dayOffset: 1,
    active: true,
    jobs: [scheduleJob()],
    ...overrides,
  };
}

export interface Download {
  fileName: string;
  text: () => Promise<string>;
}

/** Catches the CSV files a screen hands the browser (Blob, object URL, link click) instead of saving them. */
export function captureDownloads(): Download[] {
  const blobs = new Map<string, Blob>();
  const downloads: Download[] = [];
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    const url = `blob:report-${blobs.size}`;
    blobs.set(url, blob as Blob);
    return url;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const blob = blobs.get(this.getAttribute('href') ?? '');
    if (blob) downloads.push({ fileName: this.download, text: () => blob.text() });
  });
  return downloads;
}

/**
 * Signs `user` in and opens the report screen at `page`. `endpoint` (e.g. 'GET /reports/users') answers with
 * `answer(query)` and keeps every query string in `queries`; `routes` add or replace other endpoints.
 */
export function openReportPage(
  page: string,
  user: User,
  endpoint: string,
  answer: (query: URLSearchParams) => Response,
  routes: ApiRoutes = {},
  config?: PublicConfig,
) {
  const queries: URLSearchParams[] = [];
  const api = renderSignedIn(
    page,
    user,
    {
      [endpoint]: ({ url }) => {
        const query = new URL(url, 'http://localhost').searchParams;
        queries.push(query);
        return answer(query);
      },
      ...routes,
    },
    config,
  );
  return { ...api, queries };
}

/** A report route that fails once with `status`, then answers with `answer()` (for Try again). */
export function failsOnce(answer: () => Response, status = 500): ApiRouteHandler {
  let calls = 0;
  return () => {
    calls += 1;
    return calls === 1 ? errorResponse(status) : answer();
  };
}

/** Waits for the load-failure alert saying `message` and presses its Try again. */
export async function tryAgainAfter(message: string): Promise<void> {
  const alert = await screen.findByRole('alert');
  expect(within(alert).getByText(message)).toBeInTheDocument();
  fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
}
