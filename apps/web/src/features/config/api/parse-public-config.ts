import { PAYPAL_MODES, type PublicConfig } from '@camp/shared';

/*
 * A plain check of the GET /public/config answer, field by field, instead of PublicConfigSchema.safeParse:
 * zod would add ~24 KB gzip to the first download of the home page (budget 125 KB). The field list is typed
 * against PublicConfig, so the compiler fails here when the shared type gains or loses a field, and
 * parse-public-config.test.ts checks that it accepts and rejects exactly what the zod schema does.
 */
type FieldKind = 'string' | 'nullable-string' | 'integer' | 'boolean' | 'paypal-mode';

const FIELDS = {
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
  createdAt: 'nullable-string',
  updatedAt: 'nullable-string',
} as const satisfies Record<keyof PublicConfig, FieldKind>;

function fits(kind: FieldKind, value: unknown): boolean {
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

/** The configuration with only its known fields, or null when a field is missing or of the wrong type. */
export function parsePublicConfig(data: unknown): PublicConfig | null {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return null;
  const record = data as Record<string, unknown>;
  const result: Record<string, unknown> = {};
  for (const [key, kind] of Object.entries(FIELDS)) {
    const value = record[key];
    if (!fits(kind, value)) return null;
    result[key] = value;
  }
  // Every field of PublicConfig was checked against its kind just above.
  return result as PublicConfig;
}
