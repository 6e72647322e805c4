import { expect, expectNoSidewaysScroll, HOME_CAMP, test } from './support/fixtures';

test.describe('home page of a configured camp', () => {
  test('shows the stored camp name, description, blurb, title and meta description', async ({ page }) => {
    await page.goto('/');
    const header = page.getByRole('banner');
    await expect(header.getByText(HOME_CAMP.campName, { exact: true })).toBeVisible();
    await expect(header.getByText(HOME_CAMP.descriptionText)).toBeVisible();
    await expect(page.getByRole('heading', { name: HOME_CAMP.blurbHeading })).toBeVisible();
    await expect(
      page.getByRole('link', { name: 'Login' }).or(page.getByRole('button', { name: 'Login' })),
    ).toBeVisible();
    await expect(page).toHaveTitle(`${HOME_CAMP.campName} - Camp Registration`);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      'content',
      `${HOME_CAMP.descriptionText} tea menu`,
    );
    const footer = page.getByRole('contentinfo');
    await expect(footer).toContainText(HOME_CAMP.campName);
    await expect(footer).toContainText(String(HOME_CAMP.registrationYear));
    await expect(footer.getByText(/^Powered by/)).toBeVisible();
    await expect(footer.getByRole('link', { name: 'Camp Registration' })).toBeVisible();
    await expect(page.getByRole('navigation').first().getByRole('link', { name: 'Sign In' })).toBeVisible();
  });

  test('never runs script stored in the description', async ({ page }) => {
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await page.goto('/');
    const header = page.getByRole('banner');
    await expect(header.getByText(HOME_CAMP.descriptionText)).toBeVisible();
    await expect(header.locator('script')).toHaveCount(0);
    await expect(header.locator('[onerror]')).toHaveCount(0);
    await expect(header.locator('a[href^="javascript:"]')).toHaveCount(0);
    await expect(header.getByText('tea menu')).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __xss?: string }).__xss)).toBeUndefined();
    expect(dialogs).toEqual([]);
  });

  test('shows the loading text until the configuration arrives', async ({ page }) => {
    // A page without the configuration in it (as the Vite dev server sends it): the app asks the API.
    await page.route('**/', async (route) => {
      const response = await route.fetch();
      const body = (await response.text()).replace(/<meta name="camp-config" content="[^"]*" \/>/, '');
      await route.fulfill({ status: response.status(), contentType: 'text/html; charset=utf-8', body });
    });
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/public/config', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/');
    await expect(page.getByText('Loading camp information...')).toBeVisible();
    release();
    await expect(page.getByRole('heading', { name: HOME_CAMP.blurbHeading })).toBeVisible();
    await expect(page.getByText('Loading camp information...')).toHaveCount(0);
  });

  test('the header shrinks to 80 px once scrolled past 100 px, and grows back', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 700 });
    await page.goto('/');
    // The server's first paint has a header too, and while the app takes over its own header is laid out
    // beside it, invisible: the header people see is the one measured, whichever it is at that moment.
    const header = page.locator('header[data-collapsed]:visible');
    await expect(header).toHaveAttribute('data-collapsed', 'false');
    await expect.poll(async () => (await header.boundingBox())?.height ?? 0).toBeGreaterThan(80);
    // Scroll only once the page is long enough to scroll 400 px: the header is there before the camp's
    // content, and a wheel over a page still loading moves nothing (a CI run failed so).
    await expect(page.getByRole('heading', { name: HOME_CAMP.blurbHeading })).toBeVisible();
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight))
      .toBeGreaterThan(400);

    // A wheel turned before the page's first frames can be dropped by the browser: turn it until it scrolls.
    await page.mouse.move(640, 400);
    await expect(async () => {
      await page.mouse.wheel(0, 400);
      expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
    }).toPass();
    await expect(header).toHaveAttribute('data-collapsed', 'true');
    await expect.poll(async () => Math.round((await header.boundingBox())?.height ?? 0)).toBe(80);

    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(header).toHaveAttribute('data-collapsed', 'false');
  });

  test('has no accessibility violations and no sideways scrolling on a phone and a laptop', async ({
    page,
    checkA11y,
  }) => {
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/');
      await expect(page.getByRole('heading', { name: HOME_CAMP.blurbHeading })).toBeVisible();
      await expectNoSidewaysScroll(page);
      await checkA11y(page);
    }
  });

  test('a path typed without the hash opens its hash route', async ({ page }) => {
    await page.goto('/no-such-screen');
    await expect(page).toHaveURL(/\/#\/no-such-screen$/);
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  });
});

