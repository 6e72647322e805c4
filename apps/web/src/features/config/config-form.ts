import {
  DEFAULT_SMTP_PORT,
  DEFAULT_TIME_ZONE,
  isoToWallTime,
  OFFER_HOLD_HOURS_DEFAULT,
  SHIFT_REMINDER_HOURS_DEFAULT,
  TIME_ZONE_OPTIONS,
  wallTimeToIso,
  type PaypalMode,
} from '@camp/shared/rules';
import {
  CreateCampConfigInputSchema,
  type AdminCampConfig,
  type UpdateCampConfigInput,
} from '@camp/shared/config';
import { TestSmtpConnectionInputSchema, type TestSmtpConnectionInput } from '@camp/shared/notifications';
import { errorsOf, fieldErrors, serverFieldErrors, type FieldErrors } from '../../lib/schema-form';

export type TimeZoneValue = (typeof TIME_ZONE_OPTIONS)[number]['value'];

/** docs/product.md §9: the time-zone choices as the form lists them. */
export const TIME_ZONE_SELECT_OPTIONS = TIME_ZONE_OPTIONS.map(({ value, label }) => ({
  value,
  label: value === 'UTC' ? 'UTC' : `${value} (${label})`,
}));

export const PAYPAL_MODE_SELECT_OPTIONS: { value: PaypalMode; label: string }[] = [
  { value: 'sandbox', label: 'Sandbox (testing)' },
  { value: 'live', label: 'Live' },
];

/** The form's own state: text as typed (numbers as the NumberInput holds them: '' when cleared). */
export interface ConfigFormValues {
  campName: string;
  campDescription: string;
  homePageBlurb: string;
  campBannerUrl: string;
  campBannerAltText: string;
  campIconUrl: string;
  campIconAltText: string;
  registrationYear: number | string;
  earlyRegistrationOpen: boolean;
  registrationOpen: boolean;
  registrationTerms: string;
  allowDeferredDuesPayment: boolean;
  /** How long a waitlist offer holds its places, in hours (docs/product.md §10). */
  offerHoldHours: number | string;
  /** Days to pay after an accepted offer or a won place; '' for no deadline (docs/product.md §10). */
  paymentDeadlineDays: number | string;
  /** Hours before a shift its reminder goes out; '' for none (docs/product.md §11). */
  shiftReminderHours: number | string;
  paymentAutoRelease: boolean;
  /** The application window (docs/product.md §10): wall-clock times of the camp's time zone, '' for none. */
  drawOpensAt: string;
  drawClosesAt: string;
  /** The date of Opening Sunday (docs/product.md §11), YYYY-MM-DD as a date input holds it; '' for none. */
  openingSunday: string;
  /** The last day people may change their own shifts (docs/product.md §11), YYYY-MM-DD; '' for none. */
  shiftChangesClose: string;
  /** From this day admins need a passkey (docs/product.md §12 Passkeys), YYYY-MM-DD; '' for never. */
  adminPasskeysRequiredFrom: string;
  stripeEnabled: boolean;
  stripePublicKey: string;
  stripeApiKey: string;
  stripeWebhookSecret: string;
  paypalEnabled: boolean;
  paypalClientId: string;
  paypalClientSecret: string;
  paypalMode: PaypalMode;
  emailEnabled: boolean;
  smtpHost: string;
  smtpPort: number | string;
  smtpUsername: string;
  smtpPassword: string;
  smtpUseSsl: boolean;
  senderEmail: string;
  senderName: string;
  replyTo: string;
  timeZone: TimeZoneValue;
}

export type ConfigField = keyof ConfigFormValues;
export type ConfigErrors = FieldErrors<ConfigField>;

/** The write-only fields: never shown, sent only when something is typed (docs/product.md §4). */
export const SECRET_FIELDS = [
  'stripeApiKey',
  'stripeWebhookSecret',
  'paypalClientSecret',
  'smtpPassword',
] as const;
export type SecretField = (typeof SECRET_FIELDS)[number];

