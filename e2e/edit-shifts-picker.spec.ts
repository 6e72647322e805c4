import type { Locator, Page } from '@playwright/test';
import { eq } from 'drizzle-orm';
import { registrationJobs } from '../apps/api/src/db/schema/index';
import { dayLabel, dayOrder, isJobFull } from '@camp/shared/rules';
import { seedDemoCamp } from '../scripts/demo/database';
import type { DemoData } from '../scripts/demo/demo-data';
import { ADMIN_EMAIL, expect, expectNoSidewaysScroll, test } from './support/fixtures';
import { saveScreenshot } from './support/screens';

// The admin edits a registration's shifts on the demo camp (72 jobs over ten days): the picker lists the
// registration's shifts first and the rest under their days, the filter box narrows it, full jobs stay
// closed, and Save changes the shifts on the server and in the audit trail. At 1280 and 375 px, with axe.
test.describe.configure({ timeout: 180_000 });
test.use({ campSeed: 'none' });

const SCREENSHOTS = 'test-results/edit-shifts-picker-screens';
const PHONE = { width: 375, height: 800 };
const DESKTOP = { width: 1280, height: 900 };

/** The registration the test edits: an active one with at least two shifts, of a person with a unique name. */
function pickRegistration(demo: DemoData) {
  const nameOf = (userId: string) => {
    const user = demo.users.find((candidate) => candidate.id === userId)!;
    return `${user.firstName} ${user.lastName}`;
  };
  const names = demo.users.map((user) => `${user.firstName} ${user.lastName}`);
  const registration = demo.registrations.find(
    (candidate) =>
      candidate.status !== 'CANCELLED' &&
      demo.registrationJobs.filter((link) => link.registrationId === candidate.id).length >= 2 &&
      names.filter((name) => name === nameOf(candidate.userId)).length === 1,
  )!;
  const heldIds = demo.registrationJobs
    .filter((link) => link.registrationId === registration.id)
    .map((link) => link.jobId);
  return { registration, name: nameOf(registration.userId), heldIds };
}

/** A pattern for a name at the start of a checkbox's accessible name. */
const startsWith = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);

const jobDay = (demo: DemoData, jobId: string) => {
  const job = demo.jobs.find((candidate) => candidate.id === jobId)!;
  return demo.shifts.find((shift) => shift.id === job.shiftId)!.dayOfWeek;
};

/** Axe, no sideways scroll, and screenshots at 1280 and 375 px (looked at by people, never committed). */
async function checkBothWidths(page: Page, checkA11y: (page: Page) => Promise<void>, name: string) {
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    await checkA11y(page);
    await expectNoSidewaysScroll(page);
    await saveScreenshot(page, { path: `${SCREENSHOTS}/${name}-${size.width}.png` });
  }
}

/** The dialog fills the window (a phone) or stands inside it with room around it (a wide screen). */
async function expectFullScreen(page: Page, dialog: Locator, full: boolean) {
  const box = (await dialog.boundingBox())!;
  const size = page.viewportSize()!;
  if (full) {
    expect(Math.round(box.x)).toBe(0);
    expect(Math.round(box.y)).toBe(0);
    expect(Math.round(box.width)).toBe(size.width);
    expect(Math.round(box.height)).toBe(size.height);
  } else {
    expect(box.width).toBeLessThan(size.width - 200);
    expect(box.y).toBeGreaterThan(0);
  }
}

