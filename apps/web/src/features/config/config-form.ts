import {
  CAMP_NAME_MAX,
  campConfigRuleIssues,
  CONFIG_MESSAGES,
  DEFAULT_SMTP_PORT,
  DEFAULT_TIME_ZONE,
  isSafeImageUrl,
  REGISTRATION_YEAR_MAX,
  REGISTRATION_YEAR_MIN,
  SMTP_TEST_MESSAGES,
  TIME_ZONE_OPTIONS,
  type PaypalMode,
} from '@camp/shared/rules';
import type { AdminCampConfig, UpdateCampConfigInput } from '@camp/shared/config';
import type { TestSmtpConnectionInput } from '@camp/shared/notifications';
import { EmailSchema } from '@camp/shared/users';

export type TimeZoneValue = (typeof TIME_ZONE_OPTIONS)[number]['value'];

/** Spec §9: the time-zone choices as the form lists them. */
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
export type ConfigErrors = Partial<Record<ConfigField, string>>;

/** The write-only fields: never shown, sent only when something is typed (spec §4). */
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

/** Spec §9 defaults of the blank form: registration open, SMTP port 587, UTC, PayPal sandbox. */
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

/** A whole number typed into a NumberInput, or null when blank or not a whole number. */
function wholeNumber(value: number | string): number | null {
  if (typeof value === 'number') return Number.isInteger(value) ? value : null;
  const trimmed = value.trim();
  if (!/^-?\d+$/.test(trimmed)) return null;
  return Number(trimmed);
}

const isEmail = (value: string) => EmailSchema.safeParse(value).success;

export const IMAGE_URL_MESSAGES = {
  campBannerUrl: 'Banner URL must be a relative path or an http(s) address',
  campIconUrl: 'Icon URL must be a relative path or an http(s) address',
} as const;

/** Which field each rule message of spec §5 belongs to (also used for the server's list). */
const FIELD_OF_MESSAGE: Record<string, ConfigField> = {
  [CONFIG_MESSAGES.campNameRequired]: 'campName',
  [CONFIG_MESSAGES.registrationYear]: 'registrationYear',
  [CONFIG_MESSAGES.senderEmailInvalid]: 'senderEmail',
  [CONFIG_MESSAGES.replyToInvalid]: 'replyTo',
  [CONFIG_MESSAGES.smtpHostRequired]: 'smtpHost',
  [CONFIG_MESSAGES.smtpPortRequired]: 'smtpPort',
  [CONFIG_MESSAGES.smtpPortInvalid]: 'smtpPort',
  [CONFIG_MESSAGES.senderEmailRequired]: 'senderEmail',
  [CONFIG_MESSAGES.senderNameRequired]: 'senderName',
  [IMAGE_URL_MESSAGES.campBannerUrl]: 'campBannerUrl',
  [IMAGE_URL_MESSAGES.campIconUrl]: 'campIconUrl',
};

/** The rules of spec §5 Configuration, with its messages; an empty object when the form is valid. */
export function validateConfig(values: ConfigFormValues): ConfigErrors {
  const errors: ConfigErrors = {};
  const campName = values.campName.trim();
  if (campName === '') errors.campName = CONFIG_MESSAGES.campNameRequired;
  else if (campName.length > CAMP_NAME_MAX)
    errors.campName = `Camp name must be at most ${CAMP_NAME_MAX} characters`;

  const year = wholeNumber(values.registrationYear);
  if (year === null || year < REGISTRATION_YEAR_MIN || year > REGISTRATION_YEAR_MAX) {
    errors.registrationYear = CONFIG_MESSAGES.registrationYear;
  }

  for (const field of ['campBannerUrl', 'campIconUrl'] as const) {
    const url = values[field].trim();
    if (url !== '' && !isSafeImageUrl(url)) errors[field] = IMAGE_URL_MESSAGES[field];
  }

  const senderEmail = values.senderEmail.trim();
  if (senderEmail !== '' && !isEmail(senderEmail)) errors.senderEmail = CONFIG_MESSAGES.senderEmailInvalid;
  const replyTo = values.replyTo.trim();
  if (replyTo !== '' && !isEmail(replyTo)) errors.replyTo = CONFIG_MESSAGES.replyToInvalid;

  const portText = String(values.smtpPort).trim();
  const issues = campConfigRuleIssues({
    emailEnabled: values.emailEnabled,
    smtpHost: values.smtpHost.trim() || null,
    // A port that is not a whole number counts as invalid (-1), a blank one as none.
    smtpPort: portText === '' ? null : (wholeNumber(values.smtpPort) ?? -1),
    senderEmail: senderEmail || null,
    senderName: values.senderName.trim() || null,
  });
  for (const message of issues) {
    const field = FIELD_OF_MESSAGE[message];
    if (field && !errors[field]) errors[field] = message;
  }
  return errors;
}

