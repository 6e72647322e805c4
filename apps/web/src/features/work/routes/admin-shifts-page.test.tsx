import { SHIFT_OVERLAP_TEXTS } from '@camp/shared/rules';
import type { ShiftOverlaps } from '@camp/shared/shift-overlap';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { kitchen, testJob } from '../../../test/registration-fixtures';
import { errorResponse, jsonResponse, renderSignedIn, testConfig, testUser } from '../../../test/test-utils';

// Admin → Shifts, "Overlapping assignments" (docs/product.md §11, decision 056).

const morning = { ...testJob(kitchen).shift, jobs: [] };

function openPage(overlaps: ShiftOverlaps | (() => Response), openingSunday: string | null = '2026-08-30') {
  return renderSignedIn(
    '/admin/shifts',
    testUser({ role: 'ADMIN' }),
    {
      'GET /shifts': () => jsonResponse([morning]),
      'GET /admin/shift-overlaps': typeof overlaps === 'function' ? overlaps : () => jsonResponse(overlaps),
    },
    testConfig({ openingSunday }),
  );
}

const section = async () =>
  screen.findByRole('region', { name: SHIFT_OVERLAP_TEXTS.adminHeading }, { timeout: 5000 });

describe('Admin → Shifts: overlapping assignments', { timeout: 20_000 }, () => {
  it('lists each person with both jobs and when they are', async () => {
    openPage({
      year: 2026,
      datesSet: true,
      overlaps: [
        {
          registrationId: 'r1',
          userId: 'u1',
          name: 'Dusty Rhodes',
          first: { jobId: 'j1', jobName: 'Gate', shiftName: 'Morning', when: 'Monday, Aug 31, 09:00–13:00' },
          second: { jobId: 'j2', jobName: 'Bar', shiftName: 'Midday', when: 'Monday, Aug 31, 12:00–16:00' },
        },
      ],
    });
    const region = await section();
    const item = await within(region).findByRole('listitem');
    expect(within(item).getByText('Dusty Rhodes')).toBeInTheDocument();
    expect(within(item).getByText('Gate — Morning: Monday, Aug 31, 09:00–13:00')).toBeInTheDocument();
    expect(within(item).getByText('Bar — Midday: Monday, Aug 31, 12:00–16:00')).toBeInTheDocument();
  });

  it('says when nobody holds overlapping shifts', async () => {
    openPage({ year: 2026, datesSet: true, overlaps: [] });
    expect(await within(await section()).findByText(SHIFT_OVERLAP_TEXTS.adminEmpty)).toBeInTheDocument();
  });

  it('without event dates says that overlaps need them', async () => {
    openPage({ year: 2026, datesSet: false, overlaps: [] }, null);
    expect(await within(await section()).findByText(SHIFT_OVERLAP_TEXTS.adminNoDates)).toBeInTheDocument();
  });

  it('says when the list cannot be loaded', async () => {
    openPage(() => errorResponse(500, 'Down'));
    expect(await within(await section()).findByText(SHIFT_OVERLAP_TEXTS.adminLoadFailed)).toBeInTheDocument();
  });
});
