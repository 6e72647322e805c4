import { z } from 'zod';
import { PAYPAL_MODES, PaypalModeSchema, TIME_ZONES } from './enums';

/** Spec §5 Configuration messages, word for word. */
export const CONFIG_MESSAGES = {
  campNameRequired: 'Camp name is required',
  registrationYear: 'Registration year must be between 2000 and 2100',
  senderEmailInvalid: 'Sender Email must be a valid email address',
  replyToInvalid: 'Reply-To Email must be a valid email address',
  smtpHostRequired: 'SMTP Host is required when email notifications are enabled',
  smtpPortRequired: 'SMTP Port must be a valid port number (1-65535) when email notifications are enabled',
  senderEmailRequired: 'Sender Email is required when email notifications are enabled',
  senderNameRequired: 'Sender Name is required when email notifications are enabled',
  // Not in the spec: a port typed while e-mail is off is still checked, so the stored value is usable later.
  smtpPortInvalid: 'SMTP Port must be a valid port number (1-65535)',
} as const;

export const CONFIG_NOT_FOUND = 'Configuration not found';
export const CONFIG_ALREADY_EXISTS =
  'A configuration already exists. Change it with PATCH /api/core-config/current.';

export const REGISTRATION_YEAR_MIN = 2000;
export const REGISTRATION_YEAR_MAX = 2100;
export const DEFAULT_SMTP_PORT = 587;
export const CAMP_NAME_MAX = 200;
export const CONFIG_HTML_MAX = 100_000;
export const CONFIG_URL_MAX = 2048;

/**
 * A banner or icon address as stored: trimmed, and either relative (`/img/banner.jpg`, `img/banner.jpg`)
 * or absolute http(s). Anything with another scheme (javascript:, data:, vbscript:), a protocol-relative
 * `//host`, backslashes or control characters is refused: the value ends up in an `<img src>`.
 */
export function isSafeImageUrl(value: string): boolean {
  if (value === '' || value.length > CONFIG_URL_MAX) return false;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused here
  if (/[\u0000-\u0020\u007f\\]/.test(value)) return false;
  if (value.startsWith('//')) return false;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(value);
  if (!scheme) return true;
  const name = scheme[1]?.toLowerCase();
  if (name !== 'http' && name !== 'https') return false;
  try {
    return new URL(value).hostname !== '';
  } catch {
    return false;
  }
}

/** Optional text: trimmed, blank or null becomes null. */
const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((value) => (value ? value : null));

/** Admin-written HTML; null means empty. Sanitized by the server on save. */
const htmlText = (label: string) =>
  z
    .string({ error: `${label} must be text` })
    .max(CONFIG_HTML_MAX, `${label} must be at most ${CONFIG_HTML_MAX} characters`)
    .nullish()
    .transform((value) => value ?? '');

