import type { CampingOption } from '@camp/shared/camping-options';
import type { PublicConfig } from '@camp/shared/config';
import type { CampRegistration, Registration } from '@camp/shared/registrations';
import type { User } from '@camp/shared/users';
import type { Job, JobCategory } from '@camp/shared/work';
import { fireEvent, screen } from '@testing-library/react';
import { kitchen, testCampRegistration, testJob, testOption } from '../../test/registration-fixtures';
import { jsonResponse, renderSignedIn, testConfig, testUser, type ApiRoutes } from '../../test/test-utils';

// How the registration screens' tests open them: signed in as testUser() on a fake API.

/** An endpoint's answer: a body (answered with 200) or a fake answer of its own (an error, say). */
export type Answer<T> = T | (() => Response);

/** The route handler answering `body`. */
export const answerWith =
  <T>(body: Answer<T>) =>
  () =>
    typeof body === 'function' ? (body as () => Response)() : jsonResponse(body);

/** GET /calendar/me of a participant while the camp has no dates (docs/product.md §11 Calendar feed). */
export const testCalendarLinks = {
  feedUrl:
    'http://localhost:3000/api/calendar/feed/AAAAAAAAAAAAAAAAAAAAAA.BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB.ics',
  scheduleFeedUrl: null,
  datesSet: false,
};

/**
 * The dashboard (/dashboard): `registrations` as GET /registrations/me answers them, `camp` as
 * GET /registrations/camp/me, no shift lines, registration open or not; `config` and `routes` add to the configuration and
 * the fake API.
 */
export function openDashboard(
  registrations: Answer<Registration[]>,
  camp: Answer<CampRegistration> = testCampRegistration(),
  registrationOpen = true,
  { config = {}, routes = {} }: { config?: Partial<PublicConfig>; routes?: ApiRoutes } = {},
) {
  return renderSignedIn(
    '/dashboard',
    testUser(),
    {
      'GET /registrations/me': answerWith(registrations),
      'GET /registrations/camp/me': answerWith(camp),
      // Not in any shift line unless a test says so (docs/product.md §10).
      'GET /shift-waits/me': () => jsonResponse({ shiftWaits: [] }),
      'GET /calendar/me': () => jsonResponse(testCalendarLinks),
      ...routes,
    },
    testConfig({ registrationOpen, ...config }),
  );
}

/** What the wizard's tests change: who is signed in, the camp's options and shifts, more routes, the config. */
export interface WizardSetup {
  user?: User;
  options?: CampingOption[];
  categories?: JobCategory[];
  jobs?: Job[];
  routes?: ApiRoutes;
  config?: Partial<PublicConfig>;
}

/**
 * The wizard (/registration) for a person with no registration yet: one option (Tent Camping) and one kitchen
 * shift unless given, registration open with terms; `config` overrides the configuration.
 */
export function openWizard({
  user = testUser(),
  options,
  categories,
  jobs,
  routes = {},
  config = {},
}: WizardSetup = {}) {
  return renderSignedIn(
    '/registration',
    user,
    {
      'GET /registrations/me': () => jsonResponse([]),
      'GET /camping-options': () => jsonResponse(options ?? [testOption()]),
      'GET /job-categories': () => jsonResponse(categories ?? [kitchen]),
      'GET /jobs': () => jsonResponse(jobs ?? [testJob(kitchen)]),
      [`PUT /users/${user.id}`]: () => jsonResponse(user),
      ...routes,
    },
    testConfig({ registrationOpen: true, registrationTerms: '<p>Leave no trace.</p>', ...config }),
  );
}

export { jobDetail } from '../../test/registration-fixtures';

/** A wizard step's heading, once it shows ("Step 2 of 6: Options"). */
export const stepHeading = (name: string) => screen.findByRole('heading', { name });

/** Clicks the button named `name`. */
export const click = (name: string) => fireEvent.click(screen.getByRole('button', { name }));

/** From the wizard's first step (Profile) to Options. */
export async function toOptions() {
  await stepHeading('Step 1 of 6: Profile');
  click('Continue');
  await stepHeading('Step 2 of 6: Options');
}

/** On to Shifts with `optionName` ticked and the details left as they are. */
export async function toShifts(optionName = 'Tent Camping') {
  await toOptions();
  fireEvent.click(await screen.findByRole('checkbox', { name: optionName }));
  click('Continue');
  await stepHeading('Step 3 of 6: Details');
  click('Continue');
  await stepHeading('Step 4 of 6: Shifts');
}

/** On to Review with Breakfast crew ticked. */
export async function toReview(optionName?: string) {
  await toShifts(optionName);
  fireEvent.click(await screen.findByRole('checkbox', { name: /Breakfast crew/ }));
  click('Continue');
  await stepHeading('Step 5 of 6: Review');
}

/** On to the last step (Payment, or the draw's entry) with the terms accepted. */
export async function toPayment() {
  await toReview();
  fireEvent.click(screen.getByRole('checkbox', { name: 'I have read and accept the registration terms' }));
  click('Review & Pay');
  await stepHeading('Step 6 of 6: Payment');
}
