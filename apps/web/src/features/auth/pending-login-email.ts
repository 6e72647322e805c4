/**
 * The address a code was sent to (docs/product.md §2 Login: kept as pendingLoginEmail during login), so a reload or
 * a trip to the mail app comes back to the code step. Cleared once signed in.
 */
export const PENDING_LOGIN_EMAIL_KEY = 'pendingLoginEmail';

export function getPendingLoginEmail(): string | null {
  try {
    return window.localStorage.getItem(PENDING_LOGIN_EMAIL_KEY) || null;
  } catch {
    return null;
  }
}

export function setPendingLoginEmail(email: string): void {
  try {
    window.localStorage.setItem(PENDING_LOGIN_EMAIL_KEY, email);
  } catch {
    // Without storage the code step just does not survive a reload.
  }
}

export function clearPendingLoginEmail(): void {
  try {
    window.localStorage.removeItem(PENDING_LOGIN_EMAIL_KEY);
  } catch {
    // Nothing to clear.
  }
}
