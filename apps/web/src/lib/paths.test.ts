import { describe, expect, it } from 'vitest';
import { absoluteAppUrl, hashHref, paths, routeAccess, routePatterns, safeReturnTo } from './paths';

describe('paths', () => {
  it('declares every route of docs/product.md §2 exactly once', () => {
    expect(Object.values(routePatterns).sort()).toEqual(
      [
        '/',
        '/login',
        '/login/link',
        '/dashboard',
        '/profile',
        '/registration',
        '/apply',
        '/shifts',
        '/check-in',
        '/payment/success',
        '/payment/cancel',
        '/reports',
        '/reports/registrations',
        '/reports/users',
        '/reports/work-schedule',
        '/reports/payments',
        '/admin',
        '/admin/configuration',
        '/admin/users',
        '/admin/camping-options',
        '/admin/camping-options/:optionId/fields',
        '/admin/job-categories',
        '/admin/jobs',
        '/admin/shifts',
        '/admin/manage-registrations',
        '/admin/payments',
        '/admin/waitlist',
        '/admin/draw',
        '/admin/applications',
      ].sort(),
    );
  });

  it('builds login with an encoded returnTo, and without one', () => {
    expect(paths.login()).toBe('/login');
    expect(paths.login({ returnTo: '/registration' })).toBe('/login?returnTo=%2Fregistration');
    expect(paths.login({ returnTo: '/reports/users?year=2026&status=active' })).toBe(
      '/login?returnTo=%2Freports%2Fusers%3Fyear%3D2026%26status%3Dactive',
    );
    const returnTo = new URLSearchParams(paths.login({ returnTo: '/a?b=c&d=e' }).split('?')[1]).get(
      'returnTo',
    );
    expect(returnTo).toBe('/a?b=c&d=e');
  });

  it('builds profile with the returnTo that sign-in passes on', () => {
    expect(paths.profile()).toBe('/profile');
    expect(paths.profile({ returnTo: '/shifts?day=MONDAY' })).toBe(
      '/profile?returnTo=%2Fshifts%3Fday%3DMONDAY',
    );
  });

  it('accepts only app paths as returnTo', () => {
    expect(safeReturnTo('/registration')).toBe('/registration');
    expect(safeReturnTo('/reports/users?year=2026&status=active')).toBe(
      '/reports/users?year=2026&status=active',
    );
    for (const unsafe of [
      null,
      undefined,
      '',
      'dashboard',
      'https://evil.example/',
      '//evil.example/',
      '/\\evil.example',
      'javascript:alert(1)',
      '/dash\nboard',
      '/login',
      '/login?returnTo=%2Fdashboard',
    ]) {
      expect(safeReturnTo(unsafe)).toBeNull();
    }
  });

  it('fills in path parameters and query values', () => {
    expect(paths.adminCampingOptionFields('opt-42')).toBe('/admin/camping-options/opt-42/fields');
    expect(paths.adminCampingOptionFields('a/b c')).toBe('/admin/camping-options/a%2Fb%20c/fields');
    expect(paths.paymentSuccess({ sessionId: 'cs_test_1' })).toBe('/payment/success?session_id=cs_test_1');
    expect(paths.paymentSuccess()).toBe('/payment/success');
  });

  it('gives every route an access level matching docs/product.md §2', () => {
    expect(routeAccess.home).toBe('public');
    expect(routeAccess.login).toBe('public');
    expect(routeAccess.paymentCancel).toBe('signed-in');
    expect(routeAccess.apply).toBe('signed-in');
    expect(routeAccess.reportsWorkSchedule).toBe('staff');
    expect(routeAccess.checkIn).toBe('staff');
    expect(routeAccess.reportsPayments).toBe('admin');
    expect(routeAccess.adminCampingOptionFields).toBe('admin');
  });

  it('makes hash hrefs and absolute URLs', () => {
    expect(hashHref(paths.login())).toBe('#/login');
    expect(absoluteAppUrl(paths.paymentCancel(), { origin: 'https://camp.example.org', pathname: '/' })).toBe(
      'https://camp.example.org/#/payment/cancel',
    );
  });
});
