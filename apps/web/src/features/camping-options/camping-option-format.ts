import { optionCapacity } from '@camp/shared/rules';

/** docs/product.md §3: maxSignups 0 means unlimited. */
export function formatMaxSignups(maxSignups: number): string {
  return optionCapacity(maxSignups) === null ? 'Unlimited' : String(maxSignups);
}
