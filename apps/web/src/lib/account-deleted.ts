// The home page's "Your account was deleted." (docs/product.md §12 My data): the profile page leaves a mark in
// this tab's session storage as it signs out after the deletion, and the home page shows it once.

const KEY = 'camp.accountDeleted';

export function markAccountDeleted(): void {
  try {
    sessionStorage.setItem(KEY, '1');
  } catch {
    // Storage refused (private mode): the notice is a courtesy.
  }
}

/** Whether the account was just deleted in this tab (read as often as one likes; forgetAccountDeleted ends it). */
export function accountJustDeleted(): boolean {
  try {
    return sessionStorage.getItem(KEY) === '1';
  } catch {
    return false;
  }
}

/** After the home page has shown the notice: it shows once. */
export function forgetAccountDeleted(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing to forget.
  }
}
