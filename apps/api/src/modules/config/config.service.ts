import { defaultPublicConfig, type PaypalMode, type PublicConfig } from '@camp/shared';
import type { Db } from '../../db/client';
import { campConfig } from '../../db/schema/index';
import { sanitizeAdminHtml } from '../../lib/html';

export type CampConfigRow = typeof campConfig.$inferSelect;

/** Plain (not secret) values an admin or a script may store; secrets have their own setters (issue 4). */
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

function toPublic(row: CampConfigRow): PublicConfig {
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
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const HTML_FIELDS = ['campDescription', 'homePageBlurb', 'registrationTerms'] as const;

export class ConfigService {
  private cached: { value: PublicConfig; expiresAt: number } | undefined;

  constructor(
    private readonly db: Db,
    private readonly now: () => Date = () => new Date(),
  ) {}

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
    const nowMs = this.now().getTime();
    if (this.cached && this.cached.expiresAt > nowMs) return this.cached.value;
    const row = await this.findRow();
    const value = row ? toPublic(row) : defaultPublicConfig(this.now());
    this.cached = { value, expiresAt: nowMs + PUBLIC_CACHE_MS };
    return value;
  }

  invalidate(): void {
    this.cached = undefined;
  }

  /**
   * Creates the configuration or changes the stored one. HTML fields are sanitized here, on save, so
   * nothing an admin types can run script in another person's browser.
   */
  async save(values: CampConfigValues): Promise<CampConfigRow> {
    const clean: CampConfigValues = { ...values };
    for (const field of HTML_FIELDS) {
      const html = clean[field];
      if (typeof html === 'string') clean[field] = sanitizeAdminHtml(html);
    }
    const existing = await this.findRow();
    let row: CampConfigRow | undefined;
    if (existing) {
      [row] = await this.db.update(campConfig).set(clean).returning();
    } else {
      const defaults = defaultPublicConfig(this.now());
      [row] = await this.db
        .insert(campConfig)
        .values({
          campName: defaults.campName,
          registrationYear: defaults.registrationYear,
          homePageBlurb: defaults.homePageBlurb,
          ...clean,
        })
        .returning();
    }
    this.invalidate();
    if (!row) throw new Error('Saving the configuration returned no row');
    return row;
  }
}
