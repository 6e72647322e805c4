import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockApiRoutes, renderApp, startSignedIn, testUser } from '../../../test/test-utils';
import { gate, kitchen, testJob, testRegistration } from '../../../test/registration-fixtures';

function openShifts(registrations = [testRegistration()]) {
  startSignedIn();
  mockApiRoutes({
    'GET /auth/profile': () => jsonResponse(testUser()),
    'GET /registrations/me': () => jsonResponse(registrations),
    'GET /jobs': () =>
      jsonResponse([
        testJob(kitchen),
        testJob(gate, { id: 'j2', name: 'Gate greeter', location: 'Front gate', currentRegistrations: 4 }),
      ]),
  });
  renderApp('/shifts');
}

describe('/shifts on real data', () => {
  it('lists my assigned shifts and the other shifts with spots left, filterable', async () => {
    openShifts();
    const mine = (await screen.findByRole('heading', { name: 'My Assigned Shifts' })).closest(
      'section',
    ) as HTMLElement;
    expect(await within(mine).findByText('Breakfast crew')).toBeTruthy();
    const available = screen
      .getByRole('heading', { name: 'Available Shifts' })
      .closest('section') as HTMLElement;
    expect(await within(available).findByText('Gate greeter')).toBeTruthy();
    expect(within(available).getByText('Full')).toBeTruthy();
    fireEvent.change(within(available).getByLabelText('Location'), { target: { value: 'Main kitchen' } });
    expect(await within(available).findByText('No available shifts found')).toBeTruthy();
  });

  it('says when no shifts are assigned', async () => {
    openShifts([]);
    expect(await screen.findByText('No shifts assigned yet')).toBeTruthy();
  });
});