test.describe('not found', () => {
  test('an unknown route shows the Not Found page with a way home, without accessibility violations', async ({
    page,
    checkA11y,
  }) => {
    await page.goto('/#/this/does/not/exist');
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
    await expect(page).toHaveTitle(`${HOME_CAMP.campName} - Camp Registration`);
    await checkA11y(page);
    await page.getByRole('link', { name: /home/i }).click();
    await expect(page.getByRole('heading', { name: HOME_CAMP.blurbHeading })).toBeVisible();
  });
});

test.describe('a camp that was never configured', () => {
  test.use({ campSeed: 'none' });

  test('shows the default welcome blurb asking the admin to configure the site', async ({ page }) => {
    await page.goto('/');
    await expect(
      page.getByRole('heading', { name: 'Welcome! This site has not been configured yet.' }),
    ).toBeVisible();
    await expect(page).toHaveTitle('Camp Registration - Camp Registration');
    await expect(page.getByRole('banner').getByRole('img').first()).toBeVisible();
  });
});

test.describe('connection gate', () => {
  test('says it cannot reach the API, with the reason, and recovers when the API is back', async ({
    page,
    checkA11y,
  }) => {
    let apiDown = true;
    await page.route('**/api/**', (route) => (apiDown ? route.abort('connectionrefused') : route.continue()));
    await page.goto('/');
    await expect(page.getByText('Unable to connect to API', { exact: true })).toBeVisible();
    await expect(page.getByText('Network error - please check your connection')).toBeVisible();
    await checkA11y(page);

    apiDown = false;
    // The gate also checks again by itself every few seconds: when that check wins, Retry is gone with the
    // notice (the page is back either way), so the click may find nothing to press.
    await page
      .getByRole('button', { name: 'Retry' })
      .click({ timeout: 5_000 })
      .catch(() => undefined);
    await expect(page.getByRole('heading', { name: HOME_CAMP.blurbHeading })).toBeVisible();
  });

  test('shows the connecting text while the API has not answered yet', async ({ page }) => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    // Signed out, the connectivity check asks /api/health (decision 027).
    await page.route('**/api/health', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/');
    await expect(page.getByText('Connecting to API...')).toBeVisible();
    release();
    await expect(page.getByRole('heading', { name: HOME_CAMP.blurbHeading })).toBeVisible();
  });
});

// A camp whose description holds no attack (the home camp's does, and its blocked handler is logged).
const REGISTRATION_E2E_NAME = 'Camp Registration E2E';

test.describe('first paint (decision 027)', () => {
  test.use({ campSeed: 'registration-open' });

  test('shows the camp on first paint from the page itself, with a clean console when signed out', async ({
    page,
  }) => {
    const console: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') console.push(message.text());
    });
    const asked: string[] = [];
    page.on('request', (request) => asked.push(new URL(request.url()).pathname));
    const response = await page.goto('/');
    // The server wrote the camp's name and configuration into the page (decision 027).
    const html = (await response?.text()) ?? '';
    expect(html).toContain(`<title>${REGISTRATION_E2E_NAME} - Camp Registration</title>`);
    expect(html).toContain(`<meta name="application-name" content="${REGISTRATION_E2E_NAME}" />`);
    await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
    await expect(page.getByRole('banner').getByText(REGISTRATION_E2E_NAME, { exact: true })).toBeVisible();
    expect(asked).not.toContain('/api/public/config');
    // The signed-out connectivity check asks /api/health, not /api/auth/test (which could only say 401).
    // The check may leave after the first paint: wait for its request rather than race it.
    await expect.poll(() => asked).toContain('/api/health');
    expect(asked).not.toContain('/api/auth/test');
    expect(console).toEqual([]);
  });
});
