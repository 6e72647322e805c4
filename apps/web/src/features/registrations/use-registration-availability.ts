import { drawPhase, registrationAvailability, type RegistrationAvailability } from '@camp/shared/rules';
import type { Registration } from '@camp/shared/registrations';
import { useQuery } from '@tanstack/react-query';
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
  retry: () => void;
}

/**
 * The shared availability rule of docs/product.md §4 for the signed-in person: the windows, their flags and whether they
 * already hold an active registration of the year (GET /registrations/me).
 */
export function useRegistrationAvailability(): RegistrationAvailabilityState {
  const { config, isLoading: configLoading, isFallback } = usePublicConfig();
  const { status, user } = useAuth();
  const signedIn = status === 'authenticated';
  const registrations = useQuery({ ...myRegistrationsQueryOptions(), enabled: signedIn });
  // While the application window is open, entering the draw stands for registering (docs/product.md §10).
  const windowOpen = drawPhase(config, new Date()) === 'open';
  const availability = registrationAvailability(
    isFallback ? null : windowOpen ? { ...config, registrationOpen: true } : config,
    user,
    registrations.data,
  );
  return {
    availability,
    isLoading: configLoading || status === 'loading' || (signedIn && (!user || registrations.isPending)),
    registrationsError: registrations.isError && registrations.data === undefined,
    registrations: registrations.data,
    retry: () => void registrations.refetch(),
  };
}
