import { PAYPAL_MODES, type PaypalMode } from './enums';
import type { EventCalendar } from './event-dates';

// The public camp configuration (GET /public/config) that every page starts from: its fields and defaults.

export type ConfigFieldKind = 'string' | 'nullable-string' | 'integer' | 'boolean' | 'paypal-mode';

/**
 * Every field of the public configuration (GET /public/config) and its kind: the one list that
 * PublicConfigSchema (config.schema.ts) is built from and that parsePublicConfig checks without zod, so the first
 * page can check the answer without loading zod.
 */
export const PUBLIC_CONFIG_FIELDS = {
  id: 'nullable-string',
  campName: 'string',
  campDescription: 'string',
  homePageBlurb: 'string',
  campBannerUrl: 'nullable-string',
  campBannerAltText: 'nullable-string',
  campIconUrl: 'nullable-string',
  campIconAltText: 'nullable-string',
  registrationYear: 'integer',
  earlyRegistrationOpen: 'boolean',
  registrationOpen: 'boolean',
  registrationTerms: 'string',
  allowDeferredDuesPayment: 'boolean',
  stripeEnabled: 'boolean',
  stripePublicKey: 'nullable-string',
  paypalEnabled: 'boolean',
  paypalClientId: 'nullable-string',
  paypalMode: 'paypal-mode',
  timeZone: 'string',
  /** The application window of the registration year (docs/product.md §10, decision 049); null: no draw. */
  drawOpensAt: 'nullable-string',
  drawClosesAt: 'nullable-string',
  /** The date of Opening Sunday of the registration year, YYYY-MM-DD (docs/product.md §11, decision 053); null: days only. */
  openingSunday: 'nullable-string',
  /** The last day people may change their own shifts, YYYY-MM-DD (docs/product.md §11, decision 057); null: none. */
  shiftChangesClose: 'nullable-string',
  /** From this day (YYYY-MM-DD, camp time zone) an admin needs a passkey for the admin area (decision 061); null: never. */
  adminPasskeysRequiredFrom: 'nullable-string',
  createdAt: 'nullable-string',
  updatedAt: 'nullable-string',
} as const satisfies Record<string, ConfigFieldKind>;

/** The value each kind of field holds. */
interface ConfigFieldValues {
  string: string;
  'nullable-string': string | null;
  integer: number;
  boolean: boolean;
  'paypal-mode': PaypalMode;
}

/**
 * The public configuration, as the plain type the rules work on: one property per field of the table above.
 * PublicConfigSchema (@camp/shared/config) is checked to produce exactly it.
 */
export type PublicConfig = {
  -readonly [K in keyof typeof PUBLIC_CONFIG_FIELDS]: ConfigFieldValues[(typeof PUBLIC_CONFIG_FIELDS)[K]];
};

function fitsKind(kind: ConfigFieldKind, value: unknown): boolean {
  switch (kind) {
    case 'string':
      return typeof value === 'string';
    case 'nullable-string':
      return value === null || typeof value === 'string';
    case 'integer':
      return Number.isSafeInteger(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'paypal-mode':
      return (PAYPAL_MODES as readonly unknown[]).includes(value);
  }
}

/**
 * The public configuration with only its known fields, or null when a field is missing or of the wrong
 * kind: what PublicConfigSchema accepts, checked without zod (the first page's download stays small).
 */
export function parsePublicConfig(data: unknown): PublicConfig | null {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return null;
  const record = data as Record<string, unknown>;
  const result: Record<string, unknown> = {};
  for (const [key, kind] of Object.entries(PUBLIC_CONFIG_FIELDS)) {
    const value = record[key];
    if (!fitsKind(kind, value)) return null;
    result[key] = value;
  }
  // Every field of PublicConfig was checked against its kind just above.
  return result as PublicConfig;
}

export const DEFAULT_CAMP_NAME = 'Camp Registration';

/** The home-page blurb shown until an admin writes one: a welcome heading asking to configure the site. */
export const DEFAULT_HOME_PAGE_BLURB =
  '<h2>Welcome! This site has not been configured yet.</h2>' +
  '<p>If you are the camp administrator, sign in and open Admin, then Camp Configuration, ' +
  'to set your camp name, description, registration dates and this welcome message.</p>';

export const DEFAULT_TIME_ZONE = 'UTC';

/**
 * The configuration used when none is stored (server) or when it cannot be fetched (browser, docs/product.md §8).
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
    drawOpensAt: null,
    openingSunday: null,
    shiftChangesClose: null,
    adminPasskeysRequiredFrom: null,
    drawClosesAt: null,
    createdAt: null,
    updatedAt: null,
  };
}

/**
 * The event calendar of a configuration, or null when it has no Opening Sunday (docs/product.md §11). Kept here, with
 * the public configuration, so the first page's hook can use it without the date rules of event-dates.ts.
 */
export const eventCalendarOf = (config: { openingSunday: string | null }): EventCalendar | null =>
  config.openingSunday ? { openingSunday: config.openingSunday } : null;
