import { isStaffRole, type Role } from '@camp/shared/rules';
import type { RouteAccess } from '../../lib/paths';

/**
 * Whether a signed-in user with this role may open a route of the given access level (docs/product.md §2 and §6).
 * Roles come upper case from the API; the access levels are paths.ts's lower-case names.
 */
export function roleMeetsAccess(role: Role | null, access: RouteAccess): boolean {
  switch (access) {
    case 'public':
    case 'signed-in':
      return true;
    case 'staff':
      return role !== null && isStaffRole(role);
    case 'admin':
      return role === 'ADMIN';
  }
}

export const isStaffOrAdmin = (role: Role | null) => roleMeetsAccess(role, 'staff');
export const isAdmin = (role: Role | null) => roleMeetsAccess(role, 'admin');
