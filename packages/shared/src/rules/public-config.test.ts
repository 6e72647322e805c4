import { describe, expect, it } from 'vitest';
import { defaultPublicConfig, parsePublicConfig, PublicConfigSchema, type PublicConfig } from '../index';

const valid: PublicConfig = {
  ...defaultPublicConfig(),
  id: 'cfg-1',
  campName: 'Camp Dusty Gulch',
  campBannerUrl: 'https://example.org/banner.jpg',
  paypalMode: 'live',
  createdAt: '2026-01-01T00:00:00.000Z',
};

/** Answers the zod schema and the hand-written check must agree on. */
const samples: Array<[string, unknown]> = [
  ['valid', valid],
  ['default', defaultPublicConfig()],
  ['with extra fields', { ...valid, smtpHost: 'smtp.example.org' }],
  ['null', null],
  ['array', [valid]],
  ['text', 'config'],
  ['missing campName', { ...valid, campName: undefined }],
  ['numeric campName', { ...valid, campName: 42 }],
  ['null homePageBlurb', { ...valid, homePageBlurb: null }],
  ['fractional year', { ...valid, registrationYear: 2026.5 }],
  ['year as text', { ...valid, registrationYear: '2026' }],
  ['boolean as text', { ...valid, registrationOpen: 'true' }],
  ['unknown paypal mode', { ...valid, paypalMode: 'test' }],
  ['numeric banner URL', { ...valid, campBannerUrl: 7 }],
];

describe('parsePublicConfig', () => {
  it.each(samples)('agrees with PublicConfigSchema: %s', (_name, sample) => {
    const zod = PublicConfigSchema.safeParse(sample);
    const parsed = parsePublicConfig(sample);
    expect(parsed).toEqual(zod.success ? zod.data : null);
  });

  it('checks every field of the schema', () => {
    for (const key of Object.keys(PublicConfigSchema.shape)) {
      const broken = { ...valid, [key]: { not: 'valid' } };
      expect(parsePublicConfig(broken), key).toBeNull();
    }
  });
});
