import { SHIFT_OVERLAP_MESSAGES } from '@camp/shared/rules';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { kitchen, testJob } from '../../../test/registration-fixtures';
import { openWizard } from '../test-fixtures';

// Step 4 refuses shifts that overlap in time (docs/product.md §11, decision 056), only once the camp has its dates.

const breakfast = testJob(kitchen);
const coffee = testJob(kitchen, {
  id: 'j0000000-0000-4000-8000-000000000002',
  name: 'Coffee bar',
  shiftId: 's0000000-0000-4000-8000-000000000002',
  shift: {
    id: 's0000000-0000-4000-8000-000000000002',
    name: 'Late morning',
    description: null,
    startTime: '10:00',
    endTime: '12:00',
    dayOfWeek: 'MONDAY',
    dayOffset: 1,
    active: true,
  },
});
const OVERLAP = SHIFT_OVERLAP_MESSAGES.overlap(
  'Breakfast crew — Morning (Monday, Aug 31, 08:00–11:00)',
  'Coffee bar — Late morning (Monday, Aug 31, 10:00–12:00)',
);

// The first render loads the lazy wizard: it may take longer than findBy's default second.
const stepHeading = (name: string) => screen.findByRole('heading', { name }, { timeout: 5000 });
const click = (name: string) => fireEvent.click(screen.getByRole('button', { name }));

async function toShifts() {
  await stepHeading('Step 1 of 6: Profile');
  click('Continue');
  await stepHeading('Step 2 of 6: Options');
  fireEvent.click(await screen.findByRole('checkbox', { name: 'Tent Camping' }));
  click('Continue');
  await stepHeading('Step 3 of 6: Details');
  click('Continue');
  await stepHeading('Step 4 of 6: Shifts');
}

const tick = async (name: RegExp) => fireEvent.click(await screen.findByRole('checkbox', { name }));

describe('wizard step 4: no double-booking', () => {
  it('names both overlapping shifts as soon as they are ticked and keeps Continue from moving on', async () => {
    openWizard({ jobs: [breakfast, coffee], config: { openingSunday: '2026-08-30' } });
    await toShifts();
    await tick(/Breakfast crew/);
    expect(screen.queryByText(OVERLAP)).not.toBeInTheDocument();
    await tick(/Coffee bar/);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(OVERLAP)).toBeInTheDocument();

    click('Continue');
    expect(await screen.findByText(OVERLAP)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Step 4 of 6: Shifts' })).toBeInTheDocument();

    // Unticking one clears the message; Continue moves on.
    await tick(/Coffee bar/);
    await waitFor(() => expect(screen.queryByText(OVERLAP)).not.toBeInTheDocument());
    click('Continue');
    expect(await stepHeading('Step 5 of 6: Review')).toBeInTheDocument();
  }, 20_000);

  it('without event dates the same two shifts are fine', async () => {
    openWizard({ jobs: [breakfast, coffee], config: { openingSunday: null } });
    await toShifts();
    await tick(/Breakfast crew/);
    await tick(/Coffee bar/);
    click('Continue');
    expect(await stepHeading('Step 5 of 6: Review')).toBeInTheDocument();
    expect(screen.queryByText(/overlap in time/)).not.toBeInTheDocument();
  }, 20_000);
});
