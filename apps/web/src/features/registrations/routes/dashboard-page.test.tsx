import type { CampRegistration } from '@camp/shared/registrations';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderSignedIn, testUser } from '../../../test/test-utils';
import { campWithAnswers, testRegistration } from '../../../test/registration-fixtures';
import { openDashboard } from '../test-fixtures';

function openGreeting(user = testUser()) {
  renderSignedIn('/dashboard', user);
}

describe('dashboard greeting and profile banner (docs/product.md §2 Dashboard)', () => {
  it('greets by playa name first', async () => {
    openGreeting(testUser({ playaName: 'Sparkle', firstName: 'Dusty', lastName: 'Rhodes' }));
    expect(await screen.findByRole('heading', { name: 'Welcome, Sparkle!' })).toBeInTheDocument();
    expect(screen.queryByText('Please complete your profile')).not.toBeInTheDocument();
  });

  it('greets by name, and by Camper when there is none', async () => {
    openGreeting(testUser({ playaName: null, firstName: 'Dusty', lastName: 'Rhodes' }));
    expect(await screen.findByRole('heading', { name: 'Welcome, Dusty Rhodes!' })).toBeInTheDocument();
  });

  it('asks to complete an incomplete profile, with a link to it', async () => {
    openGreeting(testUser({ firstName: null, lastName: null, phone: null }));
    expect(await screen.findByRole('heading', { name: 'Welcome, Camper!' })).toBeInTheDocument();
    const banner = screen
      .getByText('Please complete your profile')
      .closest('[role="alert"], .mantine-Alert-root');
    expect(banner).not.toBeNull();
    const link = within(banner as HTMLElement).getByRole('link', { name: 'Complete Profile' });
    expect(link).toHaveAttribute('href', '#/profile');
    expect(
      screen.getByText('Before you can register we still need your name and your phone number.'),
    ).toBeInTheDocument();
  });

  it('names only what is missing', async () => {
    openGreeting(testUser({ emergencyContact: ' ' }));
    expect(
      await screen.findByText('Before you can register we still need an emergency contact.'),
    ).toBeInTheDocument();
  });
});

function openOverview(camp: CampRegistration) {
  openDashboard(
    [testRegistration({ payments: [] }), testRegistration({ id: 'old', status: 'CANCELLED', payments: [] })],
    camp,
    false,
  );
}

describe('dashboard registration overview as people read it', () => {
  it('lists the sections in docs/product.md §2 order: current registration, Registration History, then Camping', async () => {
    openOverview(campWithAnswers([]));
    await screen.findByRole('heading', { name: 'Camping' });
    const headings = screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);
    expect(headings).toEqual(['Current Registration 2026', 'Registration History', 'Camping']);
  });

  it('shows a date answer as a date, and puts no second colon after a label ending in ? or :', async () => {
    openOverview(
      campWithAnswers([
        ['Arrival date', 'DATE', '2026-08-31'],
        ['Bringing your own shade?', 'BOOLEAN', true],
        ['Tent size:', 'STRING', '10x10'],
      ]),
    );
    const camping = (await screen.findByRole('heading', { name: 'Camping' })).closest(
      'section',
    ) as HTMLElement;
    const rows = within(camping)
      .getAllByRole('term')
      .map((term) => `${term.textContent} ${term.nextElementSibling?.textContent}`);
    expect(rows).toEqual(['Arrival date: Aug 31, 2026', 'Bringing your own shade? Yes', 'Tent size: 10x10']);
    expect(within(camping).queryByText('2026-08-31')).not.toBeInTheDocument();
  });
});
