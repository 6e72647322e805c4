import type { CampRegistration, Registration } from '@camp/shared/registrations';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  errorResponse,
  jsonResponse,
  mockApiRoutes,
  renderApp,
  startSignedIn,
  testConfig,
  testUser,
} from '../../../test/test-utils';
import { testCampRegistration, testRegistration } from '../../../test/registration-fixtures';

function openDashboard(
  registrations: Registration[] | (() => Response),
  camp: CampRegistration | (() => Response) = testCampRegistration(),
  registrationOpen = true,
) {
  startSignedIn();
  mockApiRoutes(
    {
      'GET /auth/profile': () => jsonResponse(testUser()),
      'GET /registrations/me': () =>
        typeof registrations === 'function' ? registrations() : jsonResponse(registrations),
      'GET /registrations/camp/me': () => (typeof camp === 'function' ? camp() : jsonResponse(camp)),
    },
    testConfig({ registrationOpen }),
  );
  renderApp('/dashboard');
}

describe('dashboard registration overview (spec §2 Dashboard)', () => {
  it('shows the current registration with status, shifts, payments and outstanding dues', async () => {
    openDashboard([testRegistration()]);
    const section = (await screen.findByRole('heading', { name: 'Current Registration 2026' })).closest(
      'section',
    ) as HTMLElement;
    expect(within(section).getAllByText('PENDING')).toHaveLength(2); // registration and payment
    expect(within(section).getByText('Breakfast crew')).toBeTruthy();
    expect(within(section).getByText('Cook and clean for the camp')).toBeTruthy();
    expect(within(section).getByText('Location: Main kitchen')).toBeTruthy();
    expect(within(section).getByText('Monday 08:00–11:00')).toBeTruthy();
    expect(within(section).getByText('Bring a hat')).toBeTruthy();
    expect(within(section).getByText('$150.00')).toBeTruthy();
    expect(within(section).getByText('USD')).toBeTruthy();
    const pay = screen.getByRole('button', { name: 'Complete Dues Payment - $150.00' });
    fireEvent.click(pay);
    expect(
      await screen.findByText(
        'Payment processing is not currently available. Please contact camp administrators.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Start Registration' })).toBeNull();
  });

  it('drops the Registration nav link once the person holds a registration of the year, not before', async () => {
    openDashboard([testRegistration()]);
    await screen.findByRole('heading', { name: 'Current Registration 2026' });
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).queryByRole('link', { name: 'Registration' })).toBeNull();
    expect(within(nav).getByRole('link', { name: 'Profile' })).toBeTruthy();
  });

  it('keeps the Registration nav link when the only registration of the year is cancelled', async () => {
    openDashboard([testRegistration({ id: 'old', status: 'CANCELLED', payments: [] })]);
    await screen.findByRole('heading', { name: 'Registration History' });
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Registration' })).toBeTruthy();
  });

  it('lists cancelled registrations of the year under Registration History', async () => {
    openDashboard([testRegistration({ id: 'old', status: 'CANCELLED', payments: [] })]);
    const history = (await screen.findByRole('heading', { name: 'Registration History' })).closest(
      'section',
    ) as HTMLElement;
    expect(within(history).getByText('CANCELLED')).toBeTruthy();
    expect(within(history).getByText('Breakfast crew')).toBeTruthy();
    // Cancelled: no current registration, so registering again is offered.
    expect(screen.getByText('Registration for 2026 is open!')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Start Registration' }).getAttribute('href')).toBe(
      '#/registration',
    );
  });

  it('shows camping choices with their Additional Information, or none', async () => {
    openDashboard(
      [testRegistration({ payments: [] })],
      testCampRegistration({
        registrationId: 'r1',
        status: 'PENDING',
        campingOptions: [
          {
            id: 'link-1',
            campingOption: {
              id: 'o1',
              name: 'Tent Camping',
              description: 'Shade for tents',
              enabled: true,
              workShiftsRequired: 1,
              participantDues: 150,
              staffDues: 75,
              maxSignups: 0,
            },
          },
        ],
        customFieldValues: [
          {
            id: 'v1',
            fieldId: 'f1',
            value: true,
            field: {
              id: 'f1',
              displayName: 'Bringing a generator',
              dataType: 'BOOLEAN',
              campingOptionId: 'o1',
              order: 0,
            },
          },
        ],
      }),
    );
    const camping = (await screen.findByRole('heading', { name: 'Camping' })).closest(
      'section',
    ) as HTMLElement;
    expect(within(camping).getByText('Tent Camping')).toBeTruthy();
    expect(within(camping).getByText('Additional Information:')).toBeTruthy();
    expect(within(camping).getByText('Bringing a generator:')).toBeTruthy();
    expect(within(camping).getByText('Yes')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Complete Dues Payment/ })).toBeNull();
  });

  it('without a registration: the availability message, Start Registration only when open', async () => {
    openDashboard([], testCampRegistration(), false);
    expect(await screen.findByText('Registration for 2026 is not currently open.')).toBeTruthy();
    expect(screen.getByText('No camping options selected.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Start Registration' })).toBeNull();
  });

  it('says when registrations or the camp registration cannot be fetched', async () => {
    openDashboard(
      () => errorResponse(503, 'Down'),
      () => errorResponse(503, 'Down'),
    );
    expect(await screen.findByText('Failed to fetch registrations')).toBeTruthy();
  });

  it('says when the camp registration cannot be fetched', async () => {
    openDashboard([], () => errorResponse(503, 'Down'));
    expect(await screen.findByText('Failed to fetch camp registration')).toBeTruthy();
  });
});
