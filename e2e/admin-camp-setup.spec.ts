import { type Locator, type Page } from '@playwright/test';
import { ADMIN_EMAIL, expect, expectNoSidewaysScroll, sampleProfile, test } from './support/fixtures';

// Each test signs in (mail included) and goes through several screens; on a slow machine that takes a while.
test.describe.configure({ timeout: 120_000 });

/** The camp-setup admin's profile. */
const SETUP_ADMIN = { ...sampleProfile, firstName: 'Sage', lastName: 'Setup' };

/** Narrows a DataTable to the rows matching a text. */
async function searchTable(page: Page, text: string) {
  await page.getByRole('searchbox', { name: 'Search' }).fill(text);
}

/** The display names of the field rows, in the order shown. */
async function fieldOrder(page: Page): Promise<string[]> {
  const table = page.getByRole('table', { name: 'Custom fields in the order campers see them' });
  return table.locator('tbody tr td:nth-child(3) p:first-child').allTextContents();
}

function dialog(page: Page, name: string): Locator {
  return page.getByRole('dialog', { name });
}

test.describe('camp setup by an admin (docs/product.md §2 Admin screens)', () => {
  test('a camping option gets two fields, reordered with the keyboard, and the order survives a reload', async ({
    page,
    signIn,
    checkA11y,
  }) => {
    await signIn(ADMIN_EMAIL, SETUP_ADMIN);
    const optionName = 'Shade camping';

    await page.goto('/#/admin/camping-options');
    await expect(page.getByRole('heading', { level: 2, name: 'Camping Options' })).toBeVisible();
    await expect(page.getByRole('link', { name: /Back to Admin/ })).toHaveAttribute('href', '#/admin');
    await checkA11y(page);

    // Add, first with mistakes: the form's own messages (docs/product.md §5).
    await page.getByRole('button', { name: 'Add Camping Option' }).click();
    const optionForm = dialog(page, 'Add Camping Option');
    await expect(optionForm.getByRole('textbox', { name: 'Name', exact: true })).toBeFocused();
    await optionForm.getByRole('textbox', { name: 'Participant dues' }).fill('-5');
    await optionForm.getByRole('textbox', { name: 'Max signups' }).fill('-1');
    await optionForm.getByRole('button', { name: 'Add Camping Option' }).click();
    await expect(optionForm.getByText('Name is required')).toBeVisible();
    await expect(optionForm.getByText('Participant dues cannot be negative')).toBeVisible();
    await expect(optionForm.getByText('Max signups cannot be negative')).toBeVisible();
    await checkA11y(page);

    await optionForm.getByRole('textbox', { name: 'Name', exact: true }).fill(optionName);
    await optionForm
      .getByRole('textbox', { name: 'Description' })
      .fill('A spot under the big shade structure.');
    await optionForm.getByRole('textbox', { name: 'Participant dues' }).fill('125.5');
    await optionForm.getByRole('textbox', { name: 'Staff dues' }).fill('60');
    await optionForm.getByRole('textbox', { name: 'Max signups' }).fill('0');
    await optionForm.getByRole('textbox', { name: 'Work shifts required' }).fill('2');
    await optionForm.getByRole('button', { name: 'Add Camping Option' }).click();
    await expect(optionForm).toBeHidden();
    await expect(page.getByText('Camping option added')).toBeVisible();

    await searchTable(page, optionName);
    const row = page.getByRole('row', { name: new RegExp(optionName) });
    await expect(row).toContainText('Enabled');
    await expect(row).toContainText('$125.50');
    await expect(row).toContainText('$60.00');
    await expect(row).toContainText('Unlimited');
    await row.getByRole('link', { name: `Fields (0) of ${optionName}` }).click();

    // The fields screen: two fields, Alpha then Beta.
    await expect(page.getByRole('heading', { level: 2, name: 'Camping Option Fields' })).toBeVisible();
    await expect(
      page.getByText(`Extra details campers give when they choose “${optionName}”.`),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Add Field' }).click();
    let fieldForm = dialog(page, 'Add Field');
    await fieldForm.getByRole('button', { name: 'Add Field' }).click();
    await expect(fieldForm.getByText('Display name is required')).toBeVisible();
    await fieldForm.getByRole('textbox', { name: 'Display name' }).fill('Alpha tent size');
    await fieldForm.getByRole('textbox', { name: 'Maximum length' }).fill('40');
    await fieldForm.getByRole('button', { name: 'Add Field' }).click();
    await expect(fieldForm).toBeHidden();

    await page.getByRole('button', { name: 'Add Field' }).click();
    fieldForm = dialog(page, 'Add Field');
    await fieldForm.getByRole('textbox', { name: 'Display name' }).fill('Beta people');
    await fieldForm.getByRole('combobox', { name: 'Data type' }).selectOption('INTEGER');
    await fieldForm.getByRole('textbox', { name: 'Minimum value' }).fill('1');
    await fieldForm.getByRole('textbox', { name: 'Maximum value' }).fill('6');
    await fieldForm.getByRole('checkbox', { name: 'Required' }).check();
    await fieldForm.getByRole('button', { name: 'Add Field' }).click();
    await expect(fieldForm).toBeHidden();
    await expect.poll(() => fieldOrder(page)).toEqual(['Alpha tent size', 'Beta people']);
    await checkA11y(page);

    // Reorder by keyboard: focus Beta's handle, Space to pick it up, ArrowUp, Space to drop.
    const handle = page.getByRole('button', { name: 'Reorder Beta people' });
    await handle.focus();
    await page.keyboard.press('Space');
    await expect(page.getByText('Picked up Beta people. It is in position 2 of 2.')).toBeAttached();
    await page.keyboard.press('ArrowUp');
    await expect(page.getByText('Beta people moved to position 1 of 2.')).toBeAttached();
    const saved = page.waitForResponse(
      (response) => response.url().includes('/api/camping-option-fields/reorder/') && response.ok(),
    );
    await page.keyboard.press('Space');
    await saved;
    await expect.poll(() => fieldOrder(page)).toEqual(['Beta people', 'Alpha tent size']);

    await page.reload();
    await expect.poll(() => fieldOrder(page)).toEqual(['Beta people', 'Alpha tent size']);

    // Delete with confirmation: Cancel keeps the field, Delete removes it.
    await page.getByRole('button', { name: 'Delete Alpha tent size' }).click();
    let confirm = dialog(page, 'Delete field');
    await expect(confirm).toContainText('Delete the field “Alpha tent size”? This cannot be undone.');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await page.getByRole('button', { name: 'Delete Alpha tent size' }).click();
    confirm = dialog(page, 'Delete field');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(confirm).toBeHidden();
    await expect.poll(() => fieldOrder(page)).toEqual(['Beta people']);

    // Back on the list, the option now has one field; delete it with confirmation.
    await page.getByRole('link', { name: 'All Camping Options' }).click();
    await searchTable(page, optionName);
    await expect(page.getByRole('link', { name: `Fields (1) of ${optionName}` })).toBeVisible();
    await page.getByRole('button', { name: `Delete ${optionName}` }).click();
    confirm = dialog(page, 'Delete camping option');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByText('No camping options found...')).toBeVisible();
  });

  test('a job category, a shift and a job are created, checked and deleted', async ({
    page,
    signIn,
    checkA11y,
  }) => {
    await signIn(ADMIN_EMAIL, SETUP_ADMIN);
    const categoryName = 'Kitchen';
    const shiftName = 'Breakfast';
    const jobName = 'Dishwasher';

    // Job category.
    await page.goto('/#/admin/job-categories');
    await expect(page.getByRole('heading', { level: 2, name: 'Job Category Management' })).toBeVisible();
    await checkA11y(page);
    await page.getByRole('button', { name: 'Add Job Category' }).click();
    const categoryForm = dialog(page, 'Add Job Category');
    await categoryForm.getByRole('button', { name: 'Add Job Category' }).click();
    await expect(categoryForm.getByRole('alert')).toContainText('Name and description are required.');
    await categoryForm.getByRole('textbox', { name: 'Name', exact: true }).fill(categoryName);
    await categoryForm.getByRole('textbox', { name: 'Description' }).fill('Cooking and cleaning.');
    await categoryForm.getByRole('checkbox', { name: 'Always required' }).check();
    await categoryForm.getByRole('button', { name: 'Add Job Category' }).click();
    await expect(categoryForm).toBeHidden();
    await searchTable(page, categoryName);
    await expect(page.getByRole('row', { name: new RegExp(categoryName) })).toContainText('Always required');

    // Shift: the form starts on Monday, 09:00 to 17:00 (docs/product.md §9).
    await page.goto('/#/admin/shifts');
    await expect(page.getByRole('heading', { level: 2, name: 'Shifts' })).toBeVisible();
    await checkA11y(page);
    await page.getByRole('button', { name: 'Add Shift' }).click();
    const shiftForm = dialog(page, 'Add Shift');
    const day = shiftForm.getByRole('combobox', { name: 'Day' });
    await expect(day).toHaveValue('MONDAY');
    await expect(day.locator('option:checked')).toHaveText('Monday');
    const start = shiftForm.getByRole('textbox', { name: 'Start time' });
    const end = shiftForm.getByRole('textbox', { name: 'End time' });
    await expect(start).toHaveValue('09:00');
    await expect(end).toHaveValue('17:00');
    await shiftForm.getByRole('button', { name: 'Add Shift' }).click();
    await expect(shiftForm.getByRole('alert')).toContainText(
      'Name, day, start time, and end time are required.',
    );
    await shiftForm.getByRole('textbox', { name: 'Name', exact: true }).fill(shiftName);
    await start.fill('7am');
    await shiftForm.getByRole('button', { name: 'Add Shift' }).click();
    await expect(shiftForm.getByRole('alert')).toContainText(
      'Times must be in HH:MM format (e.g., "09:00" or "17:30")',
    );
    await start.fill('07:00');
    await end.fill('11:30');
    await day.selectOption({ label: 'Opening Sunday' });
    await shiftForm.getByRole('button', { name: 'Add Shift' }).click();
    await expect(shiftForm).toBeHidden();
    await searchTable(page, shiftName);
    const shiftRow = page.getByRole('row', { name: new RegExp(shiftName) });
    await expect(shiftRow).toContainText('Opening Sunday');
    await expect(shiftRow).toContainText('07:00–11:30');

    // Job: sortable, searchable table and a modal form.
    await page.goto('/#/admin/jobs');
    await expect(page.getByRole('heading', { level: 2, name: 'Jobs' })).toBeVisible();
    await checkA11y(page);
    await page.getByRole('button', { name: 'Add Job' }).click();
    const jobForm = dialog(page, 'Add Job');
    const places = jobForm.getByRole('textbox', { name: 'Maximum registrations' });
    await expect(places).toHaveValue('5');
    await jobForm.getByRole('button', { name: 'Add Job' }).click();
    await expect(jobForm.getByRole('alert')).toContainText('All fields are required.');
    await jobForm.getByRole('textbox', { name: 'Name', exact: true }).fill(jobName);
    await jobForm.getByRole('textbox', { name: 'Location' }).fill('Kitchen tent');
    await jobForm.getByRole('combobox', { name: 'Category' }).selectOption({ label: categoryName });
    await jobForm
      .getByRole('combobox', { name: 'Shift' })
      .selectOption({ label: `Opening Sunday 07:00–11:30 · ${shiftName}` });
    await places.fill('0');
    await jobForm.getByRole('button', { name: 'Add Job' }).click();
    await expect(jobForm.getByText('Maximum registrations must be a positive number.')).toBeVisible();
    await places.fill('3');
    await jobForm.getByRole('button', { name: 'Add Job' }).click();
    await expect(jobForm).toBeHidden();
    await expect(page.getByText('Job added')).toBeVisible();

    await searchTable(page, jobName);
    const jobRow = page.getByRole('row', { name: new RegExp(jobName) });
    await expect(jobRow).toContainText(categoryName);
    await expect(jobRow).toContainText('Opening Sunday 07:00–11:30');
    await expect(jobRow).toContainText('0/3');
    await expect(jobRow).toContainText('Always required');
    const nameHeader = page.getByRole('columnheader', { name: 'Name' });
    await nameHeader.getByRole('button').click();
    await expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
    await nameHeader.getByRole('button').press('Enter');
    await expect(nameHeader).toHaveAttribute('aria-sort', 'descending');

    // The shift is in use: its delete is refused with the server's reason.
    await page.goto('/#/admin/shifts');
    await searchTable(page, shiftName);
    await page.getByRole('button', { name: `Delete ${shiftName}` }).click();
    let confirm = dialog(page, 'Delete shift');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(confirm.getByRole('alert')).toContainText(
      'This shift cannot be deleted while 1 job uses it.',
    );
    await confirm.getByRole('button', { name: 'Cancel' }).click();

    // Delete the job, then the shift and the category, each after a confirmation.
    await page.goto('/#/admin/jobs');
    await searchTable(page, jobName);
    await page.getByRole('button', { name: `Delete ${jobName}` }).click();
    confirm = dialog(page, 'Delete job');
    await expect(confirm).toContainText(`Delete the job “${jobName}”? This cannot be undone.`);
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByText('No jobs found.')).toBeVisible();

    await page.goto('/#/admin/shifts');
    await searchTable(page, shiftName);
    await page.getByRole('button', { name: `Delete ${shiftName}` }).click();
    confirm = dialog(page, 'Delete shift');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByText('No shifts found.')).toBeVisible();

    await page.goto('/#/admin/job-categories');
    await searchTable(page, categoryName);
    await page.getByRole('button', { name: `Delete ${categoryName}` }).click();
    confirm = dialog(page, 'Delete job category');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByText('No job categories found.')).toBeVisible();
  });

  test('every camp-setup screen fits a phone and passes axe there', async ({ page, signIn, checkA11y }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    const accessToken = await signIn(ADMIN_EMAIL, SETUP_ADMIN);
    const created = await page.request.post('/api/camping-options', {
      headers: { Authorization: `Bearer ${accessToken}` },
      data: { name: 'Phone check', participantDues: 10, staffDues: 5 },
    });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: string };

    for (const [path, heading] of [
      ['/#/admin/camping-options', 'Camping Options'],
      [`/#/admin/camping-options/${id}/fields`, 'Camping Option Fields'],
      ['/#/admin/job-categories', 'Job Category Management'],
      ['/#/admin/jobs', 'Jobs'],
      ['/#/admin/shifts', 'Shifts'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
      await expect(page.getByRole('link', { name: /Back to Admin/ })).toBeVisible();
      // One card per row on a phone (DataTable), or its empty text; the fields list stays a table.
      const rows = page
        .getByRole('list', { name: /^(Camping options|Job categories|Jobs|Shifts)$/ })
        .or(page.getByText(/^No [a-z ]+ found/));
      await expect(page.getByRole('table').or(rows).first()).toBeVisible();
      await expectNoSidewaysScroll(page);
      await checkA11y(page);
    }
  });
});
