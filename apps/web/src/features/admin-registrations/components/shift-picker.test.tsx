import type { Registration } from '@camp/shared/registrations';
import type { Job, JobCategory } from '@camp/shared/work';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { gate, kitchen, testJob } from '../../../test/registration-fixtures';
import { renderWithProviders } from '../../../test/test-utils';
import { isPickable, matchesShiftFilter, pickerJobs, pickerSections } from '../shift-picker-model';
import { ShiftPicker, ShiftsField } from './shift-picker';

// The admin's shift picker for a camp with many jobs: the registration's shifts first, the rest under their
// days, a filter box, full jobs closed unless held, a draft that Done applies and Cancel drops.

const DAYS = ['OPENING_SUNDAY', 'MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY'] as const;
const DAY_LABELS = ['Opening Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday'];
const build: JobCategory = { ...kitchen, id: 'c0000000-0000-4000-8000-000000000009', name: 'Build' };

const uuid = (n: number) => `30000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** 75 jobs: 15 a day over five days, three job types, listed in reverse so the order is the picker's own. */
function manyJobs(): Job[] {
  const jobs: Job[] = [];
  DAYS.forEach((day, d) => {
    for (let i = 0; i < 15; i++) {
      const n = d * 15 + i;
      const category = [kitchen, gate, build][i % 3]!;
      const hour = String(8 + (i % 10)).padStart(2, '0');
      jobs.push(
        testJob(category, {
          id: uuid(n),
          name: `${category.name} job ${n}`,
          location: i % 2 ? 'North field' : 'Main kitchen',
          shift: {
            id: uuid(1000 + n),
            name: `Shift ${n}`,
            description: null,
            dayOfWeek: day,
            dayOffset: 1,
            active: true,
            startTime: `${hour}:00`,
            endTime: `${hour}:30`,
          },
          maxRegistrations: 4,
          currentRegistrations: n === 20 || n === 33 ? 4 : 1,
        }),
      );
    }
  });
  return jobs.reverse();
}

const JOBS = manyJobs();
const job = (n: number) => JOBS.find((item) => item.id === uuid(n))!;
const heldDetail = (held: Job) => ({
  id: `link-${held.id}`,
  job: {
    id: held.id,
    name: held.name,
    location: held.location,
    categoryId: held.categoryId,
    shiftId: held.shiftId,
    shift: held.shift,
    category: held.category,
    active: held.active,
  },
  attendance: null,
});
/** Holds job 50 (Wednesday), job 20 (Monday, full) and job 3 (Sunday). */
const registration: Pick<Registration, 'jobs'> = { jobs: [job(50), job(20), job(3)].map(heldDetail) };
const HELD = new Set([uuid(50), uuid(20), uuid(3)]);

describe('shift picker model', () => {
  it('lists the registration’s shifts first in festival order, then every other shift under its day', () => {
    const sections = pickerSections(pickerJobs(JOBS, registration), HELD, '');
    expect(sections.matching).toBe(75);
    expect(sections.assigned.map((item) => item.name)).toEqual([
      'Kitchen job 3',
      'Build job 20',
      'Build job 50',
    ]);
    expect(sections.days.map((day) => day.label)).toEqual(DAY_LABELS);
    expect(sections.days.map((day) => day.items.length)).toEqual([14, 14, 15, 14, 15]);
    const sunday = sections.days[0]!.items;
    expect(sunday.map((item) => item.shift.startTime)).toEqual(
      [...sunday.map((item) => item.shift.startTime)].sort(),
    );
    expect(sunday.every((item) => item.shift.dayOfWeek === 'OPENING_SUNDAY')).toBe(true);
  });

  it('filters by every word in name, job type, location, day or time, case ignored', () => {
    const jobs = pickerJobs(JOBS, registration);
    const tuesdayGate = pickerSections(jobs, HELD, '  tuesday   GATE ');
    expect(tuesdayGate.matching).toBe(5);
    expect(tuesdayGate.assigned).toEqual([]);
    expect(tuesdayGate.days.map((day) => day.label)).toEqual(['Tuesday']);
    expect(tuesdayGate.days[0]!.items.every((item) => item.category.name === 'Gate')).toBe(true);
    expect(pickerSections(jobs, HELD, 'build job 50').assigned.map((item) => item.name)).toEqual([
      'Build job 50',
    ]);
    expect(matchesShiftFilter(job(1), 'north')).toBe(true);
    expect(matchesShiftFilter(job(1), '09:00')).toBe(true);
    expect(matchesShiftFilter(job(1), 'north kitchen')).toBe(false);
    expect(pickerSections(jobs, HELD, 'nothing like this').matching).toBe(0);
  });

  it('closes a full job unless the registration holds it, and keeps held jobs the list lacks', () => {
    expect(isPickable(job(20), HELD)).toBe(true);
    expect(isPickable(job(33), HELD)).toBe(false);
    expect(isPickable(job(34), HELD)).toBe(true);
    const onlyHeld = pickerJobs(undefined, registration);
    expect(onlyHeld.map((item) => item.id)).toEqual([uuid(50), uuid(20), uuid(3)]);
    // Without counters a held job cannot be known to be full.
    expect(onlyHeld.every((item) => isPickable(item, new Set()))).toBe(true);
    const partial = pickerJobs(JOBS.slice(0, 10), registration);
    expect(partial).toHaveLength(13);
  });

  it('offers no retired job but one the registration holds (docs/product.md §11)', () => {
    const retired = (held: Job) => ({ ...held, active: false });
    const listed = JOBS.map((item) => (item.id === uuid(20) || item.id === uuid(1) ? retired(item) : item));
    const ids = pickerJobs(listed, registration).map((item) => item.id);
    expect(ids).toContain(uuid(20));
    expect(ids).not.toContain(uuid(1));
    expect(ids).toHaveLength(JOBS.length - 1);
  });
});

/** The field and the picker as the edit dialog shows them: one in place of the other. */
function Harness({ onChange }: { onChange: (ids: string[]) => void }) {
  const [selected, setSelected] = useState([uuid(50), uuid(20), uuid(3)]);
  const [picking, setPicking] = useState(false);
  const [closings, setClosings] = useState(0);
  const jobs = pickerJobs(JOBS, registration);
  const close = () => {
    setPicking(false);
    setClosings((count) => count + 1);
  };
  return picking ? (
    <div role="dialog" aria-label="Work shifts of Dusty Rhodes">
      <ShiftPicker
        jobs={jobs}
        heldIds={HELD}
        selected={selected}
        onApply={(ids) => {
          onChange(ids);
          setSelected(ids);
          close();
        }}
        onClose={close}
      />
    </div>
  ) : (
    <ShiftsField jobs={jobs} selected={selected} onChoose={() => setPicking(true)} focusKey={closings} />
  );
}

async function openPicker() {
  fireEvent.click(screen.getByRole('button', { name: 'Choose shifts' }));
  return screen.findByRole('dialog', { name: 'Work shifts of Dusty Rhodes' });
}

const box = (dialog: HTMLElement, name: string) =>
  within(dialog).getByRole('checkbox', { name: new RegExp(`^${name}\\b`) }) as HTMLInputElement;

describe('ShiftsField and ShiftPicker', { timeout: 60_000 }, () => {
  it('shows the chosen shifts, then picks among 75 by day with a filter; Done applies the ticks', async () => {
    const changes: string[][] = [];
    renderWithProviders(<Harness onChange={(ids) => changes.push(ids)} />);
    const field = screen.getByRole('region', { name: 'Work shifts (3 shifts selected)' });
    expect(
      within(field)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Kitchen job 3Opening Sunday 11:00–11:30 · North field · Kitchen',
      'Build job 20Monday 13:00–13:30 · North field · Build',
      'Build job 50Wednesday 13:00–13:30 · North field · Build',
    ]);

    const dialog = await openPicker();
    const filter = within(dialog).getByRole('searchbox', { name: 'Filter shifts' });
    await waitFor(() => expect(document.activeElement).toBe(filter));
    expect(
      within(dialog)
        .getAllByRole('heading')
        .map((heading) => heading.textContent),
    ).toEqual(['Assigned to this registration', 'Other shifts', ...DAY_LABELS]);
    const assigned = within(dialog).getByRole('region', { name: 'Assigned to this registration' });
    expect(
      within(assigned)
        .getAllByRole('checkbox')
        .map((item) => (item as HTMLInputElement).checked),
    ).toEqual([true, true, true]);
    // The held shifts show their day; the others sit under theirs with the time only.
    expect(
      within(assigned).getByText('Opening Sunday 11:00–11:30 · North field · Kitchen'),
    ).toBeInTheDocument();
    expect(within(dialog).getAllByRole('checkbox')).toHaveLength(75);
    expect(within(dialog).getByText('3 shifts selected')).toBeInTheDocument();
    // Full: held, so it stays open; not held, so it is closed.
    expect(box(dialog, 'Build job 20').disabled).toBe(false);
    expect(box(dialog, 'Kitchen job 33').disabled).toBe(true);
    expect(box(dialog, 'Kitchen job 33').checked).toBe(false);

    fireEvent.change(filter, { target: { value: 'zzz' } });
    expect(within(dialog).getByRole('status').textContent).toBe('No shifts match “zzz”.');
    expect(within(dialog).queryAllByRole('checkbox')).toHaveLength(0);
    expect(within(dialog).getByText('0 of 75 shifts shown')).toBeInTheDocument();

    fireEvent.change(filter, { target: { value: 'tuesday gate' } });
    expect(within(dialog).getAllByRole('checkbox')).toHaveLength(5);
    expect(within(dialog).getByText('5 of 75 shifts shown')).toBeInTheDocument();
    fireEvent.click(box(dialog, 'Gate job 31'));
    fireEvent.change(filter, { target: { value: '' } });
    fireEvent.click(box(dialog, 'Build job 20'));
    expect(within(dialog).getByText('3 shifts selected')).toBeInTheDocument();
    // Unticked, the held shift stays first, so it can be ticked again.
    expect(
      within(within(dialog).getByRole('region', { name: 'Assigned to this registration' })).getAllByRole(
        'checkbox',
      ),
    ).toHaveLength(3);
    expect(changes).toEqual([]);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(changes).toEqual([[uuid(50), uuid(3), uuid(31)]]);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Choose shifts' }));
    expect(screen.getByRole('region', { name: 'Work shifts (3 shifts selected)' })).toBeInTheDocument();
    expect(screen.getByText('Gate job 31')).toBeInTheDocument();
    expect(screen.queryByText('Build job 20')).not.toBeInTheDocument();
  });

  it('drops the draft on Cancel and on Escape', async () => {
    const changes: string[][] = [];
    renderWithProviders(<Harness onChange={(ids) => changes.push(ids)} />);
    let dialog = await openPicker();
    fireEvent.click(box(dialog, 'Kitchen job 0'));
    expect(within(dialog).getByText('4 shifts selected')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    dialog = await openPicker();
    expect(box(dialog, 'Kitchen job 0').checked).toBe(false);
    expect(within(dialog).getByText('3 shifts selected')).toBeInTheDocument();
    fireEvent.click(box(dialog, 'Kitchen job 0'));
    fireEvent.keyDown(within(dialog).getByRole('searchbox', { name: 'Filter shifts' }), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(changes).toEqual([]);
  });
  it('says so when there is no shift at all', () => {
    renderWithProviders(
      <ShiftPicker
        jobs={[]}
        heldIds={new Set()}
        selected={[]}
        onApply={() => undefined}
        onClose={() => undefined}
      />,
    );
    expect(screen.getByRole('status').textContent).toBe('There are no work shifts to choose from.');
    expect(screen.getByText('0 shifts selected')).toBeInTheDocument();
  });
});
