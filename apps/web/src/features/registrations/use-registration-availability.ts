import {
  type ApplicationGate,
  drawPhase,
  registrationAvailability,
  type RegistrationAvailability,
} from '@camp/shared/rules';
import type { Registration } from '@camp/shared/registrations';
import { useQuery } from '@tanstack/react-query';
import { useApplicationGate } from '../applications';
import { useAuth } from '../auth';
import { usePublicConfig } from '../config';
import { myRegistrationsQueryOptions } from './api/get-my-registrations';

export interface RegistrationAvailabilityState {
  availability: RegistrationAvailability;
  /** Configuration, profile or the person's registrations are still on their way. */
  isLoading: boolean;
  /** GET /registrations/me failed: whether the person is already registered is unknown. */
  registrationsError: boolean;
  /** The person's registrations, once loaded. */
  registrations: readonly Registration[] | undefined;
  /** Where the person stands with the year's application (docs/product.md §12 Application approval). */
  application: ApplicationGate;
  retry: () => void;
}

/**
 * The shared availability rule of docs/product.md §4 for the signed-in person: the windows, their flags and whether they
 * already hold an active registration of the year (GET /registrations/me), and for a year that requires
 * applications, whether theirs lets them register (GET /applications/me).
 */
export function useRegistrationAvailability(): RegistrationAvailabilityState {
  const { config, isLoading: configLoading, isFallback } = usePublicConfig();
  const { status, user } = useAuth();
  const signedIn = status === 'authenticated';
  const registrations = useQuery({ ...myRegistrationsQueryOptions(), enabled: signedIn });
  const application = useApplicationGate();
  // While the application window is open, entering the draw stands for registering (docs/product.md §10).
  const windowOpen = drawPhase(config, new Date()) === 'open';
  const availability = registrationAvailability(
    isFallback ? null : windowOpen ? { ...config, registrationOpen: true } : config,
    user,
    registrations.data,
    application.gate,
  );
  return {
    availability,
    isLoading:
      configLoading ||
      status === 'loading' ||
      (signedIn && (!user || registrations.isPending || application.isLoading)),
    registrationsError: registrations.isError && registrations.data === undefined,
    registrations: registrations.data,
    application: application.gate,
    retry: () => void registrations.refetch(),
  };
}
