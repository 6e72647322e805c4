import { type Locator, type Page } from '@playwright/test';
import { ADMIN_EMAIL, expect, expectNoSidewaysScroll, test } from './support/fixtures';

/*
 * Admin panel, Site Configuration and User Management (docs/product.md §2) on a server that was never configured: these
 * tests configure a camp from scratch. Every test signs in as the admin.
 */
test.describe.configure({ timeout: 120_000 });
test.use({ campSeed: 'none' });

/** The admin's profile (the panel greets them by name). */
const CONFIG_ADMIN = {
  firstName: 'Rowan',
  lastName: 'Admin',
  phone: '555-0150',
  emergencyContact: 'Sky Admin, 555-0151, sibling',
};

const open = (page: Page, route: string) => page.goto(`/#${route}`);

/** The editable area of a rich-text field, by its label. */
const editor = (page: Page, label: string): Locator =>
  page.getByRole('textbox', { name: label, exact: true });

async function typeRichText(page: Page, label: string, lines: string[]) {
  await editor(page, label).click();
  for (const [index, line] of lines.entries()) {
    if (index > 0) await page.keyboard.press('Enter');
    await page.keyboard.type(line);
  }
}

test.describe('Site Configuration (docs/product.md §2, §4, §5, §8)', () => {
  test('an admin configures a camp from scratch and the header, title and home page change', async ({
    page,
    signIn,
    checkA11y,
  }) => {
    await signIn(ADMIN_EMAIL, CONFIG_ADMIN);
    const campName = 'Camp Firefly E2E';

    await open(page, '/');
    await expect(page.getByRole('heading', { name: /This site has not been configured yet/ })).toBeVisible();

    await open(page, '/admin');
    await expect(page.getByRole('heading', { level: 2, name: 'Admin Panel' })).toBeVisible();
    await expect(page.getByText('Welcome, Rowan Admin!')).toBeVisible();
    await page.getByRole('link', { name: /Camp Configuration/ }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Site Configuration' })).toBeVisible();
    await expect(page.getByText('No configuration yet')).toBeVisible();

    // The blank form's defaults (docs/product.md §9).
    await expect(page.getByRole('checkbox', { name: 'Registration open', exact: true })).toBeChecked();
    await expect(page.getByRole('textbox', { name: 'SMTP Port' })).toHaveValue('587');
    await expect(page.getByRole('combobox', { name: 'Time zone' })).toHaveValue('UTC');
    await expect(
      page.getByRole('checkbox', { name: /Enable PayPal payments \(not yet implemented\)/ }),
    ).toBeDisabled();

    // Nothing typed: the form's own messages, nothing sent.
    await page.getByRole('button', { name: 'Create Configuration' }).click();
    await expect(page.getByText('Please fix the validation errors before submitting.')).toBeVisible();
    await expect(page.getByText('Camp name is required')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Camp name' })).toBeFocused();

    await page.getByRole('textbox', { name: 'Camp name' }).fill(campName);
    await typeRichText(page, 'Camp description', ['Fireflies, shade and late-night cocoa.']);
    await typeRichText(page, 'Home page blurb', ['## Welcome, fireflies!', 'Registration for 2032 is open.']);
    await typeRichText(page, 'Registration terms', ['Leave no trace and look after each other.']);
    const year = page.getByRole('textbox', { name: 'Registration year' });
    await year.fill('2032');
    await page.getByRole('checkbox', { name: 'Early registration open' }).check();
    await page.getByRole('button', { name: 'Create Configuration' }).click();
    await expect(page.getByText('Configuration created successfully!')).toBeVisible();

    // The header and the page title change at once, without a reload. Admin pages show the collapsed header
    // (the camp's name, no description); the home page shows the whole banner with the description.
    const header = page.getByRole('banner');
    await expect(header.getByText(campName, { exact: true })).toBeVisible();
    await expect(header.getByText('Fireflies, shade and late-night cocoa.')).toBeHidden();
    await expect(page).toHaveTitle(`${campName} - Camp Registration`);

    await open(page, '/');
    await expect(header.getByText('Fireflies, shade and late-night cocoa.')).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Welcome, fireflies!' })).toBeVisible();
    await expect(page.getByText('Registration for 2032 is open.')).toBeVisible();

    // What was saved comes back; a second save changes the stored configuration.
    await open(page, '/admin/configuration');
    await expect(page.getByRole('textbox', { name: 'Camp name' })).toHaveValue(campName);
    await expect(year).toHaveValue('2032');
    await expect(page.getByRole('checkbox', { name: 'Early registration open' })).toBeChecked();
    await expect(editor(page, 'Registration terms')).toContainText('Leave no trace');
    await page.getByRole('checkbox', { name: 'Registration open', exact: true }).uncheck();
    await page.getByRole('button', { name: 'Save Configuration' }).click();
    await expect(page.getByText('Configuration saved successfully!')).toBeVisible();
    await page.reload();
    await expect(page.getByRole('checkbox', { name: 'Registration open', exact: true })).not.toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Early registration open' })).toBeChecked();
    await checkA11y(page);
  });

  test('a test e-mail reaches the SMTP server and its history; the SMTP connection test reports both ways', async ({
    page,
    server,
    mailbox,
    signIn,
    checkA11y,
  }) => {
    await signIn(ADMIN_EMAIL, CONFIG_ADMIN);
    await open(page, '/admin/configuration');
    await expect(page.getByRole('heading', { level: 2, name: 'Site Configuration' })).toBeVisible();

    const recipients = page.getByRole('textbox', { name: 'Recipient email addresses' });
    const send = page.getByRole('button', { name: 'Send Test Email' });
    await send.click();
    await expect(page.getByText('Please enter at least one email address')).toBeVisible();
    await recipients.fill('fine@e2e.test, not-an-address');
    await send.click();
    await expect(page.getByText('Invalid email address(es): not-an-address')).toBeVisible();

    const first = 'test-mail-a@e2e.test';
    const second = 'test-mail-b@e2e.test';
    await recipients.fill(`${first}, ${second}`);
    await send.click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Test email sent successfully to 2 recipient(s)!' }).first(),
    ).toBeVisible();
    const mail = await mailbox.newest(first);
    expect(mail.subject).toMatch(/ - Test Email$/);
    expect(mail.text).toContain('SMTP details');
    await mailbox.newest(second);

    const history = page.getByRole('table', { name: 'Recent test emails' });
    for (const address of [first, second]) {
      const row = history.getByRole('row').filter({ hasText: address });
      await expect(row).toContainText('Sent');
      await expect(row).toContainText(mail.subject);
    }

    // The connection test uses what the form holds now, saved or not.
    await page.getByRole('textbox', { name: 'SMTP Host' }).fill('127.0.0.1');
    await page.getByRole('textbox', { name: 'SMTP Port' }).fill(String(server.smtpPort));
    await page.getByRole('button', { name: 'Test SMTP Connection' }).click();
    const success = page.getByRole('alert').filter({ hasText: 'Connection Successful' });
    await expect(success).toBeVisible();
    await expect(success).toContainText('Host: 127.0.0.1');
    await expect(success).toContainText(`Port: ${server.smtpPort}`);
    await expect(success).toContainText('Authenticated: No');

    await page.getByRole('textbox', { name: 'SMTP Port' }).fill('1');
    await page.getByRole('button', { name: 'Test SMTP Connection' }).click();
    const failure = page.getByRole('alert').filter({ hasText: 'Connection Failed' });
    await expect(failure).toBeVisible();
    await expect(failure).toContainText('Error details:');
    await checkA11y(page);
  });
});

test.describe('User Management (docs/product.md §2, §3, §8)', () => {
  test('an admin creates a user, edits the user’s role and flags, and deletes another after confirming', async ({
    page,
    signIn,
    checkA11y,
  }) => {
    await signIn(ADMIN_EMAIL, CONFIG_ADMIN);
    await open(page, '/admin');
    await page.getByRole('link', { name: /User Management/ }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'User Management' })).toBeVisible();
    await expect(page.getByRole('link', { name: /Back to Admin/ })).toHaveAttribute('href', '#/admin');

    const email = 'managed@e2e.test';
    await page.getByRole('button', { name: 'Add User' }).click();
    const form = page.getByRole('dialog', { name: 'Add User' });
    await expect(form.getByRole('textbox', { name: 'Email' })).toBeFocused();
    await expect(form.getByRole('checkbox', { name: /Allow registration/ })).toBeChecked();
    await expect(form.getByRole('combobox', { name: 'Role' })).toHaveValue('PARTICIPANT');
    // Internal notes belong to a person who exists: the edit drawer's Notes part (docs/product.md §12).
    await expect(form.getByRole('textbox', { name: 'New note' })).toHaveCount(0);
    await checkA11y(page);
    await form.getByRole('textbox', { name: 'Email' }).fill(email);
    await form.getByRole('textbox', { name: 'First name' }).fill('Moss');
    await form.getByRole('textbox', { name: 'Last name' }).fill('Meadow');
    await form.getByRole('button', { name: 'Create User' }).click();
    await expect(form).toBeHidden();
    await expect(page.getByText('User Moss Meadow created.')).toBeVisible();

    await page.getByRole('searchbox', { name: 'Search users' }).fill(email);
    const table = page.getByRole('table', { name: 'Users' });
    const row = table.getByRole('row').filter({ hasText: email });
    await expect(row).toContainText('Moss Meadow');
    await expect(row).toContainText('user');

    await row.getByRole('button', { name: 'Edit Moss Meadow' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit User' });
    await expect(edit.getByRole('textbox', { name: 'Email' })).toHaveValue(email);
    await edit.getByRole('combobox', { name: 'Role' }).selectOption('STAFF');
    await edit.getByRole('checkbox', { name: /Allow early registration/ }).check();
    await edit.getByRole('checkbox', { name: /No job requirement/ }).check();
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(edit).toBeHidden();
    await expect(page.getByText('User Moss Meadow updated.')).toBeVisible();
    await expect(row).toContainText('staff');
    await expect(row).toContainText('Early registration');
    await expect(row).toContainText('No job requirement');

    // Stored: the form shows it again.
    await page.reload();
    await page.getByRole('searchbox', { name: 'Search users' }).fill(email);
    await row.getByRole('button', { name: 'Edit Moss Meadow' }).click();
    await expect(edit.getByRole('checkbox', { name: /Allow early registration/ })).toBeChecked();
    await expect(edit.getByRole('checkbox', { name: /No job requirement/ })).toBeChecked();
    await expect(edit.getByRole('checkbox', { name: /Allow deferred dues payment/ })).not.toBeChecked();
    await expect(edit.getByRole('combobox', { name: 'Role' })).toHaveValue('STAFF');
    await edit.getByRole('button', { name: 'Cancel' }).click();
    await expect(edit).toBeHidden();

    // Deleting asks first; Cancel keeps the user.
    await row.getByRole('button', { name: 'Delete Moss Meadow' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete user' });
    await expect(confirm).toContainText(`Delete Moss Meadow (${email})? This cannot be undone.`);
    await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await checkA11y(page);
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByText('User Moss Meadow deleted.')).toBeVisible();
    await expect(page.getByText('No users found')).toBeVisible();
  });
});

test.describe('accessibility and small screens', () => {
  test('admin panel, the draw, configuration and users have no axe violations and fit a phone', async ({
    page,
    signIn,
    checkA11y,
  }) => {
    await signIn(ADMIN_EMAIL, CONFIG_ADMIN);
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await open(page, '/admin');
      await expect(page.getByRole('heading', { level: 2, name: 'Admin Panel' })).toBeVisible();
      await expect(page.getByRole('list', { name: 'Admin areas' }).getByRole('link')).toHaveCount(11);
      await checkA11y(page);
      await expectNoSidewaysScroll(page);

      // The draw (docs/product.md §10): the window's state, the entries, the record once drawn.
      await open(page, '/admin/draw');
      await expect(page.getByRole('heading', { level: 2, name: 'The draw' })).toBeVisible();
      await expect(page.getByRole('heading', { level: 3, name: /^Application window/ })).toBeVisible();
      await checkA11y(page);
      await expectNoSidewaysScroll(page);

      await open(page, '/admin/configuration');
      await expect(page.getByRole('textbox', { name: 'Camp name' })).toBeVisible();
      await expect(editor(page, 'Home page blurb')).toBeVisible();
      await expect(
        page
          .getByText('No test emails sent yet.')
          .or(page.getByRole('table', { name: 'Recent test emails' })),
      ).toBeVisible();
      await checkA11y(page);
      await expectNoSidewaysScroll(page);

      await open(page, '/admin/users');
      // A table on a laptop; one card per user on a phone (DataTable's phone layout).
      const users =
        width === 375
          ? page.getByRole('list', { name: 'Users' }).getByRole('listitem').first()
          : page.getByRole('table', { name: 'Users' }).getByRole('row').nth(1);
      await expect(users).toBeVisible();
      await checkA11y(page);
      await expectNoSidewaysScroll(page);
    }
  });
});
