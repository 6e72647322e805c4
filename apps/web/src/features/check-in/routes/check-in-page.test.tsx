import type { CheckInPerson, CheckInShift, CheckInShiftDetail } from '@camp/shared/check-in';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  errorResponse,
  jsonResponse,
  renderSignedIn,
  testConfig,
  testUser,
  type ApiRoutes,
} from '../../../test/test-utils';
import { defaultCheckInShift } from '../check-in-model';

// /check-in (docs/product.md §11 Check-in).

const staff = testUser({ id: '00000000-0000-4000-8000-0000000000aa', role: 'STAFF' });
const config = testConfig({ openingSunday: '2026-08-30', timeZone: 'UTC' });
const counts = (people: number, shows = 0, noShows = 0) => ({
  people,
  shows,
  noShows,
  unmarked: people - shows - noShows,
});

function shift(id: string, overrides: Partial<CheckInShift>): CheckInShift {
  return {
    id,
    name: 'Morning',
    dayOfWeek: 'MONDAY',
    dayOffset: 1,
    startTime: '09:00',
    endTime: '12:00',
    date: '2026-08-31',
    startsAt: '2026-08-31T09:00:00.000Z',
    endsAt: '2026-08-31T12:00:00.000Z',
    counts: counts(0),
    ...overrides,
  };
}

const MORNING = '00000000-0000-4000-a000-000000000001';
const BUILD = '00000000-0000-4000-a000-000000000002';
const GREETER = '00000000-0000-4000-b000-000000000001';
const shifts = [
  shift(BUILD, {
    name: 'Build',
    dayOfWeek: 'PRE_OPENING',
    dayOffset: 2,
    startTime: '10:00',
    endTime: '14:00',
    date: '2026-08-28',
    startsAt: '2026-08-28T10:00:00.000Z',
    endsAt: '2026-08-28T14:00:00.000Z',
  }),
  shift(MORNING, { counts: counts(2) }),
];

function person(id: string, firstName: string, overrides: Partial<CheckInPerson> = {}): CheckInPerson {
  return {
    id,
    firstName,
    lastName: 'Camper',
    playaName: null,
    job: { id: GREETER, name: 'Greeter' },
    attendance: null,
    attendanceAt: null,
    attendanceBy: null,
    ...overrides,
  };
}

const morning = (people: CheckInPerson[]): CheckInShiftDetail => ({
  shift: shifts[1]!,
  jobs: [{ id: GREETER, name: 'Greeter', location: 'Gate', counts: counts(people.length) }],
  people,
});

const ivy = person('00000000-0000-4000-c000-000000000001', 'Ivy', { playaName: 'Sprout' });
const oak = person('00000000-0000-4000-c000-000000000002', 'Oak');

function open(routes: ApiRoutes = {}) {
  return renderSignedIn(
    '/check-in',
    staff,
    {
      'GET /check-in/shifts': () => jsonResponse({ year: 2026, shifts }),
      [`GET /check-in/shifts/${MORNING}`]: () => jsonResponse(morning([ivy, oak])),
      [`GET /check-in/shifts/${BUILD}`]: () =>
        jsonResponse({ shift: shifts[0]!, jobs: [], people: [] } satisfies CheckInShiftDetail),
      ...routes,
    },
    config,
  );
}

