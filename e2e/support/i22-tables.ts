import { type Page } from '@playwright/test';
import { eq, sql } from 'drizzle-orm';
import { registrations } from '../../apps/api/src/db/schema/index';
import type { Backend, ProfileDetails } from './fixtures';
import { expect } from './fixtures';
import { type RegistrationFixtures, registerWithDuesAs } from './stripe';

// The people of the tables-at-1280 tests: five registrations of the camp's year, one of them with a name and an
// e-mail longer than their columns, in every status.

export type Status = 'PENDING' | 'CONFIRMED' | 'WAITLISTED' | 'CANCELLED';

export interface Person {
  email: string;
  profile: ProfileDetails;
  status: Status;
}

const person = (
  email: string,
  firstName: string,
  lastName: string,
  phone: string,
  status: Status,
): Person => ({
  email,
  profile: { firstName, lastName, phone, emergencyContact: 'Rowan Sky, 555-0143, friend' },
  status,
});

export const LONG_EMAIL = 'maximiliana.wolfeschlegelsteinhausenbergerdorff@e2e.test';
export const LONG_NAME = 'Maximiliana Wolfeschlegelsteinhausen';

export const PEOPLE: readonly Person[] = [
  person('zoe@e2e.test', 'Zoë', 'Núñez', '+1 555 0150', 'PENDING'),
  person('basil@e2e.test', 'Basil', 'Quartz', '555-0151', 'PENDING'),
  person(LONG_EMAIL, 'Maximiliana', 'Wolfeschlegelsteinhausen', '555-0152', 'CONFIRMED'),
  person('ash@e2e.test', 'Ash', 'Dune', '555-0153', 'WAITLISTED'),
  person('cedar@e2e.test', 'Cedar', 'Ember', '555-0154', 'CANCELLED'),
];

/** Registers everyone (each owing the tent's dues), then gives each registration its status in the database. */
export async function registerPeople(
  fixtures: Omit<RegistrationFixtures, 'admin'>,
  backend: Backend,
): Promise<void> {
  for (const entry of PEOPLE) {
    const { registrationId } = await registerWithDuesAs(fixtures, entry.email, entry.profile);
    if (entry.status === 'PENDING') continue;
    await backend.database.db
      .update(registrations)
      .set({
        status: entry.status,
        cancelledAt: entry.status === 'CANCELLED' ? new Date() : null,
        // A waitlisted one is in the line (docs/product.md §10: the database checks it).
        ...(entry.status === 'WAITLISTED'
          ? { lineKey: sql<number>`nextval('waitlist_line_seq')`, waitlistedAt: new Date() }
          : {}),
      })
      .where(eq(registrations.id, registrationId));
  }
}

/** The count cards' numbers by label, in order. */
export async function countCards(page: Page): Promise<Record<string, string>> {
  const region = page.getByRole('region', { name: 'Registration counts' });
  const terms = await region.locator('dt').allTextContents();
  const values = await region.locator('dd').allTextContents();
  return Object.fromEntries(terms.map((term, index) => [term.trim(), (values[index] ?? '').trim()]));
}

/** The table's own box does not scroll sideways either (its content fits). */
export async function expectTableFits(page: Page, caption: string): Promise<void> {
  const box = page.getByRole('region', { name: caption });
  const overflow = await box.evaluate((element) => element.scrollWidth - element.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/**
 * A cell's text cut with an ellipsis (meta.truncate): drawn on one line narrower than its text, the whole
 * text in the page, and a tooltip with the whole value on keyboard focus.
 */
export async function expectCutWithTooltip(page: Page, text: string): Promise<void> {
  const cut = page.locator('[data-cut]', { hasText: text }).first();
  await expect(cut).toBeVisible();
  const drawn = await cut.evaluate((element) => {
    // The cell itself, or a line inside it, is narrower than its text and ends in an ellipsis.
    const parts = [element, ...element.querySelectorAll<HTMLElement>('*')];
    const over = parts.find((part) => part.scrollWidth > part.clientWidth);
    return {
      cut: over !== undefined,
      ellipsis: over ? getComputedStyle(over).textOverflow : '',
      // One line of text: less than two lines' height at the cell's font size.
      oneLine:
        (over ?? element).getBoundingClientRect().height <
        2.2 * parseFloat(getComputedStyle(element).fontSize),
    };
  });
  expect(drawn).toEqual({ cut: true, ellipsis: 'ellipsis', oneLine: true });
  await cut.focus();
  await expect(page.getByRole('tooltip', { name: text })).toBeVisible();
  await cut.blur();
  await expect(page.getByRole('tooltip', { name: text })).toHaveCount(0);
}
