import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  jsonResponse,
  mockApi,
  mockApiRoutes,
  renderApp,
  startSignedIn,
  testUser,
} from '../../test/test-utils';
import { startsCollapsed } from './use-header-collapse';

beforeEach(() => {
  Object.defineProperty(window, 'scrollY', { configurable: true, value: 0 });
});

afterEach(() => {
  window.location.hash = '';
});

async function scrollTo(y: number) {
  await act(async () => {
    Object.defineProperty(window, 'scrollY', { configurable: true, value: y });
    window.dispatchEvent(new Event('scroll'));
    await new Promise((resolve) => requestAnimationFrame(resolve));
  });
}

describe('the compact header of admin and report screens', () => {
  it('names the admin and report routes, and no others', () => {
    for (const path of ['/admin', '/admin/users', '/reports', '/reports/payments', '/reports/users']) {
      expect(startsCollapsed(path), path).toBe(true);
    }
    for (const path of ['/', '/dashboard', '/login', '/registration', '/administrator', '/reportsx']) {
      expect(startsCollapsed(path), path).toBe(false);
    }
  });

  it('is the 80px bar on a report screen before any scrolling, and stays so scrolled back to the top', async () => {
    startSignedIn();
    mockApiRoutes({ 'GET /auth/profile': () => jsonResponse(testUser({ role: 'ADMIN' })) });
    renderApp('/reports');
    expect(await screen.findByRole('heading', { name: 'Reports', level: 2 })).toBeInTheDocument();
    const header = screen.getByRole('banner');
    expect(header).toHaveAttribute('data-collapsed', 'true');
    await scrollTo(500);
    await scrollTo(0);
    expect(header).toHaveAttribute('data-collapsed', 'true');
    // The spacer under the fixed header is as tall as the bar, not the banner.
    expect((header.nextElementSibling as HTMLElement).style.height).toBe('var(--header-collapsed-height)');
  });

  it('is the banner on the home page until it is scrolled', async () => {
    mockApi();
    renderApp('/');
    const header = await screen.findByRole('banner');
    expect(header).toHaveAttribute('data-collapsed', 'false');
    await scrollTo(101);
    expect(header).toHaveAttribute('data-collapsed', 'true');
  });
});
