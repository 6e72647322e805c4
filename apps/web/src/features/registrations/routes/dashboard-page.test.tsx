import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockApiRoutes, renderApp, startSignedIn, testUser } from '../../../test/test-utils';

function openDashboard(user = testUser()) {
  startSignedIn();
  mockApiRoutes({ 'GET /auth/profile': () => jsonResponse(user) });
  renderApp('/dashboard');
}

describe('dashboard greeting and profile banner (spec §2 Dashboard)', () => {
  it('greets by playa name first', async () => {
    openDashboard(testUser({ playaName: 'Sparkle', firstName: 'Dusty', lastName: 'Rhodes' }));
    expect(await screen.findByRole('heading', { name: 'Welcome, Sparkle!' })).toBeTruthy();
    expect(screen.queryByText('Please complete your profile')).toBeNull();
  });

  it('greets by name, and by Camper when there is none', async () => {
    openDashboard(testUser({ playaName: null, firstName: 'Dusty', lastName: 'Rhodes' }));
    expect(await screen.findByRole('heading', { name: 'Welcome, Dusty Rhodes!' })).toBeTruthy();
  });

  it('asks to complete an incomplete profile, with a link to it', async () => {
    openDashboard(testUser({ firstName: null, lastName: null, phone: null }));
    expect(await screen.findByRole('heading', { name: 'Welcome, Camper!' })).toBeTruthy();
    const banner = screen
      .getByText('Please complete your profile')
      .closest('[role="alert"], .mantine-Alert-root');
    expect(banner).not.toBeNull();
    const link = within(banner as HTMLElement).getByRole('link', { name: 'Complete Profile' });
    expect(link.getAttribute('href')).toBe('#/profile');
    expect(
      screen.getByText('Before you can register we still need your name and your phone number.'),
    ).toBeTruthy();
  });

  it('names only what is missing', async () => {
    openDashboard(testUser({ emergencyContact: ' ' }));
    expect(
      await screen.findByText('Before you can register we still need an emergency contact.'),
    ).toBeTruthy();
  });
});
