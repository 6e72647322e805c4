import type { Locator, Page } from '@playwright/test';
import {
  ADMIN_EMAIL,
  expect,
  expectNoSidewaysScroll,
  fullName,
  type ProfileDetails,
  test,
} from './support/fixtures';
import { registerWithDuesAs } from './support/stripe';
import { saveScreenshot } from './support/screens';

// Internal notes (docs/product.md §12): an admin adds, edits and deletes notes on a person in Admin → Users' drawer
// and reads them beside the person's registration in Manage Registrations; the person's own call to the notes
// route gets 403. Axe and no sideways scroll at 375 and 1280 px; screenshots go to .tmp/screenshots/user-notes.
test.describe.configure({ timeout: 150_000 });
test.use({ campSeed: 'registration-open' });

const SCREENSHOTS = '.tmp/screenshots/user-notes';
const PERSON_EMAIL = 'noted@e2e.test';
const PERSON: ProfileDetails = {
  firstName: 'Noted',
  lastName: 'Camper',
  phone: '555-0171',
  emergencyContact: 'Fern Camper, 555-0172, sister',
};
const PERSON_NAME = fullName(PERSON);

async function both(page: Page, name: string, checkA11y: (page: Page) => Promise<void>) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoSidewaysScroll(page);
    await checkA11y(page);
    await saveScreenshot(page, { path: `${SCREENSHOTS}/${name}-${width}.png`, fullPage: true });
  }
}

/** The note (a list item of the Notes list) that holds `text`. */
const noteWith = (scope: Locator, text: string) =>
  scope.getByRole('list', { name: 'Notes' }).getByRole('listitem').filter({ hasText: text });

test('an admin keeps notes on a person; the person cannot read them', async ({
  page,
  site,
  signIn,
  checkA11y,
}) => {
  const { playwright, server } = site;
  const { userId } = await registerWithDuesAs(site, PERSON_EMAIL, PERSON);

  // The person's own call to the notes about them: 403, and no note in the answer.
  const person = await playwright.request.newContext({ baseURL: server.url });
  try {
    const token = await signIn(PERSON_EMAIL, null, person);
    const refused = await person.get(`/api/users/${userId}/notes`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(refused.status()).toBe(403);
    expect(await refused.json()).toEqual({
      statusCode: 403,
      error: 'Forbidden',
      message: 'You do not have permission to do this',
    });
  } finally {
    await person.dispose();
  }

  await signIn(ADMIN_EMAIL);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/#/admin/users');
  await page
    .getByRole('button', { name: `Edit ${PERSON_NAME}` })
    .first()
    .click();
  const drawer = page.getByRole('dialog', { name: 'Edit User' });
  await expect(drawer.getByText('No notes yet.')).toBeVisible();

  // Add: the rule first, then two notes, newest first.
  await drawer.getByRole('button', { name: 'Add note' }).click();
  await expect(drawer.getByText('Note is required')).toBeVisible();
  const box = drawer.getByRole('textbox', { name: 'New note' });
  await box.fill('Needs a ride from Reno.\nCall before Tuesday.');
  await drawer.getByRole('button', { name: 'Add note' }).click();
  await expect(noteWith(drawer, 'Needs a ride from Reno.')).toBeVisible();
  await expect(box).toHaveValue('');
  await box.fill('Temporary note.');
  await drawer.getByRole('button', { name: 'Add note' }).click();
  await expect(noteWith(drawer, 'Temporary note.')).toBeVisible();
  await expect(drawer.getByRole('list', { name: 'Notes' }).getByRole('listitem').first()).toContainText(
    'Temporary note.',
  );
  const first = noteWith(drawer, 'Needs a ride from Reno.');
  await expect(first).toContainText('(you)');
  await expect(first.locator('time')).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{2}:\d{2}$/);
  await both(page, 'drawer', checkA11y);

  // Edit one's own note: marked edited.
  await page.setViewportSize({ width: 1280, height: 900 });
  await first.getByRole('button', { name: 'Edit' }).click();
  const edit = drawer.getByRole('textbox', { name: 'Edit note' });
  await expect(edit).toBeFocused();
  await edit.fill('Has a ride from Reno now.');
  await drawer.getByRole('button', { name: 'Save note' }).click();
  const edited = noteWith(drawer, 'Has a ride from Reno now.');
  await expect(edited).toContainText('· edited');

  // Delete asks first; Delete note removes it.
  await noteWith(drawer, 'Temporary note.').getByRole('button', { name: 'Delete' }).click();
  const question = drawer.getByRole('alertdialog', { name: 'Delete this note?' });
  await expect(question.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await both(page, 'drawer-delete', checkA11y);
  await question.getByRole('button', { name: 'Delete note' }).click();
  await expect(drawer.getByText('Temporary note.')).toHaveCount(0);
  await expect(drawer.getByRole('list', { name: 'Notes' }).getByRole('listitem')).toHaveCount(1);
  await drawer.getByRole('button', { name: 'Close' }).first().click();
  await expect(drawer).toBeHidden();

  // Beside the registration in Manage Registrations.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/#/admin/manage-registrations');
  await page
    .getByRole('button', { name: `Notes registration of ${PERSON_NAME}` })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: `Notes on ${PERSON_NAME}` });
  await expect(noteWith(dialog, 'Has a ride from Reno now.')).toContainText('· edited');
  await dialog.getByRole('textbox', { name: 'New note' }).fill('Checked in early.');
  await dialog.getByRole('button', { name: 'Add note' }).click();
  await expect(noteWith(dialog, 'Checked in early.')).toBeVisible();
  await both(page, 'registration', checkA11y);
});
