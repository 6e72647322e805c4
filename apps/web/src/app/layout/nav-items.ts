import { paths } from '../paths';

export interface NavItem {
  key: string;
  label: string;
  to: string;
  /** Drawn as a button rather than a text link (the one call to action, e.g. Sign In). */
  emphasis?: boolean;
}

/** What the navigation needs to know about the visitor. The sign-in issue adds role and registration access. */
export interface NavViewer {
  authenticated: boolean;
}

/**
 * The header links of spec §2 Layout. Signed out: only Sign In. The signed-in links (Profile, Registration,
 * Reports, Admin, Sign Out) depend on the auth context of the sign-in issue and are added there.
 */
export function navItems(viewer: NavViewer): NavItem[] {
  if (!viewer.authenticated) {
    return [{ key: 'sign-in', label: 'Sign In', to: paths.login(), emphasis: true }];
  }
  return [];
}
