import { sql } from 'drizzle-orm';
import { boolean, check, date, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';

/** The one camp configuration row. Secret columns hold AES-256-GCM ciphertext (never plain text). */
export const campConfig = pgTable(
  'camp_config',
  {
    id: id(),
    /** Always true: with the unique index it allows a single row. */
    singleton: boolean('singleton').notNull().default(true),
    campName: text('camp_name').notNull(),
    campDescription: text('camp_description').notNull().default(''),
    homePageBlurb: text('home_page_blurb').notNull().default(''),
    campBannerUrl: text('camp_banner_url'),
    campBannerAltText: text('camp_banner_alt_text'),
    campIconUrl: text('camp_icon_url'),
    campIconAltText: text('camp_icon_alt_text'),
    registrationYear: integer('registration_year').notNull(),
    earlyRegistrationOpen: boolean('early_registration_open').notNull().default(false),
    registrationOpen: boolean('registration_open').notNull().default(false),
    registrationTerms: text('registration_terms').notNull().default(''),
    allowDeferredDuesPayment: boolean('allow_deferred_dues_payment').notNull().default(false),
    stripeEnabled: boolean('stripe_enabled').notNull().default(false),
    stripePublicKey: text('stripe_public_key'),
    stripeApiKeyEncrypted: text('stripe_api_key_encrypted'),
    stripeWebhookSecretEncrypted: text('stripe_webhook_secret_encrypted'),
    paypalEnabled: boolean('paypal_enabled').notNull().default(false),
    paypalClientId: text('paypal_client_id'),
    paypalClientSecretEncrypted: text('paypal_client_secret_encrypted'),
    paypalMode: text('paypal_mode').notNull().default('sandbox'),
    emailEnabled: boolean('email_enabled').notNull().default(false),
    smtpHost: text('smtp_host'),
    smtpPort: integer('smtp_port').notNull().default(587),
    smtpUsername: text('smtp_username'),
    smtpPasswordEncrypted: text('smtp_password_encrypted'),
    smtpUseSsl: boolean('smtp_use_ssl').notNull().default(false),
    senderEmail: text('sender_email'),
    senderName: text('sender_name'),
    replyTo: text('reply_to'),
    timeZone: text('time_zone').notNull().default('UTC'),
    /** How long a waitlist offer holds its places (docs/product.md §10). */
    offerHoldHours: integer('offer_hold_hours').notNull().default(48),
    /**
     * The fair start's application window of the registration year (decision 049): while it is open, submissions
     * are draw entries that take no place; when it closes the places are drawn. Both null: no draw.
     */
    drawOpensAt: timestamp('draw_opens_at', { withTimezone: true }),
    drawClosesAt: timestamp('draw_closes_at', { withTimezone: true }),
    /** Days to pay after an offer is accepted or a place is won; null: no deadline (docs/product.md §10). */
    paymentDeadlineDays: integer('payment_deadline_days'),
    /** Give an unpaid place back to the line by itself once its deadline has passed (else an admin releases it). */
    paymentAutoRelease: boolean('payment_auto_release').notNull().default(false),
    /**
     * The date of Opening Sunday of the registration year (docs/product.md §11, decision 053): every festival day,
     * hence every shift, is dated from it. Null: shifts have days only.
     */
    openingSunday: date('opening_sunday', { mode: 'string' }),
    /** Hours before a shift its people get a reminder mail; null: no reminders (docs/product.md §11, decision 055). */
    shiftReminderHours: integer('shift_reminder_hours').default(24),
    /**
     * The last day participants may change their shifts on /shifts (docs/product.md §11); null: while registration
     * is open for them. Inclusive, in the camp's time zone.
     */
    shiftChangesClose: date('shift_changes_close', { mode: 'string' }),
    /**
     * From this day on (in the camp's time zone) an admin without a passkey reaches only their profile, to add one
     * (docs/product.md §12, decision 061); null: passkeys are optional for everyone. The days before it are the
     * grace period.
     */
    adminPasskeysRequiredFrom: date('admin_passkeys_required_from', { mode: 'string' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('camp_config_singleton_key').on(t.singleton),
    check('camp_config_singleton_true', sql`${t.singleton}`),
    check('camp_config_name_present', sql`char_length(trim(${t.campName})) > 0`),
    check('camp_config_year_range', sql`${t.registrationYear} between 2000 and 2100`),
    check('camp_config_smtp_port_range', sql`${t.smtpPort} between 1 and 65535`),
    check('camp_config_offer_hold_hours_range', sql`${t.offerHoldHours} between 1 and 720`),
    check(
      'camp_config_draw_window',
      sql`(${t.drawOpensAt} is null) = (${t.drawClosesAt} is null) and (${t.drawClosesAt} is null or ${t.drawClosesAt} > ${t.drawOpensAt})`,
    ),
    check(
      'camp_config_payment_deadline_range',
      sql`${t.paymentDeadlineDays} is null or ${t.paymentDeadlineDays} between 1 and 90`,
    ),
    check(
      'camp_config_opening_sunday_is_sunday',
      sql`${t.openingSunday} is null or extract(isodow from ${t.openingSunday}) = 7`,
    ),
    check(
      'camp_config_shift_reminder_hours_range',
      sql`${t.shiftReminderHours} is null or ${t.shiftReminderHours} between 1 and 168`,
    ),
    check('camp_config_paypal_mode', sql`${t.paypalMode} in ('sandbox', 'live')`),
  ],
);
