import {
  type AdminCampConfig,
  CONFIG_ALREADY_EXISTS,
  CONFIG_NOT_FOUND,
  campConfigRuleIssues,
  type CreateCampConfigValues,
  defaultPublicConfig,
  drawWindowProblems,
  type PaypalMode,
  type PublicConfig,
  PublicConfigSchema,
  type UpdateCampConfigValues,
} from '@camp/shared';
import { eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { campConfig } from '../../db/schema/index';
import { badRequest, conflict, notFound } from '../../lib/app-error';
import { entityTag } from '../../lib/etag';
import { sanitizeAdminHtml } from '../../lib/html';
import type { SecretBox } from '../../lib/secrets';
import { changeEvent, recordSecurityEvent } from '../security-events/security-events';
import { drawScheduleChanged, scheduleDraw } from '../draw/draw-schedule';

export type CampConfigRow = typeof campConfig.$inferSelect;

/** Plain (not secret) values an admin or a script may store; secrets have their own setters (decision 007). */
export type CampConfigValues = Partial<
  Omit<
    typeof campConfig.$inferInsert,
    | 'id'
    | 'singleton'
    | 'createdAt'
    | 'updatedAt'
    | 'stripeApiKeyEncrypted'
    | 'stripeWebhookSecretEncrypted'
    | 'paypalClientSecretEncrypted'
    | 'smtpPasswordEncrypted'
  >
>;

/** How long another API process may serve a public view it cached before re-reading it. */
const PUBLIC_CACHE_MS = 5_000;

/** The public view of the stored row (a stored row always has its id and dates, unlike the default). */
function toPublic(
  row: CampConfigRow,
): PublicConfig & Pick<AdminCampConfig, 'id' | 'createdAt' | 'updatedAt'> {
  return {
    id: row.id,
    campName: row.campName,
    campDescription: row.campDescription,
    homePageBlurb: row.homePageBlurb,
    campBannerUrl: row.campBannerUrl,
    campBannerAltText: row.campBannerAltText,
    campIconUrl: row.campIconUrl,
    campIconAltText: row.campIconAltText,
    registrationYear: row.registrationYear,
    earlyRegistrationOpen: row.earlyRegistrationOpen,
    registrationOpen: row.registrationOpen,
    registrationTerms: row.registrationTerms,
    allowDeferredDuesPayment: row.allowDeferredDuesPayment,
    stripeEnabled: row.stripeEnabled,
    stripePublicKey: row.stripePublicKey,
    paypalEnabled: row.paypalEnabled,
    paypalClientId: row.paypalClientId,
    paypalMode: row.paypalMode as PaypalMode,
    timeZone: row.timeZone,
    drawOpensAt: row.drawOpensAt?.toISOString() ?? null,
    drawClosesAt: row.drawClosesAt?.toISOString() ?? null,
    openingSunday: row.openingSunday,
    shiftChangesClose: row.shiftChangesClose,
    adminPasskeysRequiredFrom: row.adminPasskeysRequiredFrom,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const HTML_FIELDS = ['campDescription', 'homePageBlurb', 'registrationTerms'] as const;

/** The public configuration with its JSON and entity tag, made once per change rather than per request. */
export interface PublicConfigView {
  value: PublicConfig;
  /** The body of GET /public/config, exactly as the response schema would serialize it. */
  json: string;
  /** A strong entity tag of `json`: equal bodies, equal tags, in every API process. */
  etag: string;
}

function viewOf(value: PublicConfig): PublicConfigView {
  const json = JSON.stringify(PublicConfigSchema.encode(value));
  return { value, json, etag: entityTag(json) };
}

export class ConfigService {
  private cached: { view: PublicConfigView; expiresAt: number } | undefined;

  constructor(
    private readonly db: Db,
    private readonly now: () => Date = () => new Date(),
    /** Seals and opens the write-only secrets; only the admin calls and secret() need it. */
    private readonly secrets?: SecretBox,
  ) {}

  private secretBox(): SecretBox {
    if (!this.secrets) throw new Error('ConfigService was built without a SecretBox');
    return this.secrets;
  }

  /** The stored configuration row, if an admin has saved one. */
  async findRow(): Promise<CampConfigRow | undefined> {
    const [row] = await this.db.select().from(campConfig).limit(1);
    return row;
  }

  /**
   * The configuration anyone may read: the stored one without secrets or e-mail settings, or the default
   * when none is stored. Cached; a save in this process clears the cache at once, other processes within
   * PUBLIC_CACHE_MS.
   */
  async getPublic(): Promise<PublicConfig> {
    return (await this.getPublicView()).value;
  }

  /** getPublic() with its serialized body and entity tag, cached together. */
  async getPublicView(): Promise<PublicConfigView> {
    const nowMs = this.now().getTime();
    if (this.cached && this.cached.expiresAt > nowMs) return this.cached.view;
    const row = await this.findRow();
    // Card payments are offered (stripeEnabled) only when the server can take them: enabled, with the
    // public key the browser needs and the secret key the server needs (decision 016).
    const value = row
      ? {
          ...toPublic(row),
          stripeEnabled: row.stripeEnabled && !!row.stripePublicKey && row.stripeApiKeyEncrypted !== null,
        }
      : defaultPublicConfig(this.now());
    const view = viewOf(value);
    this.cached = { view, expiresAt: nowMs + PUBLIC_CACHE_MS };
    return view;
  }

  invalidate(): void {
    this.cached = undefined;
  }

  /**
   * Creates the configuration or changes the stored one. HTML fields are sanitized here, on save, so
   * nothing an admin types can run script in another person's browser.
   */
  async save(values: CampConfigValues): Promise<CampConfigRow> {
    const clean = sanitized(values);
    const existing = await this.findRow();
    let row: CampConfigRow | undefined;
    if (existing) {
      [row] = await this.db.update(campConfig).set(clean).returning();
    } else {
      [row] = await this.db
        .insert(campConfig)
        .values({ ...this.insertDefaults(), ...clean })
        .returning();
    }
    this.invalidate();
    if (!row) throw new Error('Saving the configuration returned no row');
    return row;
  }

  private insertDefaults() {
    const defaults = defaultPublicConfig(this.now());
    return {
      campName: defaults.campName,
      registrationYear: defaults.registrationYear,
      homePageBlurb: defaults.homePageBlurb,
    };
  }

  /** GET /core-config/current: everything but the secrets, which show only as "is set" flags. */
  async getAdmin(): Promise<AdminCampConfig> {
    const row = await this.findRow();
    if (!row) throw notFound(CONFIG_NOT_FOUND);
    return toAdmin(row);
  }

  /** POST /core-config: the first configuration. A second one is a conflict (the web client PATCHes). */
  async createAdmin(input: CreateCampConfigValues): Promise<AdminCampConfig> {
    if (await this.findRow()) throw conflict(CONFIG_ALREADY_EXISTS);
    const values = this.columnsFrom(input);
    // The singleton index makes a simultaneous second create fail here rather than add a row.
    const row = await this.db.transaction(async (tx) => {
      const [created] = await tx
        .insert(campConfig)
        .values({ ...this.insertDefaults(), ...values })
        .onConflictDoNothing()
        .returning();
      if (!created) throw conflict(CONFIG_ALREADY_EXISTS);
      if (created.drawClosesAt) await scheduleDraw(tx, created);
      await recordSecurityEvent(tx, changeEvent('config.created', { id: created.id, after: created }));
      return created;
    });
    this.invalidate();
    return toAdmin(row);
  }

  /**
   * PATCH /core-config/current: changes the given fields. The "when e-mail is enabled" rules are checked on
   * the stored configuration merged with the change, under a row lock so two saves cannot each pass the
   * check against a state the other one replaces.
   */
  async updateAdmin(input: UpdateCampConfigValues): Promise<AdminCampConfig> {
    const row = await this.db.transaction(async (tx) => {
      const [existing] = await tx.select().from(campConfig).limit(1).for('update');
      if (!existing) throw notFound(CONFIG_NOT_FOUND);
      const issues = campConfigRuleIssues({
        emailEnabled: input.emailEnabled ?? existing.emailEnabled,
        smtpHost: input.smtpHost !== undefined ? input.smtpHost : existing.smtpHost,
        smtpPort: input.smtpPort !== undefined ? input.smtpPort : existing.smtpPort,
        senderEmail: input.senderEmail !== undefined ? input.senderEmail : existing.senderEmail,
        senderName: input.senderName !== undefined ? input.senderName : existing.senderName,
      });
      const window = {
        drawOpensAt:
          input.drawOpensAt !== undefined ? input.drawOpensAt : (existing.drawOpensAt?.toISOString() ?? null),
        drawClosesAt:
          input.drawClosesAt !== undefined
            ? input.drawClosesAt
            : (existing.drawClosesAt?.toISOString() ?? null),
      };
      issues.push(...drawWindowProblems(window).map((problem) => problem.message));
      if (issues.length > 0) throw badRequest(issues);
      const values = this.columnsFrom(input);
      if (Object.keys(values).length === 0) return existing;
      const updated = await this.updateRow(tx, existing.id, values);
      if (drawScheduleChanged(existing, updated)) await scheduleDraw(tx, updated);
      // Changed fields with old and new values; secrets show only as "[redacted]" (S19).
      await recordSecurityEvent(
        tx,
        changeEvent('config.updated', { id: existing.id, before: existing, after: updated }),
      );
      return updated;
    });
    this.invalidate();
    return toAdmin(row);
  }

  private async updateRow(db: DbOrTx, id: string, values: CampConfigColumns): Promise<CampConfigRow> {
    const [row] = await db.update(campConfig).set(values).where(eq(campConfig.id, id)).returning();
    if (!row) throw notFound(CONFIG_NOT_FOUND);
    return row;
  }

  /**
   * Table columns from a validated admin payload: HTML sanitized, non-blank secrets sealed into their
   * columns (blank ones left out, so the stored secret stays), and a cleared port left out (the stored or
   * default port stays).
   */
  private columnsFrom(input: UpdateCampConfigValues): CampConfigColumns {
    const {
      stripeApiKey,
      stripeWebhookSecret,
      paypalClientSecret,
      smtpPassword,
      smtpPort,
      drawOpensAt,
      drawClosesAt,
      ...plain
    } = input;
    const values: CampConfigColumns = sanitized(dropUndefined(plain));
    if (drawOpensAt !== undefined) values.drawOpensAt = drawOpensAt === null ? null : new Date(drawOpensAt);
    if (drawClosesAt !== undefined)
      values.drawClosesAt = drawClosesAt === null ? null : new Date(drawClosesAt);
    // With e-mail enabled a null port never gets here (campConfigRuleIssues refuses it).
    if (smtpPort !== undefined && smtpPort !== null) values.smtpPort = smtpPort;
    const box = this.secretBox();
    if (stripeApiKey) values.stripeApiKeyEncrypted = box.seal(stripeApiKey);
    if (stripeWebhookSecret) values.stripeWebhookSecretEncrypted = box.seal(stripeWebhookSecret);
    if (paypalClientSecret) values.paypalClientSecretEncrypted = box.seal(paypalClientSecret);
    if (smtpPassword) values.smtpPasswordEncrypted = box.seal(smtpPassword);
    return values;
  }

  /** A stored secret in plain text (for the services that use it), or null when none is stored. */
  async secret(name: SecretName, row?: CampConfigRow): Promise<string | null> {
    const source = row ?? (await this.findRow());
    const sealed = source?.[SECRET_COLUMNS[name]];
    return sealed ? this.secretBox().open(sealed) : null;
  }
}

export type SecretName = 'stripeApiKey' | 'stripeWebhookSecret' | 'paypalClientSecret' | 'smtpPassword';

const SECRET_COLUMNS = {
  stripeApiKey: 'stripeApiKeyEncrypted',
  stripeWebhookSecret: 'stripeWebhookSecretEncrypted',
  paypalClientSecret: 'paypalClientSecretEncrypted',
  smtpPassword: 'smtpPasswordEncrypted',
} as const satisfies Record<SecretName, keyof CampConfigRow>;

/** Every column a save may write, sealed secrets included. */
type CampConfigColumns = Partial<
  Omit<typeof campConfig.$inferInsert, 'id' | 'singleton' | 'createdAt' | 'updatedAt'>
>;

function sanitized<T extends CampConfigValues>(values: T): T {
  const clean: T = { ...values };
  for (const field of HTML_FIELDS) {
    const html = clean[field];
    if (typeof html === 'string') clean[field] = sanitizeAdminHtml(html) as T[typeof field];
  }
  return clean;
}

function dropUndefined<T extends object>(values: T): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as Partial<T>;
}

/** The admin view: the public view and the e-mail settings, with secrets only as "is set" flags. */
function toAdmin(row: CampConfigRow): AdminCampConfig {
  return {
    ...toPublic(row),
    stripeApiKeySet: row.stripeApiKeyEncrypted !== null,
    stripeWebhookSecretSet: row.stripeWebhookSecretEncrypted !== null,
    paypalClientSecretSet: row.paypalClientSecretEncrypted !== null,
    emailEnabled: row.emailEnabled,
    smtpHost: row.smtpHost,
    smtpPort: row.smtpPort,
    smtpUsername: row.smtpUsername,
    smtpPasswordSet: row.smtpPasswordEncrypted !== null,
    smtpUseSsl: row.smtpUseSsl,
    senderEmail: row.senderEmail,
    senderName: row.senderName,
    replyTo: row.replyTo,
    offerHoldHours: row.offerHoldHours,
    paymentDeadlineDays: row.paymentDeadlineDays,
    shiftReminderHours: row.shiftReminderHours,
    paymentAutoRelease: row.paymentAutoRelease,
  };
}
