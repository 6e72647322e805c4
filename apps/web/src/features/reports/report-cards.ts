import type { Role } from '@camp/shared/rules';
import { isAdmin, isStaffOrAdmin } from '../auth';
import { REPORT_CARDS } from './report-texts';

/** The reports a role may open (docs/product.md §6): registrations, work schedule, users for staff and admins; payments for admins. */
export function reportCardsFor(role: Role | null) {
  return REPORT_CARDS.filter((card) => (card.adminOnly ? isAdmin(role) : isStaffOrAdmin(role)));
}
