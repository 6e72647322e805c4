import { expect, sampleProfile, test } from './support/fixtures';

// The one-click sign-in link of the sign-in mail (decision 062): it signs in, in the browser that asked for the code.

test('a camper asks for a code and signs in with the link from the mail, in the same browser', async ({
  page,
  mailbox,
  signIn,
  playwright,
  server,
}) => {
  const email = 'linker@e2e.test';
  // The camper has an account with a complete profile, made from another context (the page stays signed out).
  const api = await playwright.request.newContext({ baseURL: server.url });
  await signIn(email, { ...sampleProfile, firstName: 'Linnea' }, api);
  await api.dispose();

  await page.goto('/#/login');
  await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
  const before = mailbox.count(email);
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Send Code' }).click();
  await expect(page.getByRole('heading', { name: 'Check Your Email' })).toBeVisible();
  await expect(page.getByText(/We sent a 6-digit code and a sign-in link to/)).toBeVisible();

  const mail = await mailbox.newest(email, before + 1);
  const link = /(http\S+\/#\/login\/link\?token=[\w-]{43})/.exec(mail.text)?.[1];
  expect(link, mail.text).toBeDefined();
  expect(link!.startsWith(`${server.url}/#/login/link?token=`)).toBe(true);

  await page.goto(link!);
  await expect(page.getByRole('heading', { name: 'Welcome, Linnea Sky!' })).toBeVisible();
  await expect(page).toHaveURL(/#\/dashboard$/);
});
