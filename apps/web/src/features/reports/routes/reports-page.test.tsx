import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { currentRoute, renderApp, signedInApi } from '../../../test/test-utils';
import { reportCardsFor } from '../report-cards';
import { adminUser, participantUser, staffUser } from '../test-fixtures';

const cardTitles = () =>
  within(screen.getByRole('list', { name: 'Reports you can open' }))
    .getAllByRole('heading', { level: 3 })
    .map((heading) => heading.textContent);

describe('Reports index (docs/product.md §2, §6)', { timeout: 20_000 }, () => {
  it('shows an admin all four reports, payments labelled Admin Only', async () => {
    signedInApi(adminUser);
    renderApp('/reports');
    expect(await screen.findByRole('heading', { name: 'Reports', level: 2 })).toBeInTheDocument();
    expect(cardTitles()).toEqual([
      'Registration Reports',
      'Work Schedule',
      'User Reports',
      'Payment Reports',
    ]);
    const payments = screen.getByRole('heading', { name: 'Payment Reports' }).closest('li');
    expect(within(payments as HTMLElement).getByText('Admin Only')).toBeInTheDocument();
    expect(
      screen.getByText('Who is coming, who works when, who has paid: on screen and as a spreadsheet.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open report: Payment Reports' }).getAttribute('href')).toBe(
      '#/reports/payments',
    );
  });

  it('shows staff the three reports they may open, and no payments', async () => {
    signedInApi(staffUser);
    renderApp('/reports');
    expect(await screen.findByRole('heading', { name: 'Reports', level: 2 })).toBeInTheDocument();
    expect(cardTitles()).toEqual(['Registration Reports', 'Work Schedule', 'User Reports']);
    expect(screen.queryByText('Admin Only')).not.toBeInTheDocument();
    // Staff read no money: the index promises none.
    expect(
      screen.getByText('Who is coming and who works when: on screen and as a spreadsheet.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/paid/i)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open report: Work Schedule' }).getAttribute('href')).toBe(
      '#/reports/work-schedule',
    );
  });

  it('sends staff from the payment report to the dashboard', async () => {
    signedInApi(staffUser);
    renderApp('/reports/payments');
    await waitFor(() => expect(currentRoute()).toBe('/dashboard'));
  });

  it('sends a participant from the reports to the dashboard', async () => {
    signedInApi(participantUser);
    renderApp('/reports');
    await waitFor(() => expect(currentRoute()).toBe('/dashboard'));
  });
});

describe('reportCardsFor (docs/product.md §6)', () => {
  it('gives staff three reports, admins four, anyone else none', () => {
    expect(reportCardsFor('STAFF').map((card) => card.key)).toEqual([
      'registrations',
      'workSchedule',
      'users',
    ]);
    expect(reportCardsFor('ADMIN').map((card) => card.key)).toEqual([
      'registrations',
      'workSchedule',
      'users',
      'payments',
    ]);
    expect(reportCardsFor('PARTICIPANT')).toEqual([]);
    expect(reportCardsFor(null)).toEqual([]);
  });
});
