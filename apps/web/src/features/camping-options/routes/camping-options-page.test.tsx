import type { CampingOption } from '@camp/shared/camping-options';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { testOption } from '../../../test/registration-fixtures';
import {
  errorResponse,
  jsonResponse,
  renderSignedIn,
  testUser,
  type ApiRoutes,
} from '../../../test/test-utils';

/** An option of this screen's tests: the wizard's Tent Camping with other names and dues. */
function option(overrides: Partial<CampingOption> = {}): CampingOption {
  return testOption({
    id: 'o1',
    name: 'Tent camping',
    description: 'Bring your own tent.',
    workShiftsRequired: 2,
    participantDues: 125.5,
    staffDues: 60,
    ...overrides,
  });
}

function openPage(routes: ApiRoutes) {
  return renderSignedIn('/admin/camping-options', testUser({ role: 'ADMIN' }), {
    'GET /job-categories': () => jsonResponse([]),
    ...routes,
  });
}

describe('Camping Options screen (docs/product.md §2, §4, §8)', () => {
  it('lists the options with dues, status, unlimited signups and a link to the fields', async () => {
    openPage({
      'GET /camping-options': () =>
        jsonResponse([option(), option({ id: 'o2', name: 'RV spot', enabled: false, maxSignups: 12 })]),
    });
    expect(await screen.findByRole('heading', { level: 2, name: 'Camping Options' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Camping options' });
    const tent = within(table).getByRole('row', { name: /Tent camping/ });
    expect(tent.textContent).toContain('$125.50');
    expect(tent.textContent).toContain('$60.00');
    expect(tent.textContent).toContain('Unlimited');
    expect(tent.textContent).toContain('Enabled');
    expect(within(table).getByRole('row', { name: /RV spot/ }).textContent).toContain('Disabled');
    const fields = within(tent).getByRole('link', { name: 'Fields (0) of Tent camping' });
    expect(fields).toHaveAttribute('href', '#/admin/camping-options/o1/fields');
    expect(screen.getByRole('link', { name: /Back to Admin/ })).toHaveAttribute('href', '#/admin');
  });

  it('disables delete, with the reason, while registrations hold a place', async () => {
    const { calls } = openPage({
      'GET /camping-options': () => jsonResponse([option({ currentRegistrations: 2 })]),
    });
    const remove = await screen.findByRole('button', { name: 'Delete Tent camping' });
    expect(remove).toHaveAttribute('aria-disabled', 'true');
    const reason = document.getElementById(remove.getAttribute('aria-describedby') ?? '');
    expect(reason?.textContent).toBe(
      'Cannot be deleted while 2 registrations hold a place. Disable it instead.',
    );
    fireEvent.click(remove);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls).not.toContain('DELETE /camping-options/o1');
  });

  it('confirms a delete and shows the server message when it is refused', async () => {
    const { calls } = openPage({
      'GET /camping-options': () => jsonResponse([option()]),
      'DELETE /camping-options/o1': () =>
        errorResponse(
          409,
          'This camping option cannot be deleted because cancelled registrations still refer to it.',
        ),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Tent camping' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete camping option' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Failed to delete camping option: This camping option cannot be deleted because cancelled registrations still refer to it.',
    );
    expect(calls).toContain('DELETE /camping-options/o1');
  });

  it('shows the empty text and the load failure of docs/product.md §8', async () => {
    openPage({ 'GET /camping-options': () => jsonResponse([]) });
    expect(await screen.findByText('No camping options found...')).toBeInTheDocument();
  });

  it('says when the options cannot be loaded', async () => {
    openPage({ 'GET /camping-options': () => errorResponse(503, 'Down') });
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toContain('Failed to load camping options'),
    );
  });
});
