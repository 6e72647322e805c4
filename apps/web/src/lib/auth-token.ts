/** Where the access token lives between page loads (docs/product.md §9: local storage under a product-specific key). */
export const ACCESS_TOKEN_STORAGE_KEY = 'campRegistration.accessToken';

// Storage can throw (Safari private mode, storage disabled by policy); the app then works without a saved token.
function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function getAccessToken(): string | null {
  try {
    const token = storage()?.getItem(ACCESS_TOKEN_STORAGE_KEY) ?? null;
    return token === '' ? null : token;
  } catch {
    return null;
  }
}

export function setAccessToken(token: string): void {
  try {
    storage()?.setItem(ACCESS_TOKEN_STORAGE_KEY, token);
  } catch {
    // Quota or policy errors: the token then only lasts for this request cycle, which is the best we can do.
  }
}

export function clearAccessToken(): void {
  try {
    storage()?.removeItem(ACCESS_TOKEN_STORAGE_KEY);
  } catch {
    // Nothing stored that we could remove.
  }
}
