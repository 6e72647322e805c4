import type { PublicConfig } from '@camp/shared/config';
import type { CampRegistration, Registration } from '@camp/shared/registrations';
import { testCampRegistration } from '../../test/registration-fixtures';
import { jsonResponse, renderSignedIn, testConfig, testUser, type ApiRoutes } from '../../test/test-utils';

// How the registration screens' tests open them: signed in as testUser() on a fake API.

/** An endpoint's answer: a body (answered with 200) or a fake answer of its own (an error, say). */
export type Answer<T> = T | (() => Response);

/** The route handler answering `body`. */
export const answerWith =
  <T>(body: Answer<T>) =>
  () =>
    typeof body === 'function' ? (body as () => Response)() : jsonResponse(body);

/**
 * The dashboard (/dashboard): `registrations` as GET /registrations/me answers them, `camp` as
 * GET /registrations/camp/me, registration open or not; `config` and `routes` add to the configuration and
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
      ...routes,
    },
    testConfig({ registrationOpen, ...config }),
  );
}
