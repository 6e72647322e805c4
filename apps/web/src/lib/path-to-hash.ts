/**
 * The app routes after the '#'. A path typed or linked without it (/dashboard from a bookmark or an e-mail,
 * served index.html by the server's fallback) is turned into its hash route before the router starts:
 * '/dashboard?x=1' → '/#/dashboard?x=1'. Returns the new address, or null when nothing needs changing.
 */
export function hashRouteFor(location: Pick<Location, 'pathname' | 'search' | 'hash'>): string | null {
  if (location.hash !== '') return null;
  if (location.pathname === '/' || location.pathname === '/index.html') return null;
  return `/#${location.pathname}${location.search}`;
}

export function redirectPathToHashRoute(): void {
  const target = hashRouteFor(window.location);
  if (target !== null) window.history.replaceState(window.history.state, '', target);
}