/** Which secrets the server holds (`*Set` flags), for the 'leave blank to keep' hints. */
export type StoredSecrets = Record<SecretField, boolean>;

export const NO_STORED_SECRETS: StoredSecrets = {
  stripeApiKey: false,
  stripeWebhookSecret: false,
  paypalClientSecret: false,
  smtpPassword: false,
};

export function storedSecretsOf(config: AdminCampConfig | null): StoredSecrets {
  if (!config) return NO_STORED_SECRETS;
  return {
    stripeApiKey: config.stripeApiKeySet,
    stripeWebhookSecret: config.stripeWebhookSecretSet,
    paypalClientSecret: config.paypalClientSecretSet,
    smtpPassword: config.smtpPasswordSet,
  };
}

const isTimeZone = (value: string): value is TimeZoneValue =>
  TIME_ZONE_OPTIONS.some((option) => option.value === value);

/** docs/product.md §9 defaults of the blank form: registration open, SMTP port 587, UTC, PayPal sandbox. */
export function blankConfigValues(now: Date = new Date()): ConfigFormValues {
  return {
    campName: '',
    campDescription: '',
    homePageBlurb: '',
    campBannerUrl: '',
    campBannerAltText: '',
    campIconUrl: '',
    campIconAltText: '',
    registrationYear: now.getFullYear(),
    earlyRegistrationOpen: false,
    registrationOpen: true,
    registrationTerms: '',
    allowDeferredDuesPayment: false,
    offerHoldHours: OFFER_HOLD_HOURS_DEFAULT,
    paymentDeadlineDays: '',
    shiftReminderHours: SHIFT_REMINDER_HOURS_DEFAULT,
    paymentAutoRelease: false,
    drawOpensAt: '',
    drawClosesAt: '',
    openingSunday: '',
    shiftChangesClose: '',
    adminPasskeysRequiredFrom: '',
    stripeEnabled: false,
    stripePublicKey: '',
    stripeApiKey: '',
    stripeWebhookSecret: '',
    paypalEnabled: false,
    paypalClientId: '',
    paypalClientSecret: '',
    paypalMode: 'sandbox',
    emailEnabled: false,
    smtpHost: '',
    smtpPort: DEFAULT_SMTP_PORT,
    smtpUsername: '',
    smtpPassword: '',
    smtpUseSsl: false,
    senderEmail: '',
    senderName: '',
    replyTo: '',
    timeZone: DEFAULT_TIME_ZONE,
  };
}

/** The form filled from the stored configuration; secret inputs start blank (blank keeps the stored one). */
export function configValuesOf(config: AdminCampConfig | null, now: Date = new Date()): ConfigFormValues {
  if (!config) return blankConfigValues(now);
  return {
    campName: config.campName,
    campDescription: config.campDescription,
    homePageBlurb: config.homePageBlurb,
    campBannerUrl: config.campBannerUrl ?? '',
    campBannerAltText: config.campBannerAltText ?? '',
    campIconUrl: config.campIconUrl ?? '',
    campIconAltText: config.campIconAltText ?? '',
    registrationYear: config.registrationYear,
    earlyRegistrationOpen: config.earlyRegistrationOpen,
    registrationOpen: config.registrationOpen,
    registrationTerms: config.registrationTerms,
    allowDeferredDuesPayment: config.allowDeferredDuesPayment,
    offerHoldHours: config.offerHoldHours ?? OFFER_HOLD_HOURS_DEFAULT,
    paymentDeadlineDays: config.paymentDeadlineDays ?? '',
    shiftReminderHours: config.shiftReminderHours ?? '',
    paymentAutoRelease: config.paymentAutoRelease,
    drawOpensAt: config.drawOpensAt ? isoToWallTime(config.drawOpensAt, config.timeZone) : '',
    drawClosesAt: config.drawClosesAt ? isoToWallTime(config.drawClosesAt, config.timeZone) : '',
    openingSunday: config.openingSunday ?? '',
    shiftChangesClose: config.shiftChangesClose ?? '',
    adminPasskeysRequiredFrom: config.adminPasskeysRequiredFrom ?? '',
    stripeEnabled: config.stripeEnabled,
    stripePublicKey: config.stripePublicKey ?? '',
    stripeApiKey: '',
    stripeWebhookSecret: '',
    paypalEnabled: config.paypalEnabled,
    paypalClientId: config.paypalClientId ?? '',
    paypalClientSecret: '',
    paypalMode: config.paypalMode,
    emailEnabled: config.emailEnabled,
    smtpHost: config.smtpHost ?? '',
    smtpPort: config.smtpPort,
    smtpUsername: config.smtpUsername ?? '',
    smtpPassword: '',
    smtpUseSsl: config.smtpUseSsl,
    senderEmail: config.senderEmail ?? '',
    senderName: config.senderName ?? '',
    replyTo: config.replyTo ?? '',
    timeZone: isTimeZone(config.timeZone) ? config.timeZone : DEFAULT_TIME_ZONE,
  };
}

