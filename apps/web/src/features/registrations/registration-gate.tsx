import type { Registration } from '@camp/shared/registrations';
import { DRAW_MESSAGES, drawPhase, formatDateTime, REGISTRATION_TEXTS } from '@camp/shared/rules';
import { Stack } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { applyLinkLabel } from '../../components/application-card';
import { PageLoader } from '../../components/page-loader';
import { useAuth } from '../auth';
import { usePublicConfig } from '../config';
import { RegistrationNeedsLogin, RegistrationNotAvailable } from './components/registration-not-available';
import { OutstandingDues } from './components/registration-sections';
import { useRegistrationAvailability } from './use-registration-availability';

/**
 * docs/product.md §2: /registration also needs registration to be open for the user (shared `registrationAvailability`:
 * windows, flags, already registered, the year's application). Refused: 'Registration Not Available' with the
 * reason and a dashboard button (and, when the application stands in the way, a button to /apply); signed out:
 * 'You must be logged in to register.'. Once admitted the wizard stays: submitting it makes the person "already
 * registered", which must not pull the payment step away from under them.
 */
export function RegistrationGate({ children }: { children: ReactNode }) {
  const { status } = useAuth();
  // Without the person's registrations (GET /registrations/me failed) the windows decide; the server refuses a
  // second registration on submission anyway, with the 'already registered' message.
  const { availability, isLoading, registrations, application } = useRegistrationAvailability();
  const { config } = usePublicConfig();
  const [admitted, setAdmitted] = useState(false);
  // Before the application window opens, the wizard says when it opens (docs/product.md §10).
  const notYet = drawPhase(config, new Date()) === 'before';
  if (!admitted && !isLoading && availability.canRegister && !notYet) setAdmitted(true);

  if (admitted) return children;
  if (status === 'anonymous') return <RegistrationNeedsLogin />;
  if (isLoading) return <PageLoader label={REGISTRATION_TEXTS.loadingAccess} />;
  if (notYet) {
    return (
      <Stack gap="lg" maw={760} mx="auto">
        <RegistrationNotAvailable
          reason={DRAW_MESSAGES.notOpenYet(formatDateTime(config.drawOpensAt, config.timeZone))}
        />
      </Stack>
    );
  }
  if (availability.canRegister) return children;
  return (
    <Stack gap="lg" maw={760} mx="auto">
      <RegistrationNotAvailable
        reason={availability.message}
        apply={
          availability.status === 'application' && application !== 'clear'
            ? applyLinkLabel(application)
            : undefined
        }
      />
      <DuesOfThisYear registrations={registrations} />
    </Stack>
  );
}

/**
 * Someone already registered who still owes dues (who opened the registration page again) can pay them
 * right here.
 */
function DuesOfThisYear({ registrations }: { registrations: readonly Registration[] | undefined }) {
  const { user } = useAuth();
  const { config } = usePublicConfig();
  const current = registrations?.find(
    (registration) => registration.year === config.registrationYear && registration.status !== 'CANCELLED',
  );
  if (!user || !current) return null;
  return (
    <OutstandingDues
      registration={current}
      user={user}
      campName={config.campName}
      timeZone={config.timeZone}
    />
  );
}
