import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadSanitizer } from '../lib/sanitize-html';
import { jsonResponse, mockApi, mockFetch, renderWithProviders, testConfig } from '../test/test-utils';
import { DEFAULT_BANNER_URL, DEFAULT_ICON_URL } from './layout/site-header';
import { AppRouter } from './router';

// main.tsx starts loading the sanitizer at boot; do the same so screens render as they do in the app.
beforeAll(() => loadSanitizer());

function renderApp(hashPath = '/') {
  window.location.hash = `#${hashPath}`;
  return renderWithProviders(<AppRouter />);
}

beforeEach(() => {
  window.scrollTo(0, 0);
});

afterEach(() => {
  window.location.hash = '';
});

describe('home page', () => {
  it("shows 'Loading camp information...' until the configuration arrives, then the blurb and Login", async () => {
    let answer: (response: Response) => void = () => {};
    const config = testConfig();
    mockFetch((url) => {
      if (url.endsWith('/health'))
        return jsonResponse({ status: 'ok', database: 'pglite', uptimeSeconds: 1 });
      return new Promise<Response>((resolve) => (answer = resolve));
    });
    renderApp('/');

    expect(await screen.findByText('Loading camp information...')).toBeInTheDocument();
    act(() => answer(jsonResponse(config)));

    expect(await screen.findByText('Welcome home, dusty people')).toBeInTheDocument();
    const login = screen.getByRole('link', { name: 'Login' });
    expect(login).toHaveAttribute('href', '#/login');
    expect(screen.queryByText('Loading camp information...')).not.toBeInTheDocument();
  });

  it('offers Dashboard instead of Login when the auth_state cookie says signed in', async () => {
    document.cookie = 'auth_state=authenticated; path=/';
    mockApi();
    renderApp('/');
    // The home page's own link (the navigation has a Dashboard link too).
    const dashboard = await within(screen.getByRole('main')).findByRole('link', { name: 'Dashboard' });
    expect(dashboard).toHaveAttribute('href', '#/dashboard');
    expect(screen.queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
  });

  it('falls back to the default configuration and says why when it cannot be fetched', async () => {
    mockApi(() =>
      jsonResponse(
        { statusCode: 500, error: 'Internal Server Error', message: 'Database unavailable' },
        { status: 500 },
      ),
    );
    renderApp('/');
    expect(await screen.findByText('Database unavailable')).toBeInTheDocument();
    expect(screen.getByText('Welcome! This site has not been configured yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Login' })).toBeInTheDocument();
  });
});

