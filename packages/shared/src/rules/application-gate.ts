import type { Role } from './enums';

// Application approval's gate (docs/product.md §12 Application approval, decision 065): what the availability rule and
// the header's Registration link need, without the texts of ./applications.ts (the first download carries this).

/** Where the caller stands for the registration year (GET /applications/me), as far as the gate reads it. */
interface ApplicationGateInput {
  required: boolean;
  exempt: boolean;
  application: { status: 'PENDING' | 'APPROVED' | 'DECLINED' } | null;
}

/**
 * Whether the caller may go on to register as far as applications go: 'clear' (none needed, or approved), 'none'
 * (must apply first), 'pending' or 'declined'. Unknown (still loading, or signed out): 'clear', so the other rules
 * decide and the server checks again.
 */
export type ApplicationGate = 'clear' | 'none' | 'pending' | 'declined';

export function applicationGate(state: ApplicationGateInput | null | undefined): ApplicationGate {
  if (!state || !state.required || state.exempt) return 'clear';
  switch (state.application?.status) {
    case undefined:
      return 'none';
    case 'PENDING':
      return 'pending';
    case 'DECLINED':
      return 'declined';
    case 'APPROVED':
      return 'clear';
  }
}

/** Staff and admins run the camp: they never apply. */
export const roleNeedsApplication = (role: Role): boolean => role === 'PARTICIPANT';