describe('Check-in (docs/product.md §11)', { timeout: 20_000 }, () => {
  afterEach(() => vi.useRealTimers());

  it('opens the next shift, grouped by dated day, with its counts and people', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-08-30T12:00:00Z') });
    open();
    expect(await screen.findByRole('heading', { name: 'Check-in', level: 2 })).toBeInTheDocument();
    const picker = await screen.findByRole('combobox', { name: 'Shift' });
    await waitFor(() => expect(picker).toHaveValue(MORNING));
    expect(within(picker).getByRole('group', { name: 'Monday, Aug 31' })).toBeInTheDocument();
    expect(within(picker).getByRole('group', { name: 'Pre-Opening, Fri, Aug 28' })).toBeInTheDocument();
    expect(
      within(picker).getByRole('option', { name: 'Morning, 09:00–12:00 (2 people)' }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('group', { name: 'Ivy Camper (Sprout)' })).toBeInTheDocument();
    expect(screen.getByTestId('count-people')).toHaveTextContent('2');
    expect(screen.getByTestId('count-unmarked')).toHaveTextContent('2');
    expect(screen.getByRole('heading', { name: /Greeter/, level: 3 })).toBeInTheDocument();
  });

  it('marks at once, keeps the mark the server answers, and filters by name', async () => {
    let marked: unknown;
    open({
      [`PUT /check-in/people/${ivy.id}`]: ({ body }) => {
        marked = body;
        return jsonResponse({
          ...ivy,
          attendance: 'SHOWED',
          attendanceAt: '2026-08-31T09:05:00.000Z',
          attendanceBy: 'Sam Staff',
        });
      },
    });
    const row = await screen.findByRole('group', { name: 'Ivy Camper (Sprout)' });
    const showed = within(row).getByRole('button', { name: 'Showed up' });
    expect(showed).toHaveAttribute('aria-pressed', 'false');
    fireEvent.click(showed);
    await waitFor(() => expect(showed).toHaveAttribute('aria-pressed', 'true'));
    expect(within(row).getByRole('button', { name: 'No-show' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByTestId('count-shows')).toHaveTextContent('1');
    expect(await screen.findByText(/Marked by Sam Staff/)).toBeInTheDocument();
    expect(marked).toEqual({ attendance: 'SHOWED' });

    fireEvent.change(screen.getByRole('searchbox', { name: 'Filter by name' }), { target: { value: 'oak' } });
    expect(screen.queryByRole('group', { name: 'Ivy Camper (Sprout)' })).not.toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Oak Camper' })).toBeInTheDocument();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Filter by name' }), { target: { value: 'zz' } });
    expect(screen.getByText('No one on this shift matches the filter.')).toBeInTheDocument();
  });

  it('rolls a refused mark back and says so', async () => {
    open({ [`PUT /check-in/people/${oak.id}`]: () => errorResponse(500, 'Internal Server Error') });
    const row = await screen.findByRole('group', { name: 'Oak Camper' });
    const noShow = within(row).getByRole('button', { name: 'No-show' });
    fireEvent.click(noShow);
    expect(await screen.findByText('The mark could not be saved. Please try again.')).toBeInTheDocument();
    await waitFor(() => expect(noShow).toHaveAttribute('aria-pressed', 'false'));
    expect(screen.getByTestId('count-no-shows')).toHaveTextContent('0');
  });

  it('says when no one is on the shift', async () => {
    open();
    const picker = await screen.findByRole('combobox', { name: 'Shift' });
    await screen.findByRole('group', { name: 'Oak Camper' });
    fireEvent.change(picker, { target: { value: BUILD } });
    expect(await screen.findByText('No one is signed up for this shift.')).toBeInTheDocument();
  });

  it('shows the load failure with Try again', async () => {
    open({ 'GET /check-in/shifts': () => errorResponse(500) });
    expect(await screen.findByText('Failed to load the check-in list')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('the shift that opens first', () => {
  it('is the one under way, else the next, else the last; without dates the first', () => {
    const at = (iso: string) => defaultCheckInShift(shifts, new Date(iso))?.id;
    expect(at('2026-08-28T11:00:00Z')).toBe(BUILD);
    expect(at('2026-08-29T11:00:00Z')).toBe(MORNING);
    expect(at('2026-09-30T11:00:00Z')).toBe(MORNING);
    expect(at('2026-01-01T00:00:00Z')).toBe(BUILD);
    const undated = shifts.map((entry) => ({ ...entry, date: null, startsAt: null, endsAt: null }));
    expect(defaultCheckInShift(undated, new Date())?.id).toBe(BUILD);
  });
});
