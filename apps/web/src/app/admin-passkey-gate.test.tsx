import type { Passkey } from '@camp/shared/passkeys';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { currentRoute, jsonResponse, renderSignedIn, testAdmin, testConfig } from '../test/test-utils';

// The admin passkey requirement on admin screens (docs/product.md §12 Passkeys): a notice before the day, the profile
// from it on, nothing for an admin who has a passkey.

const KEY: Passkey = {
  id: '70000000-0000-4000-8000-000000000001',
  name: 'Laptop',
  createdAt: '2026-11-27T12:00:00.000Z',
  lastUsedAt: null,
  deviceType: 'singleDevice',
  backedUp: false,
};

describe('admin passkey requirement', { timeout: 20_000 }, () => {
  it('warns an admin without a passkey before the day', async () => {
    renderSignedIn(
      '/admin',
      testAdmin,
      { 'GET /passkeys': () => jsonResponse([]) },
      testConfig({
        adminPasskeysRequiredFrom: '2999-01-01',
      }),
    );
    expect(
      await screen.findByText('Add a passkey before Jan 1, 2999: from then on the admin area needs one'),
    ).toBeInTheDocument();
    expect(currentRoute()).toBe('/admin');
  });

  it('sends an admin without a passkey to the profile from the day on', async () => {
    renderSignedIn(
      '/admin',
      testAdmin,
      { 'GET /passkeys': () => jsonResponse([]) },
      testConfig({
        adminPasskeysRequiredFrom: '2020-01-01',
      }),
    );
    await waitFor(() => expect(currentRoute()).toBe('/profile'));
  });

  it('lets an admin with a passkey in, without a notice', async () => {
    renderSignedIn(
      '/admin',
      testAdmin,
      { 'GET /passkeys': () => jsonResponse([KEY]) },
      testConfig({
        adminPasskeysRequiredFrom: '2020-01-01',
      }),
    );
    await screen.findByRole('heading', { level: 1 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(currentRoute()).toBe('/admin');
    expect(screen.queryByText(/Add a passkey before/)).toBeNull();
  });
});
