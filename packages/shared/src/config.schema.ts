import { z } from 'zod';
import { PaypalModeSchema } from './enums.schema';
import { flag, type Holds, optionalText, type SameType, textCharacters } from './schema-kit';
import {
  EVENT_DATES_MESSAGES,
  isValidIsoDate,
  SHIFT_CHANGE_TEXTS,
  ADMIN_PASSKEY_CONFIG_TEXTS,
  SHIFT_REMINDER_HOURS_MAX,
  SHIFT_REMINDER_HOURS_MIN,
  SHIFT_REMINDER_MESSAGES,
  isOpeningSunday,
  CAMP_NAME_MAX,
  campConfigRuleProblems,
  CONFIG_HTML_MAX,
  CONFIG_MESSAGES,
  type ConfigFieldKind,
  DEFAULT_SMTP_PORT,
  DRAW_MESSAGES,
  DRAW_TEXTS,
  drawWindowProblems,
  isSafeImageUrl,
  OFFER_HOLD_HOURS_MAX,
  OFFER_HOLD_HOURS_MIN,
  PAYMENT_DEADLINE_DAYS_MAX,
  PAYMENT_DEADLINE_DAYS_MIN,
  PAYMENT_DEADLINE_MESSAGES,
  PUBLIC_CONFIG_FIELDS,
  type PublicConfig,
  REGISTRATION_YEAR_MAX,
  REGISTRATION_YEAR_MIN,
  WAITLIST_MESSAGES,
} from './rules';
import { PAYPAL_MODES, TIME_ZONES } from './rules';

/** The zod schema of each kind of field in PUBLIC_CONFIG_FIELDS (./rules/config). */
const FIELD_KIND_SCHEMAS = {
  string: z.string(),
  'nullable-string': z.string().nullable(),
  integer: z.number().int(),
  boolean: z.boolean(),
  'paypal-mode': PaypalModeSchema,
} satisfies Record<ConfigFieldKind, z.ZodType>;

type PublicConfigShape = {
  [K in keyof typeof PUBLIC_CONFIG_FIELDS]: (typeof FIELD_KIND_SCHEMAS)[(typeof PUBLIC_CONFIG_FIELDS)[K]];
};

/**
 * The camp configuration as anyone may read it (GET /public/config): everything that drives the header,
 * home page, registration windows and payment buttons. Secrets and e-mail server settings are never part
 * of it (see docs/decisions/002-public-config-view.md). Built from the one field table that the browser's
 * zod-free check (parsePublicConfig) reads too.
 */
export const PublicConfigSchema = z.object(
  Object.fromEntries(
    Object.entries(PUBLIC_CONFIG_FIELDS).map(([key, kind]) => [key, FIELD_KIND_SCHEMAS[kind]]),
  ) as PublicConfigShape,
);
export type { PublicConfig };
type _PublicConfigSchemaIsPublicConfig = Holds<SameType<z.output<typeof PublicConfigSchema>, PublicConfig>>;

