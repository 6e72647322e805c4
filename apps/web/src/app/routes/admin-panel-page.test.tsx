import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderSignedIn, testUser } from '../../test/test-utils';

describe('Admin panel (docs/product.md §2)', () => {
  it('welcomes the admin by name and links to the eleven admin areas', async () => {
    renderSignedIn('/admin', testUser({ role: 'ADMIN', firstName: 'Ada', lastName: 'Lovelace' }));
    expect(await screen.findByRole('heading', { name: 'Admin Panel', level: 2 })).toBeInTheDocument();
    expect(await screen.findByText('Welcome, Ada Lovelace!')).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Admin areas' });
    const links = within(list)
      .getAllByRole('link')
      .map((link) => [
        link.querySelector('h3')?.textContent?.replace('→', '').trim(),
        link.getAttribute('href'),
      ]);
    expect(links).toEqual([
      ['User Management', '#/admin/users'],
      ['Camp Configuration', '#/admin/configuration'],
      ['Camping Options', '#/admin/camping-options'],
      ['Job Categories', '#/admin/job-categories'],
      ['Jobs', '#/admin/jobs'],
      ['Job Shifts', '#/admin/shifts'],
      ['Manage Registrations', '#/admin/manage-registrations'],
      ['Payments', '#/admin/payments'],
      ['Waitlist', '#/admin/waitlist'],
      ['The Draw', '#/admin/draw'],
      ['Applications', '#/admin/applications'],
    ]);
  });
});
