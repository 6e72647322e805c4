/** docs/product.md §3: maxSignups 0 means unlimited. */
export function formatMaxSignups(maxSignups: number): string {
  return maxSignups === 0 ? 'Unlimited' : String(maxSignups);
}
