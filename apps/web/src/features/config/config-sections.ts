import { OUTGOING_EMAIL_SECTION_ID } from './routes/failed-mail-warning';

/** A part of the Site Configuration screen the admin can jump to. */
export interface ConfigSection {
  id: string;
  title: string;
}

/** The screen's sections in order: the form's six, then the test e-mail tool and the outgoing mail. */
export const CONFIG_SECTIONS = {
  camp: { id: 'config-camp', title: 'Camp' },
  homePage: { id: 'config-home-page', title: 'Home page' },
  registration: { id: 'config-registration', title: 'Registration' },
  payments: { id: 'config-payments', title: 'Payments' },
  email: { id: 'config-email', title: 'E-mail' },
  timeZone: { id: 'config-time-zone', title: 'Time zone' },
  testEmail: { id: 'config-test-email', title: 'Test Email' },
  outgoingEmail: { id: OUTGOING_EMAIL_SECTION_ID, title: 'Outgoing e-mail' },
} as const satisfies Record<string, ConfigSection>;

export const CONFIG_SECTION_LIST: readonly ConfigSection[] = Object.values(CONFIG_SECTIONS);

/** Brings a section to the top of the window (below the fixed header) and moves focus to it. */
export function jumpToSection(id: string): void {
  const section = document.getElementById(id);
  if (!section) return;
  const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  section.scrollIntoView({ behavior: smooth ? 'smooth' : 'auto', block: 'start' });
  section.focus({ preventScroll: true });
}
