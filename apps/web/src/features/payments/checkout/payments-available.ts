import type { PublicConfig } from '@camp/shared/config';
import { usePublicConfig } from '../../config';

/** docs/product.md §5 Payment: Stripe enabled and a public key (the server enables it only with its secret key stored). */
export function paymentsAvailable(config: Pick<PublicConfig, 'stripeEnabled' | 'stripePublicKey'>): boolean {
  return config.stripeEnabled && Boolean(config.stripePublicKey?.trim());
}

export interface PaymentsAvailability {
  /** Payments can be taken now. */
  available: boolean;
  /** The public configuration has not arrived yet: `available` is not known. */
  isLoading: boolean;
}

/** Whether dues can be paid online now, from the public configuration. */
export function usePaymentsAvailable(): PaymentsAvailability {
  const { config, isLoading, isFallback } = usePublicConfig();
  return { available: !isFallback && paymentsAvailable(config), isLoading };
}
