import { type Page } from '@playwright/test';
import { eq, sql } from 'drizzle-orm';
import { registrations } from '../apps/api/src/db/schema/index';
import {
  ADMIN_EMAIL,
  expect,
  fullName,
  type ProfileDetails,
  REGISTRATION_CAMP,
  sampleProfile,
  test,
} from './support/fixtures';
import { registerWithDuesAs } from './support/stripe';

// docs/product.md §10 (the admins' side) and §2 Waitlist: two people wait for the tent; an admin opens the Waitlist
// screen from the admin panel, moves the second up, offers them a place out of order, skips that offer, removes
// the other with a reason; the Manage Registrations cards count open offers.
test.describe.configure({ timeout: 180_000 });

const CAMP = REGISTRATION_CAMP;
const FIRST: ProfileDetails = {
  firstName: 'Maximiliana',
  lastName: 'Wolfeschlegelsteinhausen',
  phone: '555-0171',
  emergencyContact: 'Someone, 555-0172, sister',
};
const FIRST_EMAIL = 'maximiliana.wolfeschlegelsteinhausenbergerdorff@e2e.test';
const FIRST_NAME = fullName(FIRST);
const SECOND_EMAIL = 'waiting.second@e2e.test';
const SECOND_NAME = fullName(sampleProfile);

const toast = (page: Page, text: string) => page.locator('.mantine-Notification-root', { hasText: text });

test.describe('Waitlist screen', () => {
  test.use({ campSeed: 'registration-open' });

  test('an admin moves, offers, skips and removes people in the line', async ({
    page,
    site,
    screenCheck,
  }) => {
    const { backend, signIn } = site;
    // Both register and are put in line in the database (as i22-tables does): first, then second.
    for (const [email, profile] of [
      [FIRST_EMAIL, FIRST],
      [SECOND_EMAIL, sampleProfile],
    ] as const) {
      const { registrationId } = await registerWithDuesAs(site, email, profile);
      await backend.database.db
        .update(registrations)
        .set({
          status: 'WAITLISTED',
          lineKey: sql<number>`nextval('waitlist_line_seq')`,
          waitlistedAt: new Date(),
        })
        .where(eq(registrations.id, registrationId));
    }

    await signIn(ADMIN_EMAIL, null);
    await page.goto('/#/admin');
    await page.getByRole('link', { name: /^Waitlist/ }).click();
    await expect(page.getByRole('heading', { name: 'Waitlist', level: 2 })).toBeVisible();
    const section = page.getByRole('region', { name: CAMP.option });
    await expect(section.getByText('Waitlist on', { exact: true })).toBeVisible();
    const table = page.getByRole('table', { name: `Line for ${CAMP.option}` });
    const names = () => table.locator('tbody tr td:nth-child(2) p:first-child').allTextContents();
    await expect.poll(names).toEqual([FIRST_NAME, SECOND_NAME]);
    await screenCheck('lines');

    await table.getByRole('button', { name: `Move up ${SECOND_NAME}` }).click();
    await expect(toast(page, `${SECOND_NAME} was moved.`)).toBeVisible();
    await expect.poll(names).toEqual([SECOND_NAME, FIRST_NAME]);

    await table.getByRole('button', { name: `Offer now ${SECOND_NAME}` }).click();
    await expect(toast(page, `${SECOND_NAME} has been offered the places.`)).toBeVisible();
    const second = table.getByRole('row', { name: new RegExp(SECOND_NAME) });
    await expect(second.getByText('Offered', { exact: true })).toBeVisible();
    await expect(second.getByText(/^Offered until /)).toBeVisible();

    await second.getByRole('button', { name: `Skip ${SECOND_NAME}` }).click();
    const skip = page.getByRole('dialog', { name: 'Skip this offer' });
    await expect(skip).toBeVisible();
    await skip.getByRole('button', { name: 'Skip', exact: true }).click();
    await expect(toast(page, `The offer of ${SECOND_NAME} was skipped.`)).toBeVisible();
    // Skipped: at the end of the line, still waiting.
    await expect.poll(names).toEqual([FIRST_NAME, SECOND_NAME]);
    await expect(second.getByText('Last offer: Skipped', { exact: true })).toBeVisible();

    await table.getByRole('button', { name: `Remove ${FIRST_NAME}` }).click();
    const remove = page.getByRole('dialog', { name: 'Remove from the waitlist' });
    await remove.getByRole('textbox', { name: /Reason/ }).fill('Asked us by phone');
    await screenCheck('remove-dialog');
    await remove.getByRole('button', { name: 'Remove', exact: true }).click();
    await expect(toast(page, `${FIRST_NAME} was removed from the waitlist.`)).toBeVisible();
    await expect.poll(names).toEqual([SECOND_NAME]);

    await page.goto('/#/admin/manage-registrations');
    const cards = page.getByRole('region', { name: 'Registration counts' });
    await expect(cards.locator('dt', { hasText: /^Open offers$/ })).toBeVisible();
  });
});
