import { REGISTRATION_TEXTS } from '@camp/shared/rules';
import { useState, type ReactNode } from 'react';
import { PageLoader } from '../../components/page-loader';
import { useAuth } from '../auth';
import { RegistrationNeedsLogin, RegistrationNotAvailable } from './components/registration-not-available';
import { useRegistrationAvailability } from './use-registration-availability';

/**
 * Spec §2: /registration also needs registration to be open for the user (shared `registrationAvailability`:
 * windows, flags, already registered). Refused: 'Registration Not Available' with the reason and a dashboard
 * button; signed out: 'You must be logged in to register.'. Once admitted the wizard stays: submitting it makes
 * the person "already registered", which must not pull the payment step away from under them.
 */
export function RegistrationGate({ children }: { children: ReactNode }) {
  const { status } = useAuth();
  // Without the person's registrations (GET /registrations/me failed) the windows decide; the server refuses a
  // second registration on submission anyway, with the 'already registered' message.
  const { availability, isLoading } = useRegistrationAvailability();
  const [admitted, setAdmitted] = useState(false);
  if (!admitted && !isLoading && availability.canRegister) setAdmitted(true);

  if (admitted) return children;
  if (status === 'anonymous') return <RegistrationNeedsLogin />;
  if (isLoading) return <PageLoader label={REGISTRATION_TEXTS.loadingAccess} />;
  if (availability.canRegister) return children;
  return <RegistrationNotAvailable reason={availability.message} />;
}
