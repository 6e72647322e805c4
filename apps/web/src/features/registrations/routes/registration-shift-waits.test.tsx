import { SHIFT_WAITLIST_MESSAGES, SHIFT_WAITS_MAX } from '@camp/shared/rules';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { currentRoute, errorResponse, jsonResponse } from '../../../test/test-utils';
import { kitchen, testJob, testRegistration } from '../../../test/registration-fixtures';
import { openWizard } from '../test-fixtures';

// Wizard step 4 and the review with the shift waitlist (docs/product.md §10, decision 052): a full job whose
// waitlist is on is waited for with its own tick; waits never count towards the shifts needed.

const tuesday = {
  id: 's0000000-0000-4000-8000-000000000002',
  name: 'Evening',
  description: null,
  dayOfWeek: 'TUESDAY' as const,
  startTime: '18:00',
  endTime: '21:00',
  dayOffset: 1,
  active: true,
};

const BREAKFAST = 'j0000000-0000-4000-8000-000000000001';
const DINNER = 'j0000000-0000-4000-8000-000000000002';
const BAR = 'j0000000-0000-4000-8000-000000000003';

/** Breakfast crew has places; Dinner crew is full with its waitlist on; Bar is full without one. */
const jobs = () => [
  testJob(kitchen),
  testJob(kitchen, {
    id: DINNER,
    name: 'Dinner crew',
    shift: tuesday,
    shiftId: tuesday.id,
    maxRegistrations: 2,
    currentRegistrations: 2,
    waitlistEnabled: true,
  }),
  testJob(kitchen, {
    id: BAR,
    name: 'Bar',
    location: 'Saloon',
    shift: tuesday,
    shiftId: tuesday.id,
    maxRegistrations: 1,
    currentRegistrations: 1,
  }),
];

const stepHeading = (name: string) => screen.findByRole('heading', { name });
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

/** POST /registrations/camp's answer: a PENDING registration owing $150. */
function created(): Response {
  const registration = testRegistration();
  return jsonResponse(
    { jobRegistration: { id: registration.id, status: 'PENDING', year: 2026 }, registration },
    { status: 201 },
  );
}