const imageUrl = (label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .nullish()
    .transform((value) => (value ? value : null))
    .refine((value) => value === null || isSafeImageUrl(value), {
      message: `${label} must be a relative path or an http(s) address`,
    });

const optionalEmail = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(254, message)
    .nullish()
    .transform((value) => (value ? value.toLowerCase() : null))
    .refine((value) => value === null || z.email().safeParse(value).success, { message });

/**
 * A write-only secret. Blank, null or absent means "keep the stored one" (spec §4: blank secret fields are
 * not sent); the server answers only whether one is set.
 */
const secret = (label: string, trim: boolean) =>
  z
    .string({ error: `${label} must be text` })
    .max(1000, `${label} must be at most 1000 characters`)
    .nullish()
    .transform((value) => {
      if (value === null || value === undefined || value.trim() === '') return undefined;
      return trim ? value.trim() : value;
    });

const bool = (label: string) => z.boolean({ error: `${label} must be true or false` });

/** Every field of the configuration form (spec §3), each optional: the shape PATCH accepts. */
const configFields = {
  campName: z
    .string({ error: CONFIG_MESSAGES.campNameRequired })
    .trim()
    .min(1, CONFIG_MESSAGES.campNameRequired)
    .max(CAMP_NAME_MAX, `Camp name must be at most ${CAMP_NAME_MAX} characters`),
  campDescription: htmlText('Camp description'),
  homePageBlurb: htmlText('Home page blurb'),
  campBannerUrl: imageUrl('Banner URL'),
  campBannerAltText: optionalText('Banner alt text', 300),
  campIconUrl: imageUrl('Icon URL'),
  campIconAltText: optionalText('Icon alt text', 300),
  registrationYear: z
    .number({ error: CONFIG_MESSAGES.registrationYear })
    .int(CONFIG_MESSAGES.registrationYear)
    .min(REGISTRATION_YEAR_MIN, CONFIG_MESSAGES.registrationYear)
    .max(REGISTRATION_YEAR_MAX, CONFIG_MESSAGES.registrationYear),
  earlyRegistrationOpen: bool('Early registration open'),
  registrationOpen: bool('Registration open'),
  registrationTerms: htmlText('Registration terms'),
  allowDeferredDuesPayment: bool('Allow deferred dues payment'),
  stripeEnabled: bool('Stripe enabled'),
  stripePublicKey: optionalText('Stripe public key', 500),
  stripeApiKey: secret('Stripe API key', true),
  stripeWebhookSecret: secret('Stripe webhook secret', true),
  paypalEnabled: bool('PayPal enabled'),
  paypalClientId: optionalText('PayPal client id', 500),
  paypalClientSecret: secret('PayPal client secret', true),
  paypalMode: z.enum(PAYPAL_MODES, { error: 'PayPal mode must be sandbox or live' }),
  emailEnabled: bool('Email enabled'),
  smtpHost: optionalText('SMTP Host', 255).refine((value) => value === null || /^[^\s/\\@]+$/.test(value), {
    message: 'SMTP Host must be a host name or IP address',
  }),
  // Any integer here; the range (and its message) depends on emailEnabled: see campConfigRuleIssues.
  smtpPort: z
    .number({ error: CONFIG_MESSAGES.smtpPortInvalid })
    .int(CONFIG_MESSAGES.smtpPortInvalid)
    .nullish(),
  smtpUsername: optionalText('SMTP Username', 255),
  // SMTP passwords may begin or end with spaces: kept exactly as typed.
  smtpPassword: secret('SMTP Password', false),
  smtpUseSsl: bool('SMTP use SSL'),
  senderEmail: optionalEmail(CONFIG_MESSAGES.senderEmailInvalid),
  senderName: optionalText('Sender Name', 100),
  replyTo: optionalEmail(CONFIG_MESSAGES.replyToInvalid),
  timeZone: z.enum(TIME_ZONES, { error: `Time zone must be one of: ${TIME_ZONES.join(', ')}` }),
};

/** The values the cross-field rules of spec §5 look at, after merging with what is stored. */
export interface CampConfigRuleValues {
  emailEnabled: boolean;
  smtpHost: string | null;
  smtpPort: number | null;
  senderEmail: string | null;
  senderName: string | null;
}

const isPort = (port: number | null): port is number =>
  port !== null && Number.isInteger(port) && port >= 1 && port <= 65535;

/** The "when email notifications are enabled" rules of spec §5, in the form's order. */
export function campConfigRuleIssues(values: CampConfigRuleValues): string[] {
  const issues: string[] = [];
  if (values.emailEnabled) {
    if (!values.smtpHost?.trim()) issues.push(CONFIG_MESSAGES.smtpHostRequired);
    if (!isPort(values.smtpPort)) issues.push(CONFIG_MESSAGES.smtpPortRequired);
    if (!values.senderEmail?.trim()) issues.push(CONFIG_MESSAGES.senderEmailRequired);
    if (!values.senderName?.trim()) issues.push(CONFIG_MESSAGES.senderNameRequired);
  } else if (values.smtpPort !== null && !isPort(values.smtpPort)) {
    issues.push(CONFIG_MESSAGES.smtpPortInvalid);
  }
  return issues;
}

/**
 * PATCH /core-config/current: any subset of the fields. The cross-field rules are checked by the server on
 * the stored configuration merged with the change.
 */
export const UpdateCampConfigInputSchema = z.strictObject(configFields).partial();
export type UpdateCampConfigInput = z.input<typeof UpdateCampConfigInputSchema>;
export type UpdateCampConfigValues = z.output<typeof UpdateCampConfigInputSchema>;

/** POST /core-config: the same payload; campName required, the rest defaults (e-mail off, port 587). */
export const CreateCampConfigInputSchema = UpdateCampConfigInputSchema.extend({
  campName: configFields.campName,
}).superRefine((value, ctx) => {
  const issues = campConfigRuleIssues({
    emailEnabled: value.emailEnabled ?? false,
    smtpHost: value.smtpHost ?? null,
    smtpPort: value.smtpPort === undefined ? DEFAULT_SMTP_PORT : value.smtpPort,
    senderEmail: value.senderEmail ?? null,
    senderName: value.senderName ?? null,
  });
  for (const message of issues) ctx.addIssue({ code: 'custom', message });
});
export type CreateCampConfigInput = z.input<typeof CreateCampConfigInputSchema>;
export type CreateCampConfigValues = z.output<typeof CreateCampConfigInputSchema>;

/**
 * The configuration as an admin reads it (GET /core-config/current): every field of spec §3 except the
 * write-only secrets, which are answered only as "is one stored" flags.
 */
export const AdminCampConfigSchema = z.object({
  id: z.string(),
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
  stripeApiKeySet: z.boolean(),
  stripeWebhookSecretSet: z.boolean(),
  paypalEnabled: z.boolean(),
  paypalClientId: z.string().nullable(),
  paypalClientSecretSet: z.boolean(),
  paypalMode: PaypalModeSchema,
  emailEnabled: z.boolean(),
  smtpHost: z.string().nullable(),
  smtpPort: z.number().int(),
  smtpUsername: z.string().nullable(),
  smtpPasswordSet: z.boolean(),
  smtpUseSsl: z.boolean(),
  senderEmail: z.string().nullable(),
  senderName: z.string().nullable(),
  replyTo: z.string().nullable(),
  timeZone: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminCampConfig = z.infer<typeof AdminCampConfigSchema>;