/** A NumberInput's value as a number: blank or not a number is NaN, which the schema refuses with its message. */
function numberOf(value: number | string): number {
  if (typeof value === 'number') return value;
  return value.trim() === '' ? Number.NaN : Number(value);
}

/** The form's fields in screen order, to focus the first one with an error. */
export const CONFIG_FIELD_ORDER: readonly ConfigField[] = [
  'campName',
  'campDescription',
  'campBannerUrl',
  'campBannerAltText',
  'campIconUrl',
  'campIconAltText',
  'homePageBlurb',
  'registrationYear',
  'registrationOpen',
  'earlyRegistrationOpen',
  'allowDeferredDuesPayment',
  'registrationTerms',
  'offerHoldHours',
  'paymentDeadlineDays',
  'paymentAutoRelease',
  'drawOpensAt',
  'drawClosesAt',
  'openingSunday',
  'shiftReminderHours',
  'shiftChangesClose',
  'stripeEnabled',
  'stripePublicKey',
  'stripeApiKey',
  'stripeWebhookSecret',
  'paypalEnabled',
  'paypalClientId',
  'paypalClientSecret',
  'paypalMode',
  'emailEnabled',
  'smtpHost',
  'smtpPort',
  'smtpUsername',
  'smtpPassword',
  'smtpUseSsl',
  'senderEmail',
  'senderName',
  'replyTo',
  'timeZone',
  'adminPasskeysRequiredFrom',
];

const textOrNull = (value: string) => (value.trim() === '' ? null : value.trim());

/** A window time as the API takes it: the moment in the camp's time zone; as typed when it is not a time. */
const windowTime = (wall: string, timeZone: string) =>
  wall.trim() === '' ? null : (wallTimeToIso(wall, timeZone) ?? wall);

/**
 * The PATCH/POST body of the form: every configuration field, text trimmed, empty optional text as null (the
 * reply-to address included, docs/product.md §5), a blank port as none, and only the secrets that were typed (docs/product.md §4:
 * a blank secret is not sent, so the stored one is kept).
 */