describe('registration wizard: waiting for a full shift (docs/product.md §10)', () => {
  it('offers a full job with its waitlist on as its own tick, counts it apart, lists it on review and sends waitJobs', async () => {
    let sent: unknown;
    openWizard({
      jobs: jobs(),
      routes: {
        'POST /registrations/camp': ({ body }) => {
          sent = body;
          return created();
        },
      },
    });
    await toShifts();
    expect(
      screen.getByText(
        'Shifts you wait for do not count towards the shifts you need; choose those from the free ones.',
      ),
    ).toBeInTheDocument();
    const wait = screen.getByRole('checkbox', { name: 'Dinner crew Full — join the waitlist' });
    expect(wait).toBeEnabled();
    expect(wait).not.toBeChecked();
    // A full job without a waitlist stays unavailable.
    expect(screen.getByRole('checkbox', { name: 'Bar Full' })).toBeDisabled();

    fireEvent.click(wait);
    expect(wait).toBeChecked();
    expect(screen.getByText('Selected: 0 shifts')).toBeInTheDocument();
    expect(screen.getByText('On the waitlist for 1 shift (not counted)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Kitchen 3 shifts · 1 on the waitlist' })).toBeInTheDocument();
    // The wait does not meet the option's shift.
    click('Continue');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('You need to select at least 1 shift')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Step 4 of 6: Shifts' })).toBeInTheDocument();

    fireEvent.click(screen.getByRole('checkbox', { name: /^Breakfast crew/ }));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    expect(screen.getByText('Selected: 1 shift')).toBeInTheDocument();
    click('Continue');
    await stepHeading('Step 5 of 6: Review');

    const shifts = screen.getByRole('heading', { name: 'Work Shifts' }).closest('section') as HTMLElement;
    expect(
      within(shifts)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Breakfast crew (Kitchen) · Monday 08:00–11:00 · Main kitchen']);
    const waits = screen
      .getByRole('heading', { name: 'Shifts you will wait for' })
      .closest('section') as HTMLElement;
    expect(
      within(waits)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Dinner crew (Kitchen) · Tuesday 18:00–21:00 · Main kitchen']);

    fireEvent.click(screen.getByRole('checkbox', { name: 'I have read and accept the registration terms' }));
    click('Review & Pay');
    await stepHeading('Step 6 of 6: Payment');
    click('Save Registration');
    await waitFor(() => expect(currentRoute()).toBe('/dashboard'));
    expect(sent).toEqual({
      campingOptions: ['o0000000-0000-4000-8000-000000000001'],
      customFields: {},
      jobs: [BREAKFAST],
      acceptedTerms: true,
      waitJobs: [DINNER],
    });
  }, 20_000);

  it('unticking the wait leaves it out of the review and the submission', async () => {
    let sent: unknown;
    openWizard({
      jobs: jobs(),
      routes: {
        'POST /registrations/camp': ({ body }) => {
          sent = body;
          return created();
        },
      },
    });
    await toShifts();
    const wait = screen.getByRole('checkbox', { name: 'Dinner crew Full — join the waitlist' });
    fireEvent.click(wait);
    fireEvent.click(wait);
    expect(wait).not.toBeChecked();
    expect(screen.queryByText(/^On the waitlist for/)).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('checkbox', { name: /^Breakfast crew/ }));
    click('Continue');
    await stepHeading('Step 5 of 6: Review');
    expect(screen.queryByRole('heading', { name: 'Shifts you will wait for' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('checkbox', { name: 'I have read and accept the registration terms' }));
    click('Review & Pay');
    await stepHeading('Step 6 of 6: Payment');
    click('Save Registration');
    await waitFor(() => expect(sent).toBeDefined());
    expect(sent).not.toHaveProperty('waitJobs');
  }, 20_000);

  it(`waits for at most ${SHIFT_WAITS_MAX} shifts, with the shared message`, async () => {
    const many = Array.from({ length: SHIFT_WAITS_MAX + 1 }, (_, i) =>
      testJob(kitchen, {
        id: `j0000000-0000-4000-8000-0000000001${String(i).padStart(2, '0')}`,
        name: `Washer ${String(i).padStart(2, '0')}`,
        maxRegistrations: 1,
        currentRegistrations: 1,
        waitlistEnabled: true,
      }),
    );
    openWizard({ jobs: [testJob(kitchen), ...many] });
    await toShifts();
    for (const job of many.slice(0, SHIFT_WAITS_MAX)) {
      fireEvent.click(screen.getByRole('checkbox', { name: `${job.name} Full — join the waitlist` }));
    }
    expect(
      screen.getByText(`On the waitlist for ${SHIFT_WAITS_MAX} shifts (not counted)`),
    ).toBeInTheDocument();
    const last = screen.getByRole('checkbox', { name: `Washer ${SHIFT_WAITS_MAX} Full — join the waitlist` });
    fireEvent.click(last);
    expect(last).not.toBeChecked();
    expect(await screen.findByRole('alert')).toHaveTextContent(SHIFT_WAITLIST_MESSAGES.tooMany);
    expect(
      screen.getByText(`On the waitlist for ${SHIFT_WAITS_MAX} shifts (not counted)`),
    ).toBeInTheDocument();
  }, 20_000);

  it("shows the server's refusal of a wait on the payment step", async () => {
    openWizard({
      jobs: jobs(),
      routes: {
        'POST /registrations/camp': () => errorResponse(400, SHIFT_WAITLIST_MESSAGES.notFull('Dinner crew')),
      },
    });
    await toShifts();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Dinner crew Full — join the waitlist' }));
    fireEvent.click(screen.getByRole('checkbox', { name: /^Breakfast crew/ }));
    click('Continue');
    await stepHeading('Step 5 of 6: Review');
    fireEvent.click(screen.getByRole('checkbox', { name: 'I have read and accept the registration terms' }));
    click('Review & Pay');
    await stepHeading('Step 6 of 6: Payment');
    click('Save Registration');
    expect(
      await screen.findByText('"Dinner crew" has free places. Choose it instead of waiting.'),
    ).toBeInTheDocument();
    expect(currentRoute()).toBe('/registration');
  }, 20_000);

  it('offers no wait while the application window is open (the draw has no shift lines)', async () => {
    openWizard({
      jobs: jobs(),
      config: {
        registrationOpen: false,
        drawOpensAt: '2026-01-01T00:00:00.000Z',
        drawClosesAt: '2099-03-07T17:00:00.000Z',
        timeZone: 'UTC',
      },
    });
    await toShifts();
    expect(screen.getByRole('checkbox', { name: 'Dinner crew Full' })).toBeDisabled();
    expect(screen.queryByText('Full — join the waitlist')).not.toBeInTheDocument();
    expect(screen.queryByText(/^Shifts you wait for/)).not.toBeInTheDocument();
  });
});
