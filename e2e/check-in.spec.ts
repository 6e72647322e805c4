import type { APIRequestContext } from '@playwright/test';
import { ATTENDANCE_REPORT_TEXTS, CHECK_IN_TEXTS } from '@camp/shared';
import {
  expect,
  fullName,
  type ProfileDetails,
  REGISTRATION_CAMP,
  type Site,
  test,
} from './support/fixtures';

// Check-in at shifts in the browser (docs/product.md §11 Check-in, decision 058): two people hold the gate shift;
// staff open /check-in on a phone, mark one showed up and the other a no-show; the user report's "Has no-shows"
// filter then lists the second. Axe and no sideways scroll at 375 and 1280 px (screenCheck).
test.describe.configure({ timeout: 120_000 });

const CAMP = REGISTRATION_CAMP;
const STAFF_EMAIL = 'staff@e2e.test';
const SHOWS: ProfileDetails = {
  firstName: 'Sunny',
  lastName: 'Shows',
  phone: '555-0160',
  emergencyContact: 'Sol Shows, 555-0161, father',
};
const MISSES: ProfileDetails = {
  firstName: 'Misty',
  lastName: 'Misses',
  phone: '555-0170',
  emergencyContact: 'Moss Misses, 555-0171, mother',
  playaName: 'Fog',
};

/** A person registers through the API (a request context of their own) for the day option and the gate shift. */
async function registersForTheGate(site: Site, email: string, profile: ProfileDetails): Promise<void> {
  const { camp, playwright, server, signIn } = site;
  const request: APIRequestContext = await playwright.request.newContext({ baseURL: server.url });
  try {
    const token = await signIn(email, profile, request);
    const response = await request.post('/api/registrations/camp', {
      headers: { Authorization: `Bearer ${token}` },
      data: {
        campingOptions: [camp.idOf(CAMP.freeOption)],
        jobs: [camp.idOf(CAMP.gateJob)],
        acceptedTerms: true,
      },
    });
    expect(response.status(), await response.text()).toBe(201);
  } finally {
    await request.dispose();
  }
}

test.describe('check-in', () => {
  test.use({ campSeed: 'registration-open', viewport: { width: 375, height: 900 } });

  test('staff mark one person showed up and one a no-show; the user report finds the no-show', async ({
    page,
    site,
    screenCheck,
  }) => {
    const { admin, signIn } = site;
    await registersForTheGate(site, 'sunny@e2e.test', SHOWS);
    await registersForTheGate(site, 'misty@e2e.test', MISSES);
    await admin.createUser(STAFF_EMAIL, { role: 'STAFF', firstName: 'Sam', lastName: 'Staff' });
    await signIn(STAFF_EMAIL, null);

    // The phone: the shift picker (the gate shift is the one with two people) and its people.
    await page.goto('/#/check-in');
    await expect(page.getByRole('heading', { name: CHECK_IN_TEXTS.title, level: 2 })).toBeVisible();
    const picker = page.getByRole('combobox', { name: CHECK_IN_TEXTS.shiftLabel });
    const pickGateShift = async () =>
      picker.selectOption(
        (await picker.locator('option', { hasText: '(2 people)' }).first().getAttribute('value')) ?? '',
      );
    await pickGateShift();
    const sunny = page.getByRole('group', { name: fullName(SHOWS) });
    const misty = page.getByRole('group', { name: `${fullName(MISSES)} (Fog)` });
    await expect(sunny).toBeVisible();
    await expect(misty).toBeVisible();
    await expect(page.getByTestId('count-people')).toHaveText('2');
    await screenCheck('shift');

    await page.setViewportSize({ width: 375, height: 900 });
    const showed = sunny.getByRole('button', { name: CHECK_IN_TEXTS.showed });
    await showed.click();
    await expect(showed).toHaveAttribute('aria-pressed', 'true');
    // The keyboard marks too.
    const noShow = misty.getByRole('button', { name: CHECK_IN_TEXTS.noShow });
    await noShow.focus();
    await page.keyboard.press('Enter');
    await expect(noShow).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('count-shows')).toHaveText('1');
    await expect(page.getByTestId('count-no-shows')).toHaveText('1');
    await expect(page.getByTestId('count-unmarked')).toHaveText('0');
    await expect(page.getByText(/^Marked by Sam Staff/)).toHaveCount(2);
    await screenCheck('marked');

    // The marks were kept: a fresh load shows them.
    await page.reload();
    await pickGateShift();
    await expect(misty.getByRole('button', { name: CHECK_IN_TEXTS.noShow })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    // The user report at 1280 px: Has no-shows lists Misty only, with her counts.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/#/reports/users');
    const table = page.getByRole('table', { name: 'Users' });
    await expect(table.getByText(fullName(SHOWS))).toBeVisible();
    await page
      .getByRole('combobox', { name: ATTENDANCE_REPORT_TEXTS.hasNoShows })
      .selectOption({ label: ATTENDANCE_REPORT_TEXTS.yes });
    await expect(table.getByText(fullName(SHOWS))).toHaveCount(0);
    await expect(table.getByText(fullName(MISSES))).toBeVisible();
    await expect(table.getByRole('row')).toHaveCount(2);
    await screenCheck('user-report-no-shows');
  });
});
