import type { Browser, Page } from '@playwright/test';
import { expect, HOME_CAMP, test, type Server } from './support/fixtures';

/** Where the first screen's parts are, and its first paragraph: the server's and the app's must agree. */
async function firstScreen(page: Page) {
  return page.evaluate(() => {
    const visible = (selector: string) =>
      Array.from(document.querySelectorAll(selector)).find((element) => element.getClientRects().length > 0);
    const box = (selector: string) => {
      const rect = visible(selector)?.getBoundingClientRect();
      return rect ? [rect.x, rect.y, rect.width, rect.height].map(Math.round) : null;
    };
    return {
      name: visible('h1')?.textContent,
      h1: box('h1'),
      heading: box('main h2'),
      headingText: visible('main h2')?.textContent,
      paragraph: box('main p'),
      action: box('main a, main button'),
      actionText: visible('main a, main button')?.textContent,
    };
  });
}

/** A page of its own with JavaScript switched off: what the server drew and nothing else. */
async function withoutJavaScript(browser: Browser, server: Server, width: number) {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    baseURL: server.url,
    viewport: { width, height: 800 },
  });
  return { page: await context.newPage(), close: () => context.close() };
}

for (const width of [1280, 375]) {
  test.describe(`the server's first paint at ${width}px (decision 045)`, () => {
    test.use({ viewport: { width, height: 800 } });

    test('without JavaScript, Home shows the camp, its description and blurb (sanitized), and Login its form', async ({
      browser,
      server,
      camp,
    }) => {
      void camp;
      const { page, close } = await withoutJavaScript(browser, server, width);
      try {
        await page.goto('/');
        await expect(page.getByRole('heading', { level: 1, name: HOME_CAMP.campName })).toBeVisible();
        await expect(page.getByRole('heading', { level: 2, name: HOME_CAMP.blurbHeading })).toBeVisible();
        await expect(page.getByRole('banner').getByText(HOME_CAMP.descriptionText)).toBeVisible();
        await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
        await expect(page.getByRole('heading', { name: 'Sign In' })).toBeHidden();
        // The home camp's description holds a script, an onerror handler and a javascript: link. The one
        // script is the first paint's own, a child of the root (it picks the screen).
        await expect(
          page.locator('#root * script, #root [onerror], #root a[href^="javascript"]'),
        ).toHaveCount(0);
        await expect(page.locator('#root > script')).toHaveCount(1);

        await page.goto('/#/login');
        await expect(page.getByRole('heading', { level: 2, name: 'Sign In' })).toBeVisible();
        await expect(page.getByRole('textbox', { name: 'Email address' })).toBeDisabled();
        await expect(page.getByRole('button', { name: 'Send Code' })).toBeDisabled();
        await expect(page.getByRole('heading', { name: HOME_CAMP.blurbHeading })).toBeHidden();
      } finally {
        await close();
      }
    });
  });

  test.describe(`the first paint's script picks the screen from the address at ${width}px (decision 045)`, () => {
    test.use({ viewport: { width, height: 800 } });

    test("Login with a returnTo shows Login's shell, another route neither screen, before the app runs", async ({
      page,
      camp,
    }) => {
      void camp;
      // The app's own scripts never arrive: what shows is the server's markup and its one inline script.
      await page.route('**/assets/*.js', (route) => route.abort());
      const violations: string[] = [];
      page.on('console', (message) => {
        if (message.text().includes('Content Security Policy')) violations.push(message.text());
      });

      await page.goto('/#/login?returnTo=%2Fdashboard');
      await expect(page.locator('#root')).toHaveAttribute('data-screen', 'login');
      await expect(page.getByRole('heading', { level: 2, name: 'Sign In' })).toBeVisible();
      await expect(page.getByRole('textbox', { name: 'Email address' })).toBeDisabled();
      await expect(page.getByRole('heading', { name: HOME_CAMP.blurbHeading })).toBeHidden();
      await expect(page.getByRole('link', { name: 'Login' })).toBeHidden();

      await page.goto('/#/dashboard');
      await page.reload();
      await expect(page.locator('#root')).toHaveAttribute('data-screen', 'other');
      await expect(page.getByRole('heading', { level: 1, name: HOME_CAMP.campName })).toBeVisible();
      await expect(page.getByRole('main').getByRole('heading')).toHaveCount(0);
      await expect(page.getByRole('main').getByRole('link')).toHaveCount(0);

      await page.goto('/#/');
      await page.reload();
      await expect(page.locator('#root')).toHaveAttribute('data-screen', 'home');
      await expect(page.getByRole('heading', { level: 2, name: HOME_CAMP.blurbHeading })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Sign In' })).toBeHidden();
      // The CSP allows the inline script by its hash.
      expect(violations).toEqual([]);
    });
  });

  test.describe(`the app takes over the server's first paint at ${width}px (decision 045)`, () => {
    // A camp whose description holds no attack: the home camp's blocked handler is logged in the console.
    test.use({ campSeed: 'registration-open', viewport: { width, height: 800 } });

    for (const { screen, hash, ready } of [
      { screen: 'Home', hash: '/', ready: (page: Page) => page.getByRole('link', { name: 'Login' }) },
      {
        screen: 'Login',
        hash: '/login',
        ready: (page: Page) => page.getByRole('textbox', { name: 'Email address' }),
      },
    ]) {
      test(`${screen}: where the server drew it, with a clean console and no axe violations`, async ({
        page,
        browser,
        server,
        checkA11y,
      }) => {
        const { page: served, close } = await withoutJavaScript(browser, server, width);
        let drawnByServer;
        try {
          await served.goto(`/#${hash}`);
          drawnByServer = await firstScreen(served);
        } finally {
          await close();
        }

        const console: string[] = [];
        page.on('console', (message) => {
          if (message.type() === 'error' || message.type() === 'warning') console.push(message.text());
        });
        page.on('pageerror', (error) => console.push(error.message));
        await page.goto(`/#${hash}`);
        await expect(ready(page)).toBeEnabled();
        // The server's fragment is gone: the app's own elements are on the page.
        await expect(page.locator('.camp-fp-home, .camp-fp-login')).toHaveCount(0);
        expect(await firstScreen(page)).toEqual(drawnByServer);
        if (screen === 'Login') await expect(ready(page)).toBeFocused();
        await checkA11y(page);
        expect(console).toEqual([]);
      });
    }
  });
}