describe('layout', () => {
  it("shows the camp's name the server wrote into the page while the configuration loads", async () => {
    const meta = document.createElement('meta');
    meta.name = 'application-name';
    meta.content = 'Camp Served Early';
    document.head.appendChild(meta);
    try {
      let answer: (response: Response) => void = () => {};
      mockFetch((url) => {
        if (url.endsWith('/health'))
          return jsonResponse({ status: 'ok', database: 'pglite', uptimeSeconds: 1 });
        return new Promise<Response>((resolve) => (answer = resolve));
      });
      renderApp('/');
      const heading = screen.getByRole('heading', { level: 1 });
      expect(heading.textContent).toBe('Camp Served Early');
      expect(heading.textContent).not.toContain('Camp Registration');
      expect(await screen.findByText('Loading camp information...')).toBeInTheDocument();
      act(() => answer(jsonResponse(testConfig({ campName: 'Camp Served Early', campDescription: '' }))));
      expect(await screen.findByText('Welcome home, dusty people')).toBeInTheDocument();
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Camp Served Early');
    } finally {
      meta.remove();
    }
  });

  it('renders the home page from the configuration served with the page, without asking for it', async () => {
    const meta = document.createElement('meta');
    meta.name = 'camp-config';
    meta.content = JSON.stringify(testConfig({ campName: 'Camp Served Whole', campDescription: '' }));
    document.head.appendChild(meta);
    try {
      const fetchMock = mockApi(testConfig({ campName: 'Camp Fetched' }));
      renderApp('/');
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Camp Served Whole');
      expect(await screen.findByText('Welcome home, dusty people')).toBeInTheDocument();
      expect(fetchMock.mock.calls.map((call) => String(call[0]))).not.toContain('/api/public/config');
    } finally {
      meta.remove();
    }
  });

  it('sets the document title and meta description from the configuration', async () => {
    const description = `<p>${'Dust and &amp; shade. '.repeat(20)}</p>`;
    mockApi(testConfig({ campName: 'Camp Dusty Gulch', campDescription: description }));
    renderApp('/');
    await waitFor(() => expect(document.title).toBe('Camp Dusty Gulch - Camp Registration'));
    const meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
    expect(meta?.content).toHaveLength(160);
    expect(meta?.content.startsWith('Dust and & shade. Dust and & shade.')).toBe(true);
  });

  it('shows the banner, icon, name and description, and the default pictures when none are set', async () => {
    mockApi(testConfig({ campBannerUrl: null, campIconUrl: null, campBannerAltText: null }));
    renderApp('/');
    const header = await screen.findByRole('banner');
    await within(header).findByRole('heading', { level: 1, name: 'Camp Dusty Gulch' });
    const banner = within(header).getByRole('img', { name: 'Camp Dusty Gulch' });
    expect(banner).toHaveAttribute('src', DEFAULT_BANNER_URL);
    expect(header.querySelector(`img[src="${DEFAULT_ICON_URL}"]`)).not.toBeNull();
    expect(await within(header).findByText('shady')).toBeInTheDocument();
  });

  it("uses the admin's banner and its alt text", async () => {
    mockApi(
      testConfig({
        campBannerUrl: 'https://example.org/banner.jpg',
        campBannerAltText: 'Our dome at dawn',
        campIconUrl: 'https://example.org/icon.png',
      }),
    );
    renderApp('/');
    const banner = await screen.findByRole('img', { name: 'Our dome at dawn' });
    expect(banner).toHaveAttribute('src', 'https://example.org/banner.jpg');
    expect(
      screen.getByRole('banner').querySelector('img[src="https://example.org/icon.png"]'),
    ).not.toBeNull();
  });

  it('has a labelled main navigation with only Sign In when signed out', async () => {
    mockApi();
    renderApp('/');
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    const links = within(nav).getAllByRole('link', { name: 'Sign In' });
    expect(links.length).toBeGreaterThan(0);
    expect(links.every((link) => link.getAttribute('href') === '#/login')).toBe(true);
    expect(
      within(nav).getByRole('button', { name: 'Open navigation menu' }).getAttribute('aria-expanded'),
    ).toBe('false');
  });

  it('opens and closes the mobile menu', async () => {
    mockApi();
    renderApp('/');
    const burger = await screen.findByRole('button', { name: 'Open navigation menu' });
    const menu = document.getElementById(burger.getAttribute('aria-controls') ?? '');
    expect(menu?.hidden).toBe(true);
    act(() => burger.click());
    expect(burger).toHaveAttribute('aria-expanded', 'true');
    expect(burger).toHaveAttribute('aria-label', 'Close navigation menu');
    expect(menu?.hidden).toBe(false);
    act(() => {
      document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
    });
    expect(menu?.hidden).toBe(true);
  });

  it('collapses the header once the page is scrolled past 100px', async () => {
    mockApi();
    renderApp('/');
    const header = await screen.findByRole('banner');
    expect(header).toHaveAttribute('data-collapsed', 'false');

    await act(async () => {
      Object.defineProperty(window, 'scrollY', { configurable: true, value: 100 });
      window.dispatchEvent(new Event('scroll'));
      await new Promise((resolve) => requestAnimationFrame(resolve));
    });
    expect(header).toHaveAttribute('data-collapsed', 'false');

    await act(async () => {
      Object.defineProperty(window, 'scrollY', { configurable: true, value: 101 });
      window.dispatchEvent(new Event('scroll'));
      await new Promise((resolve) => requestAnimationFrame(resolve));
    });
    expect(header).toHaveAttribute('data-collapsed', 'true');

    await act(async () => {
      Object.defineProperty(window, 'scrollY', { configurable: true, value: 0 });
      window.dispatchEvent(new Event('scroll'));
      await new Promise((resolve) => requestAnimationFrame(resolve));
    });
    expect(header).toHaveAttribute('data-collapsed', 'false');
  });

  it('shows the camp name, registration year and a Powered by link in the footer', async () => {
    mockApi(testConfig({ campName: 'Camp Dusty Gulch', registrationYear: 2027 }));
    renderApp('/');
    const footer = await screen.findByRole('contentinfo');
    await within(footer).findByText('Camp Dusty Gulch · 2027');
    const powered = within(footer).getByRole('link', { name: 'Camp Registration' });
    expect(powered.parentElement?.textContent).toBe('Powered by Camp Registration');
    expect(powered).toHaveAttribute('href', '#/');
  });

  it('has a skip link to the main content', async () => {
    mockApi();
    renderApp('/');
    const skip = await screen.findByRole('link', { name: 'Skip to main content' });
    const main = screen.getByRole('main');
    act(() => skip.click());
    expect(document.activeElement).toBe(main);
    expect(window.location.hash).toBe('#/');
  });
});

describe('routes', () => {
  it.each(['/no-such-page', '/admin/camping-options/opt-1/fields/extra'])(
    'shows the Not Found page on an unknown route (%s)',
    async (path) => {
      mockApi();
      renderApp(path);
      expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '#/');
    },
  );

  it('blocks the screen while the API cannot be reached', async () => {
    mockFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    renderApp('/');
    expect(await screen.findByText('Unable to connect to API')).toBeInTheDocument();
    expect(screen.getByText('Network error - please check your connection')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
    // The frame stays usable: header with navigation and footer.
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  });
});
