import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { testApplication, testApplicationState } from '../../../test/application-fixtures';
import { jsonResponse } from '../../../test/test-utils';
import { openWizard, stepHeading } from '../test-fixtures';

// The wizard's gate for a year that requires applications (docs/product.md §12 Application approval).

function openWith(state: ReturnType<typeof testApplicationState>) {
  return openWizard({ routes: { 'GET /applications/me': () => jsonResponse(state) } });
}

describe('registration wizard: the application gate', () => {
  it('without an application: says registration starts with one, with Apply to join', async () => {
    openWith(testApplicationState());
    expect(await screen.findByRole('heading', { name: 'Registration Not Available' })).toBeInTheDocument();
    expect(
      screen.getByText('Registration for 2026 starts with an application. Apply to join the camp first.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Apply to join' })).toHaveAttribute('href', '#/apply');
    expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '#/dashboard');
  });

  it('pending: says it waits for review, with the way to view or edit it', async () => {
    openWith(testApplicationState({ application: testApplication() }));
    expect(
      await screen.findByText(
        'Your application for 2026 is waiting for review. You can register once it is approved.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View or edit application' })).toHaveAttribute('href', '#/apply');
  });

  it('declined: says it was not accepted, with the way to read it', async () => {
    openWith(
      testApplicationState({
        application: testApplication({ status: 'DECLINED', decidedAt: '2026-03-05T12:00:00.000Z' }),
      }),
    );
    expect(await screen.findByText('Your application for 2026 was not accepted.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View application' })).toHaveAttribute('href', '#/apply');
  });

  it('approved: opens the wizard', async () => {
    openWith(
      testApplicationState({
        application: testApplication({ status: 'APPROVED', decidedAt: '2026-03-05T12:00:00.000Z' }),
      }),
    );
    expect(await stepHeading('Step 1 of 6: Profile')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Registration Not Available' })).not.toBeInTheDocument();
  });
});