test('an admin edits a registration’s shifts among 72 jobs: assigned first, by day, filtered; saved and audited', async ({
  page,
  backend,
  signIn,
  checkA11y,
}) => {
  const demo = await seedDemoCamp(backend.database.db);
  backend.app.services.config.invalidate();
  expect(demo.jobs.length).toBeGreaterThanOrEqual(70);
  const { registration, name, heldIds } = pickRegistration(demo);
  const jobName = (id: string) => demo.jobs.find((job) => job.id === id)!.name;
  const held = new Set(heldIds);
  const others = demo.jobs.filter((job) => !held.has(job.id));
  const otherDays = [...new Set(others.map((job) => jobDay(demo, job.id)))].sort(
    (a, b) => dayOrder(a) - dayOrder(b),
  );
  const unique = (job: (typeof others)[number]) =>
    demo.jobs.filter((other) => other.name === job.name).length === 1;
  const full = others.find((job) => isJobFull(job) && unique(job))!;
  expect(full).toBeDefined();
  // A job with room, not held, whose name is its own: the one to add.
  const added = others.find((job) => !isJobFull(job) && unique(job))!;
  const removed = heldIds[0]!;

  await signIn(ADMIN_EMAIL, null);
  await page.setViewportSize(DESKTOP);
  await page.goto('/#/admin/manage-registrations');
  await page.getByRole('button', { name: 'Filters' }).click();
  await page.getByRole('region', { name: 'Filters' }).getByRole('searchbox', { name: 'Name' }).fill(name);
  await page.getByRole('button', { name: `Edit registration of ${name}` }).click();
  const edit = page.getByRole('dialog', { name: `Edit registration of ${name}` });
  const summary = edit.getByRole('region', { name: `Work shifts (${heldIds.length} shifts selected)` });
  for (const id of heldIds) await expect(summary.getByText(jobName(id), { exact: true })).toBeVisible();

  // The picker: the filter box has the focus; the held shifts first, every other shift under its day.
  const open = edit.getByRole('button', { name: 'Choose shifts' });
  await open.click();
  const picker = page.getByRole('dialog', { name: `Work shifts of ${name}` });
  const filter = picker.getByRole('searchbox', { name: 'Filter shifts' });
  await expect(filter).toBeFocused();
  // The edit dialog shows the picker in place of its form: one dialog at a time.
  await expect(page.getByRole('dialog')).toHaveCount(1);
  await expect(picker.getByRole('heading', { level: 3 })).toHaveText([
    'Assigned to this registration',
    'Other shifts',
  ]);
  await expect(picker.getByRole('heading', { level: 4 })).toHaveText(otherDays.map(dayLabel));
  await expect(picker.getByRole('checkbox')).toHaveCount(demo.jobs.length);
  const assigned = picker.getByRole('region', { name: 'Assigned to this registration' });
  await expect(assigned.getByRole('checkbox')).toHaveCount(heldIds.length);
  for (const checkbox of await assigned.getByRole('checkbox').all()) await expect(checkbox).toBeChecked();
  await expect(picker.getByText(`${heldIds.length} shifts selected`, { exact: true })).toBeVisible();
  // A full shift the registration does not hold is marked and cannot be ticked.
  const fullBox = picker.getByRole('checkbox', { name: startsWith(full.name) });
  await expect(
    picker.getByRole('listitem').filter({ has: page.getByRole('checkbox', { name: startsWith(full.name) }) }),
  ).toContainText('Full');
  await expect(fullBox).toBeDisabled();
  await expectFullScreen(page, picker, false);
  await checkBothWidths(page, checkA11y, 'picker');
  await expectFullScreen(page, picker, true);

  // The filter narrows the list; a filter that matches nothing says so.
  await filter.fill('no such shift anywhere');
  await expect(picker.getByText('No shifts match “no such shift anywhere”.')).toBeVisible();
  await expect(picker.getByRole('checkbox')).toHaveCount(0);
  await checkBothWidths(page, checkA11y, 'picker-no-match');
  await filter.fill(added.name);
  const addedBox = picker.getByRole('checkbox', { name: startsWith(added.name) });
  await expect(addedBox).toBeVisible();
  expect(await picker.getByRole('checkbox').count()).toBeLessThan(demo.jobs.length);
  await expect(picker.getByText(new RegExp(`^\\d+ of ${demo.jobs.length} shifts shown$`))).toBeVisible();
  await checkBothWidths(page, checkA11y, 'picker-filtered');

  // By keyboard: Tab from the filter box to the first shift it shows, Space ticks it.
  await expect(picker.getByRole('checkbox').first()).toHaveAccessibleName(startsWith(added.name));
  await filter.focus();
  await page.keyboard.press('Tab');
  await expect(addedBox).toBeFocused();
  await page.keyboard.press('Space');
  await expect(addedBox).toBeChecked();
  await expect(picker.getByText(`${heldIds.length + 1} shifts selected`, { exact: true })).toBeVisible();
  // Back to the whole list: untick a held shift (it stays first), then Done.
  await filter.fill('');
  const removedBox = assigned.getByRole('checkbox', { name: startsWith(jobName(removed)) });
  await removedBox.uncheck();
  await expect(removedBox).not.toBeChecked();
  await expect(picker.getByText(`${heldIds.length} shifts selected`, { exact: true })).toBeVisible();
  await picker.getByRole('button', { name: 'Done' }).click();
  await expect(picker).toHaveCount(0);
  await expect(open).toBeFocused();

  // The edit form lists the new choice; Save sends it.
  await expect(summary.getByText(added.name, { exact: true })).toBeVisible();
  await expect(summary.getByText(jobName(removed), { exact: true })).toHaveCount(0);
  await edit.getByLabel('Notes').fill('Moved to a shift with room');
  await checkBothWidths(page, checkA11y, 'edit');
  await page.setViewportSize(DESKTOP);
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit).toHaveCount(0);

  // The server holds the new shifts.
  const rows = await backend.database.db
    .select({ jobId: registrationJobs.jobId })
    .from(registrationJobs)
    .where(eq(registrationJobs.registrationId, registration.id));
  expect(rows.map((row) => row.jobId).sort()).toEqual(
    [...heldIds.filter((id) => id !== removed), added.id].sort(),
  );

  // The audit trail names the shift added and the one removed.
  await page.getByRole('button', { name: `Audit trail registration of ${name}` }).click();
  const audit = page.getByRole('dialog', { name: `Audit trail of ${name}` });
  const edited = audit
    .getByRole('list', { name: 'Changes, newest first' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'Registration edited' }) })
    .first();
  await expect(edited.getByText('Reason: Moved to a shift with room')).toBeVisible();
  await edited.getByRole('button', { name: /related changes?/ }).click();
  await expect(edited.getByText('Work shift added')).toBeVisible();
  await expect(edited.getByText('Work shift removed')).toBeVisible();
  await expect(edited.getByText(added.name).first()).toBeVisible();
  await expect(edited.getByText(jobName(removed)).first()).toBeVisible();
});
