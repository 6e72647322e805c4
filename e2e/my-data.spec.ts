import { readFile } from 'node:fs/promises';
import { expect, expectNoSidewaysScroll, test } from './support/fixtures';

// My data (docs/product.md §12 My data): a participant downloads the file of their data (read here), deletes their
// account by typing their address, and is signed out to the home page, which says so; their session is gone.
test.use({ campSeed: 'home' });
test.describe.configure({ timeout: 60_000 });

const EMAIL = 'leaving@e2e.test';

test('a participant downloads their data, deletes their account and is signed out', async ({
  page,
  signIn,
  checkA11y,
}) => {
  await signIn(EMAIL);
  await page.goto('/#/profile');
  const card = page.getByRole('heading', { name: 'My data' });
  await expect(card).toBeVisible();

  // The file: my-data-{date}.json, readable JSON with the profile the person gave.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download my data' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^my-data-\d{4}-\d\d-\d\d\.json$/);
  const data = JSON.parse(await readFile((await file.path())!, 'utf8')) as {
    profile: { email: string; firstName: string };
    registrations: unknown[];
    payments: unknown[];
  };
  expect(data.profile).toMatchObject({ email: EMAIL });
  expect(data.profile.firstName).toBeTruthy();
  expect(data.registrations).toEqual([]);
  expect(data.payments).toEqual([]);

  // Delete: the modal explains, the address must be typed.
  await page.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog.getByText(/Your registrations stay counted/)).toBeVisible();
  // The modal at a phone's width: no sideways scroll, and axe finds nothing.
  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoSidewaysScroll(page);
  await checkA11y(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await dialog.getByLabel('Type your e-mail address to confirm').fill('someone@e2e.test');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByText('The e-mail address does not match your account')).toBeVisible();
  await dialog.getByLabel('Type your e-mail address to confirm').fill(EMAIL.toUpperCase());
  await dialog.getByRole('button', { name: 'Delete my account' }).click();

  // Signed out, at home, told so; the old session opens nothing.
  await expect(page.getByText('Your account was deleted. Thank you for camping with us.')).toBeVisible();
  await expect(page).toHaveURL(/#\/$/);
  await expect(page.getByRole('link', { name: 'Login' }).first()).toBeVisible();
  const refresh = await page.request.post('/api/auth/refresh');
  expect(refresh.status()).toBe(401);
});