/** The server's validation messages by field, for the ones that name a field of the form. */
export function serverErrorsByField(messages: readonly string[]): ConfigErrors {
  const errors: ConfigErrors = {};
  for (const message of messages) {
    const field = FIELD_OF_MESSAGE[message];
    if (field && !errors[field]) errors[field] = message;
  }
  return errors;
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
];

const textOrNull = (value: string) => (value.trim() === '' ? null : value.trim());

/**
 * The PATCH/POST body of a valid form: every configuration field, text trimmed, empty optional text as null
 * (the reply-to address included, spec §5), and only the secrets that were typed (spec §4: a blank secret is
 * not sent, so the stored one is kept).
 */
export function toConfigPayload(values: ConfigFormValues): UpdateCampConfigInput {
  const port = wholeNumber(values.smtpPort);
  const payload: UpdateCampConfigInput = {
    campName: values.campName.trim(),
    campDescription: values.campDescription,
    homePageBlurb: values.homePageBlurb,
    campBannerUrl: textOrNull(values.campBannerUrl),
    campBannerAltText: textOrNull(values.campBannerAltText),
    campIconUrl: textOrNull(values.campIconUrl),
    campIconAltText: textOrNull(values.campIconAltText),
    registrationYear: wholeNumber(values.registrationYear) ?? undefined,
    earlyRegistrationOpen: values.earlyRegistrationOpen,
    registrationOpen: values.registrationOpen,
    registrationTerms: values.registrationTerms,
    allowDeferredDuesPayment: values.allowDeferredDuesPayment,
    stripeEnabled: values.stripeEnabled,
    stripePublicKey: textOrNull(values.stripePublicKey),
    paypalEnabled: values.paypalEnabled,
    paypalClientId: textOrNull(values.paypalClientId),
    paypalMode: values.paypalMode,
    emailEnabled: values.emailEnabled,
    smtpHost: textOrNull(values.smtpHost),
    smtpPort: port,
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

/** Why the SMTP connection cannot be tested with these values, or null when it can. */
export function smtpTestIssue(values: ConfigFormValues): string | null {
  if (values.smtpHost.trim() === '') return SMTP_TEST_MESSAGES.hostRequired;
  const port = wholeNumber(values.smtpPort);
  if (port === null || port < 1 || port > 65535) return SMTP_TEST_MESSAGES.portInvalid;
  return null;
}

/** The SMTP connection test body: the e-mail settings as they stand in the form (spec §7). */
export function toSmtpTestInput(values: ConfigFormValues): TestSmtpConnectionInput {
  return {
    emailEnabled: values.emailEnabled,
    smtpHost: values.smtpHost.trim(),
    // smtpTestIssue has refused a port that is not a whole number before this is called.
    smtpPort: wholeNumber(values.smtpPort) ?? 0,
    smtpUsername: textOrNull(values.smtpUsername),
    smtpPassword: values.smtpPassword.trim() === '' ? null : values.smtpPassword,
    smtpUseSsl: values.smtpUseSsl,
    senderEmail: textOrNull(values.senderEmail),
    senderName: textOrNull(values.senderName),
    replyTo: textOrNull(values.replyTo),
  };
}
