import { z } from 'zod';
import { PaypalModeSchema } from './enums';

/**
 * The camp configuration as anyone may read it (GET /public/config): everything that drives the header,
 * home page, registration windows and payment buttons. Secrets and e-mail server settings are never part
 * of it (see docs/decisions/002-public-config-view.md).
 */
export const PublicConfigSchema = z.object({
  id: z.string().nullable(),
  campName: z.string(),
  campDescription: z.string(),
  homePageBlurb: z.string(),
  campBannerUrl: z.string().nullable(),
  campBannerAltText: z.string().nullable(),
  campIconUrl: z.string().nullable(),
  campIconAltText: z.string().nullable(),
  registrationYear: z.number().int(),
  earlyRegistrationOpen: z.boolean(),
  registrationOpen: z.boolean(),
  registrationTerms: z.string(),
  allowDeferredDuesPayment: z.boolean(),
  stripeEnabled: z.boolean(),
  stripePublicKey: z.string().nullable(),
  paypalEnabled: z.boolean(),
  paypalClientId: z.string().nullable(),
  paypalMode: PaypalModeSchema,
  timeZone: z.string(),
  createdAt: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type PublicConfig = z.infer<typeof PublicConfigSchema>;

export const DEFAULT_CAMP_NAME = 'Camp Registration';

/** The home-page blurb shown until an admin writes one: a welcome heading asking to configure the site. */
export const DEFAULT_HOME_PAGE_BLURB =
  '<h2>Welcome! This site has not been configured yet.</h2>' +
  '<p>If you are the camp administrator, sign in and open Admin, then Camp Configuration, ' +
  'to set your camp name, description, registration dates and this welcome message.</p>';

export const DEFAULT_TIME_ZONE = 'UTC';

/**
 * The configuration used when none is stored (server) or when it cannot be fetched (browser, spec §8).
 * Registration stays closed until an admin opens it.
 */
export function defaultPublicConfig(now: Date = new Date()): PublicConfig {
  return {
    id: null,
    campName: DEFAULT_CAMP_NAME,
    campDescription: '',
    homePageBlurb: DEFAULT_HOME_PAGE_BLURB,
    campBannerUrl: null,
    campBannerAltText: null,
    campIconUrl: null,
    campIconAltText: null,
    registrationYear: now.getUTCFullYear(),
    earlyRegistrationOpen: false,
    registrationOpen: false,
    registrationTerms: '',
    allowDeferredDuesPayment: false,
    stripeEnabled: false,
    stripePublicKey: null,
    paypalEnabled: false,
    paypalClientId: null,
    paypalMode: 'sandbox',
    timeZone: DEFAULT_TIME_ZONE,
    createdAt: null,
    updatedAt: null,
  };
}
