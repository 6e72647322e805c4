import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { testApplication, testApplicationState } from '../../../test/application-fixtures';
import { errorResponse, jsonResponse, testAdmin } from '../../../test/test-utils';
import { openDashboard } from '../test-fixtures';

// The dashboard's Application card (docs/product.md §12 Application approval): where the applicant stands.

function openWith(state: ReturnType<typeof testApplicationState> | (() => Response)) {
  return openDashboard([], undefined, true, {
    routes: {
      'GET /applications/me': typeof state === 'function' ? state : () => jsonResponse(state),
    },
  });
}

async function applicationCard() {
  const heading = await screen.findByRole('heading', { name: 'Application 2026' });
  return heading.closest('section') as HTMLElement;
}

const nav = () => screen.getByRole('navigation', { name: 'Main navigation' });

describe('dashboard: the application card', () => {
  it('without an application: asks to apply, and offers no Start Registration nor the Registration link', async () => {
    openWith(testApplicationState());
    const card = await applicationCard();
    expect(
      within(card).getByText('Registration starts with an application: tell the camp about yourself first.'),
    ).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Apply to join' })).toHaveAttribute('href', '#/apply');
    expect(screen.queryByRole('link', { name: 'Start Registration' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Registration 2026' })).not.toBeInTheDocument();
    expect(within(nav()).queryByRole('link', { name: 'Registration' })).not.toBeInTheDocument();
  });

  it('pending: says it waits for review, with the way to view or edit it', async () => {
    openWith(testApplicationState({ application: testApplication() }));
    const card = await applicationCard();
    expect(within(card).getByText('Waiting for review')).toBeInTheDocument();
    expect(
      within(card).getByText(
        'Your application is waiting for review. We will e-mail you once it has been decided.',
      ),
    ).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'View or edit application' })).toHaveAttribute(
      'href',
      '#/apply',
    );
    expect(screen.queryByRole('link', { name: 'Start Registration' })).not.toBeInTheDocument();
  });

  it('approved: welcomes them with the camp’s message, and the normal Start Registration', async () => {
    openWith(
      testApplicationState({
        application: testApplication({
          status: 'APPROVED',
          message: 'See you on the playa!',
          decidedAt: '2026-03-05T12:00:00.000Z',
        }),
      }),
    );
    const card = await applicationCard();
    expect(within(card).getByText('Approved')).toBeInTheDocument();
    expect(within(card).getByText('Your application was approved. Welcome!')).toBeInTheDocument();
    expect(within(card).getByText('Message from the camp')).toBeInTheDocument();
    expect(within(card).getByText('See you on the playa!')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start Registration' })).toHaveAttribute(
      'href',
      '#/registration',
    );
    expect(within(nav()).getByRole('link', { name: 'Registration' })).toBeInTheDocument();
  });

  it('declined: says so with the message, and the way to read the application', async () => {
    openWith(
      testApplicationState({
        application: testApplication({
          status: 'DECLINED',
          message: 'We are full this year.',
          decidedAt: '2026-03-05T12:00:00.000Z',
        }),
      }),
    );
    const card = await applicationCard();
    expect(within(card).getByText('Declined')).toBeInTheDocument();
    expect(within(card).getByText('Your application was not accepted this year.')).toBeInTheDocument();
    expect(within(card).getByText('We are full this year.')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'View application' })).toHaveAttribute('href', '#/apply');
    expect(screen.queryByRole('link', { name: 'Start Registration' })).not.toBeInTheDocument();
  });

  it('shows no card when the year asks no application, or the person is exempt', async () => {
    openWith(testApplicationState({ exempt: true }));
    expect(await screen.findByRole('link', { name: 'Start Registration' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Application 2026' })).not.toBeInTheDocument();
  });

  it('says when the application could not be loaded', async () => {
    openWith(() => errorResponse(503));
    expect(await screen.findByText('Your application could not be loaded')).toBeInTheDocument();
  });

  it('reads no application for staff and admins: they never apply', async () => {
    const { calls } = openDashboard([], undefined, true, {
      routes: { 'GET /auth/profile': () => jsonResponse(testAdmin) },
    });
    expect(await screen.findByRole('link', { name: 'Start Registration' })).toBeInTheDocument();
    expect(calls).not.toContain('GET /applications/me');
  });
});
