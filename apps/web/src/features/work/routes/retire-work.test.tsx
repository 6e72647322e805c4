import { jobLabel, RETIRED_WORK_TEXTS } from '@camp/shared/rules';
import type { Job, Shift } from '@camp/shared/work';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { kitchen, testJob } from '../../../test/registration-fixtures';
import { jsonResponse, renderSignedIn, testUser } from '../../../test/test-utils';

// Retiring on Admin → Jobs and Admin → Shifts (docs/product.md §11 "Retired jobs and shifts"): the Show retired
// switch, the Retired badge, Retire asked first and Reactivate at once.

const SHIFT_ID = '50000000-0000-4000-8000-000000000001';
const morning = { ...testJob(kitchen).shift, id: SHIFT_ID };
const breakfast = testJob(kitchen, { shiftId: SHIFT_ID, shift: morning });
const oldBar = testJob(kitchen, {
  id: 'j0000000-0000-4000-8000-000000000002',
  name: 'Old bar',
  shiftId: SHIFT_ID,
  shift: morning,
  active: false,
});
const morningShift: Shift = { ...morning, jobs: [] };
const nightShift: Shift = {
  ...morning,
  id: '50000000-0000-4000-8000-000000000002',
  name: 'Night watch',
  startTime: '22:00',
  endTime: '02:00',
  active: false,
  jobs: [],
};

function openJobs(onPatch: (id: string, body: unknown) => Job) {
  return renderSignedIn('/admin/jobs', testUser({ role: 'ADMIN' }), {
    'GET /jobs': () => jsonResponse([breakfast, oldBar]),
    'GET /job-categories': () => jsonResponse([kitchen]),
    'GET /shifts': () => jsonResponse([morningShift]),
    [`PATCH /jobs/${breakfast.id}`]: ({ body }) => jsonResponse(onPatch(breakfast.id, body)),
    [`PATCH /jobs/${oldBar.id}`]: ({ body }) => jsonResponse(onPatch(oldBar.id, body)),
  });
}

describe('Admin → Jobs: retired jobs', { timeout: 20_000 }, () => {
  it('hides retired jobs until Show retired is on, then shows them with the Retired badge', async () => {
    openJobs(() => breakfast);
    const table = await screen.findByRole('table', { name: 'Jobs' });
    expect(await within(table).findByRole('row', { name: /Breakfast crew/ })).toBeInTheDocument();
    expect(within(table).queryByRole('row', { name: /Old bar/ })).not.toBeInTheDocument();

    const toggle = screen.getByRole('switch', { name: RETIRED_WORK_TEXTS.showRetired });
    expect(toggle).not.toBeChecked();
    fireEvent.click(toggle);
    const oldRow = await within(table).findByRole('row', { name: /Old bar/ });
    expect(within(oldRow).getByText(RETIRED_WORK_TEXTS.badge)).toBeInTheDocument();
    expect(within(oldRow).getByRole('button', { name: 'Reactivate Old bar' })).toBeInTheDocument();
    const activeRow = within(table).getByRole('row', { name: /Breakfast crew/ });
    expect(within(activeRow).queryByText(RETIRED_WORK_TEXTS.badge)).not.toBeInTheDocument();
  });

  it('asks before retiring, saying people keep it, then sends active: false', async () => {
    const bodies: Array<[string, unknown]> = [];
    openJobs((id, body) => {
      bodies.push([id, body]);
      return { ...breakfast, active: false };
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Retire Breakfast crew' }));
    const dialog = await screen.findByRole('dialog', { name: RETIRED_WORK_TEXTS.retireJobTitle });
    const label = jobLabel(breakfast.name, morning.name, morning.dayOfWeek);
    expect(within(dialog).getByText(RETIRED_WORK_TEXTS.retireJobBody(label))).toBeInTheDocument();
    expect(bodies).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: RETIRED_WORK_TEXTS.retire }));
    await waitFor(() => expect(bodies).toEqual([[breakfast.id, { active: false }]]));
    expect(await screen.findByText(RETIRED_WORK_TEXTS.retired('Breakfast crew'))).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('reactivates at once, without a question', async () => {
    const bodies: Array<[string, unknown]> = [];
    openJobs((id, body) => {
      bodies.push([id, body]);
      return { ...oldBar, active: true };
    });
    fireEvent.click(await screen.findByRole('switch', { name: RETIRED_WORK_TEXTS.showRetired }));
    fireEvent.click(await screen.findByRole('button', { name: 'Reactivate Old bar' }));
    await waitFor(() => expect(bodies).toEqual([[oldBar.id, { active: true }]]));
    expect(await screen.findByText(RETIRED_WORK_TEXTS.reactivated('Old bar'))).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('Admin → Shifts: retired shifts', { timeout: 20_000 }, () => {
  function openShifts(onPatch: (id: string, body: unknown) => Shift) {
    return renderSignedIn('/admin/shifts', testUser({ role: 'ADMIN' }), {
      'GET /shifts': () => jsonResponse([morningShift, nightShift]),
      [`PATCH /shifts/${morningShift.id}`]: ({ body }) => jsonResponse(onPatch(morningShift.id, body)),
      [`PATCH /shifts/${nightShift.id}`]: ({ body }) => jsonResponse(onPatch(nightShift.id, body)),
    });
  }

  it('shows a retired shift only with Show retired, badged, and reactivates it', async () => {
    const bodies: Array<[string, unknown]> = [];
    openShifts((id, body) => {
      bodies.push([id, body]);
      return { ...nightShift, active: true };
    });
    const table = await screen.findByRole('table', { name: 'Shifts' });
    expect(await within(table).findByRole('row', { name: /Morning/ })).toBeInTheDocument();
    expect(within(table).queryByRole('row', { name: /Night watch/ })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('switch', { name: RETIRED_WORK_TEXTS.showRetired }));
    const nightRow = await within(table).findByRole('row', { name: /Night watch/ });
    expect(within(nightRow).getByText(RETIRED_WORK_TEXTS.badge)).toBeInTheDocument();
    fireEvent.click(within(nightRow).getByRole('button', { name: 'Reactivate Night watch' }));
    await waitFor(() => expect(bodies).toEqual([[nightShift.id, { active: true }]]));
  });

  it('asks before retiring a shift, saying people on its jobs keep them', async () => {
    const bodies: Array<[string, unknown]> = [];
    openShifts((id, body) => {
      bodies.push([id, body]);
      return { ...morningShift, active: false };
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Retire Morning' }));
    const dialog = await screen.findByRole('dialog', { name: RETIRED_WORK_TEXTS.retireShiftTitle });
    expect(within(dialog).getByText(RETIRED_WORK_TEXTS.retireShiftBody('Morning'))).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodies).toEqual([]);
  });
});
