import { describe, expect, it } from 'vitest';
import { navItems, type NavViewer } from './nav-items';

const labels = (viewer: NavViewer) => navItems(viewer).map((item) => item.label);

describe('navItems (docs/product.md §2 Layout)', () => {
  it('offers only Sign In when signed out, and nothing while the session is being checked', () => {
    expect(navItems({ status: 'anonymous', role: null, registrationOpen: true })).toEqual([
      { key: 'sign-in', label: 'Sign In', to: '/login', emphasis: true },
    ]);
    expect(navItems({ status: 'loading', role: null, registrationOpen: true })).toEqual([]);
  });

  it('gives each role its links, Registration only when open for the user, and Sign Out as an action', () => {
    const signedIn = { status: 'authenticated' as const, registrationOpen: true };
    expect(labels({ ...signedIn, role: 'PARTICIPANT' })).toEqual([
      'Dashboard',
      'Profile',
      'Registration',
      'Sign Out',
    ]);
    expect(navItems({ ...signedIn, role: 'PARTICIPANT' })[0]).toEqual({
      key: 'dashboard',
      label: 'Dashboard',
      to: '/dashboard',
    });
    expect(labels({ ...signedIn, role: 'STAFF' })).toEqual([
      'Dashboard',
      'Profile',
      'Registration',
      'Check-in',
      'Reports',
      'Sign Out',
    ]);
    expect(labels({ ...signedIn, role: 'ADMIN' })).toEqual([
      'Dashboard',
      'Profile',
      'Registration',
      'Check-in',
      'Reports',
      'Admin',
      'Sign Out',
    ]);
    expect(labels({ ...signedIn, role: 'ADMIN', registrationOpen: false })).toEqual([
      'Dashboard',
      'Profile',
      'Check-in',
      'Reports',
      'Admin',
      'Sign Out',
    ]);
    expect(navItems({ ...signedIn, role: 'PARTICIPANT' }).at(-1)).toEqual({
      key: 'sign-out',
      label: 'Sign Out',
      action: 'sign-out',
    });
  });
});