export function toConfigPayload(values: ConfigFormValues): UpdateCampConfigInput {
  const payload: UpdateCampConfigInput = {
    campName: values.campName.trim(),
    campDescription: values.campDescription,
    homePageBlurb: values.homePageBlurb,
    campBannerUrl: textOrNull(values.campBannerUrl),
    campBannerAltText: textOrNull(values.campBannerAltText),
    campIconUrl: textOrNull(values.campIconUrl),
    campIconAltText: textOrNull(values.campIconAltText),
    registrationYear: numberOf(values.registrationYear),
    earlyRegistrationOpen: values.earlyRegistrationOpen,
    registrationOpen: values.registrationOpen,
    registrationTerms: values.registrationTerms,
    allowDeferredDuesPayment: values.allowDeferredDuesPayment,
    offerHoldHours: numberOf(values.offerHoldHours),
    // Empty: no deadline.
    paymentDeadlineDays:
      String(values.paymentDeadlineDays).trim() === '' ? null : numberOf(values.paymentDeadlineDays),
    paymentAutoRelease: values.paymentAutoRelease,
    drawOpensAt: windowTime(values.drawOpensAt, values.timeZone),
    drawClosesAt: windowTime(values.drawClosesAt, values.timeZone),
    openingSunday: textOrNull(values.openingSunday),
    shiftChangesClose: textOrNull(values.shiftChangesClose),
    adminPasskeysRequiredFrom: textOrNull(values.adminPasskeysRequiredFrom),
    // Empty: no reminders.
    shiftReminderHours:
      String(values.shiftReminderHours).trim() === '' ? null : numberOf(values.shiftReminderHours),
    stripeEnabled: values.stripeEnabled,
    stripePublicKey: textOrNull(values.stripePublicKey),
    paypalEnabled: values.paypalEnabled,
    paypalClientId: textOrNull(values.paypalClientId),
    paypalMode: values.paypalMode,
    emailEnabled: values.emailEnabled,
    smtpHost: textOrNull(values.smtpHost),
    smtpPort: String(values.smtpPort).trim() === '' ? null : numberOf(values.smtpPort),
    smtpUsername: textOrNull(values.smtpUsername),
    smtpUseSsl: values.smtpUseSsl,
    senderEmail: textOrNull(values.senderEmail),
    senderName: textOrNull(values.senderName),
    replyTo: textOrNull(values.replyTo),
    timeZone: values.timeZone,
  };
  for (const field of SECRET_FIELDS) {
    // Secrets are kept exactly as typed (an SMTP password may begin or end with a space).
    if (values[field].trim() !== '') payload[field] = values[field];
  }
  return payload;
}

/** The SMTP connection test body: the e-mail settings as they stand in the form (docs/product.md §7). */
export function toSmtpTestInput(values: ConfigFormValues): TestSmtpConnectionInput {
  return {
    emailEnabled: values.emailEnabled,
    smtpHost: values.smtpHost.trim(),
    smtpPort: numberOf(values.smtpPort),
    smtpUsername: textOrNull(values.smtpUsername),
    smtpPassword: values.smtpPassword.trim() === '' ? null : values.smtpPassword,
    smtpUseSsl: values.smtpUseSsl,
    senderEmail: textOrNull(values.senderEmail),
    senderName: textOrNull(values.senderName),
    replyTo: textOrNull(values.replyTo),
  };
}

/**
 * docs/product.md §5 Configuration: the form's body checked with the schema of POST /core-config, the cross-field e-mail
 * rules included (the form always holds the whole configuration, as the server's merge of a PATCH does).
 */
export function configErrors(values: ConfigFormValues): ConfigErrors {
  return errorsOf(CreateCampConfigInputSchema, toConfigPayload(values));
}

/** The server's validation messages on the fields whose rules (in the same schema) say them. */
export function configServerErrors(values: ConfigFormValues, messages: readonly string[]): ConfigErrors {
  return serverFieldErrors(CreateCampConfigInputSchema, toConfigPayload(values), messages);
}

/** Why the SMTP connection cannot be tested with these values (the test's own schema), or null when it can. */
export function smtpTestIssue(values: ConfigFormValues): string | null {
  const check = fieldErrors(TestSmtpConnectionInputSchema, toSmtpTestInput(values));
  if (check.ok) return null;
  return Object.values(check.errors)[0] ?? check.formErrors[0] ?? null;
}

/**
 * The fields whose value differs from the last saved one (screen order): what 'Unsaved changes' is about. A
 * number counts as unchanged when only its type differs (the NumberInput holds '2026' as typed, the stored
 * value is 2026); a secret counts as soon as anything is typed, because saving would replace the stored one.
 */
export function changedFields(saved: ConfigFormValues, current: ConfigFormValues): ConfigField[] {
  return CONFIG_FIELD_ORDER.filter((field) => String(saved[field]) !== String(current[field]));
}
