import { addVirtualAuthenticator } from './support/chromium';
import { expect, test } from './support/fixtures';

// Passkeys (docs/product.md §12 Passkeys, decision 061) end to end, with Chromium's virtual authenticator: sign in
// by code, add a passkey on the profile, sign out, sign in with the passkey, remove it; axe on the
// profile. WebAuthn needs a domain, not an IP, as its relying party: the app is reached as localhost here.
test.use({ publicHost: 'localhost' });
test.describe.configure({ timeout: 90_000 });

test('add a passkey, sign in with it, remove it', async ({ page, signIn, checkA11y }) => {
  await addVirtualAuthenticator(page);

  await signIn('passkey@e2e.test');
  await page.goto('/#/profile');
  const card = page.getByRole('region', { name: 'Passkeys' });
  await expect(card.getByText(/^No passkeys yet\./)).toBeVisible();
  await card.getByRole('button', { name: 'Add a passkey' }).click();
  await card.getByRole('textbox', { name: 'Passkey name' }).fill('Test laptop');
  await card.getByRole('button', { name: 'Add a passkey' }).click();
  const item = card.getByRole('listitem').filter({ hasText: 'Test laptop' });
  await expect(item).toBeVisible();
  await expect(item.getByText(/Never used/)).toBeVisible();
  await checkA11y(page);

  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('button', { name: 'Sign Out' })
    .click();
  await expect(page).toHaveURL(/\/#\/$/);
  await page.goto('/#/login');
  // The page offers the passkey to the browser's autofill as it opens (conditional UI), and Chromium's virtual
  // authenticator may answer that request by itself before the button is pressed: either way the passkey signs in
  // (the profile's "Last used" below proves it); the button's own ceremony is proven in passkey-sign-in.test.tsx.
  await page
    .getByRole('button', { name: 'Sign in with a passkey' })
    .click({ timeout: 5_000 })
    .catch(() => undefined);
  await expect(page).toHaveURL(/#\/dashboard$/);

  await page.goto('/#/profile');
  const used = page
    .getByRole('region', { name: 'Passkeys' })
    .getByRole('listitem')
    .filter({ hasText: 'Test laptop' });
  await expect(used.getByText(/Last used/)).toBeVisible();
  await used.getByRole('button', { name: 'Remove Test laptop' }).click();
  await used.getByRole('button', { name: 'Remove passkey' }).click();
  await expect(page.getByRole('region', { name: 'Passkeys' }).getByText(/^No passkeys yet\./)).toBeVisible();
  await checkA11y(page);
});
