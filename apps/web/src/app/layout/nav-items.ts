import { isStaffRole, type Role } from '@camp/shared/rules';
import { paths } from '../../lib/paths';

export interface NavLinkItem {
  key: string;
  label: string;
  to: string;
  /** Drawn as a button rather than a text link (the one call to action, e.g. Sign In). */
  emphasis?: boolean;
}

/** A nav entry that does something rather than go somewhere (Sign Out). */
export interface NavActionItem {
  key: string;
  label: string;
  action: 'sign-out';
}

export type NavItem = NavLinkItem | NavActionItem;

export function isNavAction(item: NavItem): item is NavActionItem {
  return 'action' in item;
}

/** What the navigation needs to know about the visitor. */
export interface NavViewer {
  status: 'loading' | 'authenticated' | 'anonymous';
  /** Upper case, as the API sends it. */
  role: Role | null;
  /** Registration is open for this user (docs/product.md §4; see features/registrations). */
  registrationOpen: boolean;
}

/**
 * The header links of docs/product.md §2 Layout: Dashboard (the signed-in home, otherwise reached only through
 * the camp name); Profile; Registration (only when open for the user: the caller passes false until that is
 * known, so it never flashes up for someone already registered); Check-in and Reports (staff and admin, docs/product.md §11);
 * Admin (admin);
 * Sign Out. Signed out: only Sign In. While the session is being checked: none, so neither set flashes up
 * before the other.
 */
export function navItems(viewer: NavViewer): NavItem[] {
  if (viewer.status === 'loading') return [];
  if (viewer.status === 'anonymous') {
    return [{ key: 'sign-in', label: 'Sign In', to: paths.login(), emphasis: true }];
  }
  const items: NavItem[] = [
    { key: 'dashboard', label: 'Dashboard', to: paths.dashboard() },
    { key: 'profile', label: 'Profile', to: paths.profile() },
  ];
  if (viewer.registrationOpen)
    items.push({ key: 'registration', label: 'Registration', to: paths.registration() });
  if (viewer.role && isStaffRole(viewer.role)) {
    items.push({ key: 'check-in', label: 'Check-in', to: paths.checkIn() });
    items.push({ key: 'reports', label: 'Reports', to: paths.reports() });
  }
  if (viewer.role === 'ADMIN') items.push({ key: 'admin', label: 'Admin', to: paths.admin() });
  items.push({ key: 'sign-out', label: 'Sign Out', action: 'sign-out' });
  return items;
}
