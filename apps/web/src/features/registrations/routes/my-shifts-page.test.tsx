import { RETIRED_WORK_TEXTS } from '@camp/shared/rules';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderSignedIn, testConfig, testUser } from '../../../test/test-utils';
import { gate, kitchen, testJob, testRegistration } from '../../../test/registration-fixtures';

const tuesday = {
  id: 's-tue',
  name: 'Evening',
  description: null,
  dayOfWeek: 'TUESDAY' as const,
  dayOffset: 1,
  active: true,
  startTime: '18:00',
  endTime: '21:00',
};

function openShifts(
  registrations = [testRegistration()],
  extraJobs = 0,
  openingSunday: string | null = null,
) {
  renderSignedIn(
    '/shifts',
    testUser(),
    {
      'GET /registrations/me': () => jsonResponse(registrations),
      'GET /shift-waits/me': () => jsonResponse({ shiftWaits: [] }),
      'GET /jobs': () =>
        jsonResponse([
          testJob(kitchen),
          testJob(gate, { id: 'j2', name: 'Gate greeter', location: 'Front gate', currentRegistrations: 4 }),
          testJob(kitchen, { id: 'j3', name: 'Dinner crew', shift: tuesday }),
          ...Array.from({ length: extraJobs }, (_, i) =>
            testJob(kitchen, { id: `x${i}`, name: `Washer ${i}`, shift: { ...tuesday, id: `s${i}` } }),
          ),
        ]),
    },
    testConfig({ openingSunday }),
  );
}

const section = async (name: string) =>
  (await screen.findByRole('heading', { name })).closest('section') as HTMLElement;

describe('/shifts on real data', () => {
  it('shows the check-in mark staff made on one of my shifts (docs/product.md §11 Check-in)', async () => {
    const [held] = testRegistration().jobs;
    openShifts([testRegistration({ jobs: [{ ...held!, attendance: 'SHOWED' }] })]);
    const mine = await section('My Assigned Shifts');
    const row = (await within(mine).findByText('Breakfast crew')).closest('li') as HTMLElement;
    expect(within(row).getByText('Checked in')).toBeInTheDocument();
    expect(within(row).queryByText('No-show')).not.toBeInTheDocument();
  });

  it('shows my shifts by day, and the other shifts by day with spots left, filterable', async () => {
    openShifts();
    const mine = await section('My Assigned Shifts');
    expect(await within(mine).findByRole('heading', { name: 'Monday' })).toBeInTheDocument();
    expect(within(mine).getByText('Breakfast crew')).toBeInTheDocument();
    expect(within(mine).getByText('08:00–11:00 · Main kitchen · Kitchen')).toBeInTheDocument();
    expect(within(mine).queryByText(/ left$/)).not.toBeInTheDocument();

    const available = await section('Available Shifts');
    expect(await within(available).findByText('2 shifts, 1 with spots left')).toBeInTheDocument();
    const monday = within(available).getByRole('group', { name: 'Monday' });
    expect(
      within(monday).getByRole('button', { name: 'Monday 1 shift · 0 with spots left' }),
    ).toBeInTheDocument();
    expect(within(monday).getByText('Gate greeter')).toBeInTheDocument();
    expect(within(monday).getByText('Full')).toBeInTheDocument();
    const tuesdayGroup = within(available).getByRole('group', { name: 'Tuesday' });
    expect(within(tuesdayGroup).getByText('Dinner crew')).toBeInTheDocument();
    expect(within(tuesdayGroup).getByText('3 of 4 left')).toBeInTheDocument();
    expect(within(available).queryByText('Breakfast crew')).not.toBeInTheDocument();

    fireEvent.change(within(available).getByLabelText('Location'), { target: { value: 'Front gate' } });
    expect(await within(available).findByText('1 shift, 0 with spots left')).toBeInTheDocument();
    expect(within(available).queryByText('Dinner crew')).not.toBeInTheDocument();
    fireEvent.change(within(available).getByLabelText('Job type'), { target: { value: kitchen.id } });
    expect(await within(available).findByText('No available shifts found')).toBeInTheDocument();
    fireEvent.click(within(available).getByRole('button', { name: 'Clear filters' }));
    expect(await within(available).findByText('2 shifts, 1 with spots left')).toBeInTheDocument();
  });

  it('dates the days and shifts once the camp has set its Opening Sunday (docs/product.md §11)', async () => {
    openShifts([testRegistration()], 0, '2026-08-30');
    const mine = await section('My Assigned Shifts');
    expect(await within(mine).findByRole('heading', { name: 'Monday, Aug 31' })).toBeInTheDocument();
    const available = await section('Available Shifts');
    expect(await within(available).findByRole('group', { name: 'Tuesday, Sep 1' })).toBeInTheDocument();
    expect(within(available).getByRole('group', { name: 'Monday, Aug 31' })).toBeInTheDocument();
  });

  it('opens only the first day of a long list; a day opens on its header', async () => {
    openShifts([], 12);
    const available = await section('Available Shifts');
    expect(await within(available).findByText('15 shifts, 14 with spots left')).toBeInTheDocument();
    const tuesdayHeader = within(available).getByRole('button', { name: /^Tuesday/ });
    expect(
      within(available)
        .getByRole('button', { name: /^Monday/ })
        .getAttribute('aria-expanded'),
    ).toBe('true');
    expect(tuesdayHeader).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(tuesdayHeader);
    expect(tuesdayHeader).toHaveAttribute('aria-expanded', 'true');
  });

  it('says when no shifts are assigned', async () => {
    openShifts([]);
    expect(await screen.findByText('No shifts assigned yet')).toBeInTheDocument();
  });
});

describe('/shifts with retired work (docs/product.md §11 "Retired jobs and shifts")', () => {
  it('keeps my retired shift with its note, and offers no retired job among the available ones', async () => {
    const [held] = testRegistration().jobs;
    const retiredHeld = { ...held!, job: { ...held!.job, active: false } };
    renderSignedIn('/shifts', testUser({ role: 'ADMIN' }), {
      'GET /registrations/me': () => jsonResponse([testRegistration({ jobs: [retiredHeld] })]),
      'GET /shift-waits/me': () => jsonResponse({ shiftWaits: [] }),
      // An admin's list holds retired jobs too: /shifts leaves them out.
      'GET /jobs': () =>
        jsonResponse([
          testJob(kitchen, { active: false }),
          testJob(kitchen, { id: 'j3', name: 'Dinner crew', shift: tuesday }),
          testJob(gate, {
            id: 'j4',
            name: 'Night gate',
            shift: { ...tuesday, id: 's-night', active: false },
          }),
        ]),
    });
    const mine = await section('My Assigned Shifts');
    expect(await within(mine).findByText('Breakfast crew')).toBeInTheDocument();
    expect(within(mine).getByText(RETIRED_WORK_TEXTS.badge)).toBeInTheDocument();
    expect(within(mine).getByText(RETIRED_WORK_TEXTS.ownRetiredNote)).toBeInTheDocument();

    const available = await section('Available Shifts');
    expect(await within(available).findByText('1 shift, 1 with spots left')).toBeInTheDocument();
    expect(within(available).getByText('Dinner crew')).toBeInTheDocument();
    expect(within(available).queryByText('Night gate')).not.toBeInTheDocument();
    expect(within(available).queryByText(RETIRED_WORK_TEXTS.badge)).not.toBeInTheDocument();
  });
});