// ---- Admin configuration (GET/PATCH /core-config/current, POST /core-config) -------------------------

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
 * A write-only secret. Blank, null or absent means "keep the stored one" (docs/product.md §4: blank secret fields are
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

/** A moment of the application window: an ISO date-time with its offset, or null (no window). */
const drawWindowTime = (label: string) =>
  z
    .string({ error: DRAW_MESSAGES.windowDate(label) })
    .trim()
    .pipe(z.iso.datetime({ offset: true, error: DRAW_MESSAGES.windowDate(label) }))
    .transform((value) => new Date(value).toISOString())
    .nullable();

/** Every field of the configuration form (docs/product.md §3), each optional: the shape PATCH accepts. */
const configFields = {
  campName: z
    .string({ error: CONFIG_MESSAGES.campNameRequired })
    .trim()
    .min(1, CONFIG_MESSAGES.campNameRequired)
    .max(CAMP_NAME_MAX, `Camp name must be at most ${CAMP_NAME_MAX} characters`)
    .superRefine(textCharacters('Camp name', 'single-line')),
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
  earlyRegistrationOpen: flag('Early registration open'),
  registrationOpen: flag('Registration open'),
  registrationTerms: htmlText('Registration terms'),
  allowDeferredDuesPayment: flag('Allow deferred dues payment'),
  stripeEnabled: flag('Stripe enabled'),
  stripePublicKey: optionalText('Stripe public key', 500),
  stripeApiKey: secret('Stripe API key', true),
  stripeWebhookSecret: secret('Stripe webhook secret', true),
  paypalEnabled: flag('PayPal enabled'),
  paypalClientId: optionalText('PayPal client id', 500),
  paypalClientSecret: secret('PayPal client secret', true),
  paypalMode: z.enum(PAYPAL_MODES, { error: 'PayPal mode must be sandbox or live' }),
  emailEnabled: flag('Email enabled'),
  smtpHost: optionalText('SMTP Host', 255).refine((value) => value === null || /^[^\s/\\@]+$/.test(value), {
    message: 'SMTP Host must be a host name or IP address',
  }),
  // Any integer here; the range (and its message) depends on emailEnabled: see campConfigRuleProblems.
  smtpPort: z
    .number({ error: CONFIG_MESSAGES.smtpPortInvalid })
    .int(CONFIG_MESSAGES.smtpPortInvalid)
    .nullish(),
  smtpUsername: optionalText('SMTP Username', 255),
  // SMTP passwords may begin or end with spaces: kept exactly as typed.
  smtpPassword: secret('SMTP Password', false),
  smtpUseSsl: flag('SMTP use SSL'),
  senderEmail: optionalEmail(CONFIG_MESSAGES.senderEmailInvalid),
  senderName: optionalText('Sender Name', 100),
  replyTo: optionalEmail(CONFIG_MESSAGES.replyToInvalid),
  timeZone: z.enum(TIME_ZONES, { error: `Time zone must be one of: ${TIME_ZONES.join(', ')}` }),
  /** How long a waitlist offer holds its places (docs/product.md §10). */
  offerHoldHours: z
    .number({ error: WAITLIST_MESSAGES.offerHoldHours })
    .int(WAITLIST_MESSAGES.offerHoldHours)
    .min(OFFER_HOLD_HOURS_MIN, WAITLIST_MESSAGES.offerHoldHours)
    .max(OFFER_HOLD_HOURS_MAX, WAITLIST_MESSAGES.offerHoldHours),
  /** Days to pay after an offer is accepted or a place is won; null: no deadline (docs/product.md §10). */
  paymentDeadlineDays: z
    .number({ error: PAYMENT_DEADLINE_MESSAGES.deadlineDays })
    .int(PAYMENT_DEADLINE_MESSAGES.deadlineDays)
    .min(PAYMENT_DEADLINE_DAYS_MIN, PAYMENT_DEADLINE_MESSAGES.deadlineDays)
    .max(PAYMENT_DEADLINE_DAYS_MAX, PAYMENT_DEADLINE_MESSAGES.deadlineDays)
    .nullable(),
  /** Hours before a shift its people get a reminder; null: none (docs/product.md §11). */
  shiftReminderHours: z
    .number({ error: SHIFT_REMINDER_MESSAGES.hours })
    .int(SHIFT_REMINDER_MESSAGES.hours)
    .min(SHIFT_REMINDER_HOURS_MIN, SHIFT_REMINDER_MESSAGES.hours)
    .max(SHIFT_REMINDER_HOURS_MAX, SHIFT_REMINDER_MESSAGES.hours)
    .nullable(),
  /** Whether an overdue unpaid place goes back to the line without an admin. */
  paymentAutoRelease: z.boolean({ error: PAYMENT_DEADLINE_MESSAGES.autoRelease }),
  /** The application window (docs/product.md §10, decision 049): both or neither, checked on the merged config. */
  drawOpensAt: drawWindowTime(DRAW_TEXTS.opensLabel),
  drawClosesAt: drawWindowTime(DRAW_TEXTS.closesLabel),
  /** The event's dates (docs/product.md §11, decision 053): Opening Sunday of the registration year, or null. */
  openingSunday: z
    .string({ error: EVENT_DATES_MESSAGES.openingSunday })
    .trim()
    .refine(isOpeningSunday, EVENT_DATES_MESSAGES.openingSunday)
    .nullable(),
  /** The last day people may change their own shifts after registration closed (docs/product.md §11, decision 057). */
  shiftChangesClose: z
    .string({ error: SHIFT_CHANGE_TEXTS.configInvalid })
    .trim()
    .refine(isValidIsoDate, SHIFT_CHANGE_TEXTS.configInvalid)
    .nullable(),
  /** From this day an admin needs a passkey for the admin area (docs/product.md §12 Passkeys, decision 061). */
  adminPasskeysRequiredFrom: z
    .string({ error: ADMIN_PASSKEY_CONFIG_TEXTS.invalid })
    .trim()
    .refine(isValidIsoDate, ADMIN_PASSKEY_CONFIG_TEXTS.invalid)
    .nullable(),
};

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
  const problems = campConfigRuleProblems({
    emailEnabled: value.emailEnabled ?? false,
    smtpHost: value.smtpHost ?? null,
    smtpPort: value.smtpPort === undefined ? DEFAULT_SMTP_PORT : value.smtpPort,
    senderEmail: value.senderEmail ?? null,
    senderName: value.senderName ?? null,
  });
  for (const { field, message } of problems) ctx.addIssue({ code: 'custom', message, path: [field] });
  for (const { field, message } of drawWindowProblems({
    drawOpensAt: value.drawOpensAt ?? null,
    drawClosesAt: value.drawClosesAt ?? null,
  })) {
    ctx.addIssue({ code: 'custom', message, path: [field] });
  }
});
export type CreateCampConfigInput = z.input<typeof CreateCampConfigInputSchema>;
export type CreateCampConfigValues = z.output<typeof CreateCampConfigInputSchema>;

/**
 * The configuration as an admin reads it (GET /core-config/current): every field of docs/product.md §3 except the
 * write-only secrets, which are answered only as "is one stored" flags.
 */
export const AdminCampConfigSchema = PublicConfigSchema.extend({
  // Stored, so never null here (the public view answers null ids and dates for the built-in defaults).
  id: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  stripeApiKeySet: z.boolean(),
  stripeWebhookSecretSet: z.boolean(),
  paypalClientSecretSet: z.boolean(),
  emailEnabled: z.boolean(),
  smtpHost: z.string().nullable(),
  smtpPort: z.number().int(),
  smtpUsername: z.string().nullable(),
  smtpPasswordSet: z.boolean(),
  smtpUseSsl: z.boolean(),
  senderEmail: z.string().nullable(),
  senderName: z.string().nullable(),
  replyTo: z.string().nullable(),
  /** Hours a waitlist offer holds its places (docs/product.md §10). */
  offerHoldHours: z.number().int(),
  /** Days to pay after an offer is accepted or a place is won; null: no deadline (docs/product.md §10). */
  paymentDeadlineDays: z.number().int().nullable(),
  /** Hours before a shift its reminder goes out; null: no reminders (docs/product.md §11). */
  shiftReminderHours: z.number().int().nullable(),
  paymentAutoRelease: z.boolean(),
});
export type AdminCampConfig = z.infer<typeof AdminCampConfigSchema>;
