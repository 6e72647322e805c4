import { SHIFT_WAITLIST_TEXTS } from '@camp/shared/rules';
import type { Job } from '@camp/shared/work';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { kitchen, testJob } from '../../../test/registration-fixtures';
import { jsonResponse, renderSignedIn, testUser } from '../../../test/test-utils';

// The admin Jobs screen's waitlist switch (docs/product.md §10, decision 052): on a job's form and in the list.

/** The switch's accessible name: its label, then its help (both inside the label element). */
const SWITCH = new RegExp(`^${SHIFT_WAITLIST_TEXTS.jobSwitch}`);

const SHIFT_ID = '50000000-0000-4000-8000-000000000001';
const morning = { ...testJob(kitchen).shift, id: SHIFT_ID };
const breakfast = testJob(kitchen, { shiftId: SHIFT_ID, shift: morning });
const bar = testJob(kitchen, {
  id: 'j0000000-0000-4000-8000-000000000002',
  name: 'Bar crew',
  shiftId: SHIFT_ID,
  shift: morning,
  currentRegistrations: 4,
  waitlistEnabled: true,
});

function openPage(onPatch?: (body: unknown) => Job) {
  return renderSignedIn('/admin/jobs', testUser({ role: 'ADMIN' }), {
    'GET /jobs': () => jsonResponse([breakfast, bar]),
    'GET /job-categories': () => jsonResponse([kitchen]),
    'GET /shifts': () => jsonResponse([morning]),
    ...(onPatch ? { [`PATCH /jobs/${breakfast.id}`]: ({ body }) => jsonResponse(onPatch(body)) } : {}),
  });
}

describe('Jobs screen: the waitlist switch (docs/product.md §10)', { timeout: 20_000 }, () => {
  it('marks the jobs whose waitlist is on', async () => {
    openPage();
    const table = await screen.findByRole('table', { name: 'Jobs' });
    const barRow = await within(table).findByRole('row', { name: /Bar crew/ });
    expect(within(barRow).getByText('Waitlist on')).toBeInTheDocument();
    expect(within(barRow).getByText('Full')).toBeInTheDocument();
    const breakfastRow = within(table).getByRole('row', { name: /Breakfast crew/ });
    expect(within(breakfastRow).queryByText('Waitlist on')).not.toBeInTheDocument();
  });

  it('shows the switch with its help on the form, off for a job without it, and saves it', async () => {
    const bodies: unknown[] = [];
    openPage((body) => {
      bodies.push(body);
      return { ...breakfast, waitlistEnabled: true };
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Breakfast crew' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Job' });
    const toggle = within(dialog).getByRole('switch', { name: SWITCH });
    expect(toggle).not.toBeChecked();
    expect(within(dialog).getByText(SHIFT_WAITLIST_TEXTS.jobSwitchHelp)).toBeInTheDocument();
    fireEvent.click(toggle);
    expect(toggle).toBeChecked();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ name: 'Breakfast crew', maxRegistrations: 4, waitlistEnabled: true });
  });

  it('starts a new job with the switch off, and shows it on for a job that has it', async () => {
    openPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Bar crew' }));
    const edit = await screen.findByRole('dialog', { name: 'Edit Job' });
    expect(within(edit).getByRole('switch', { name: SWITCH })).toBeChecked();
    fireEvent.click(within(edit).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    fireEvent.click(screen.getByRole('button', { name: 'Add Job' }));
    const add = await screen.findByRole('dialog', { name: 'Add Job' });
    expect(within(add).getByRole('switch', { name: SWITCH })).not.toBeChecked();
  });
});
