import type { CreateStripeCheckoutInput } from '@camp/shared/payments';
import {
  duesPaymentDescription,
  errorMessageText,
  PAYMENT_CURRENCY,
  PAYMENT_MESSAGES,
} from '@camp/shared/rules';
import type { User } from '@camp/shared/users';
import { useEffect, useRef, useState } from 'react';
import { absoluteAppUrl, paths } from '../../../lib/paths';
import { isApiError } from '../../../lib/api-client';
import { createCheckout } from '../api/create-checkout';
import { PAYMENT_TEXTS } from '../payment-texts';

/** What paying one registration's dues takes. */
export interface CheckoutRequest {
  user: Pick<User, 'id'>;
  registrationId: string;
  /** What is owed, in cents: the registration's amountOwed (the server's own number). */
  amountCents: number;
  campName: string;
  /** The registration's year, for the description. */
  year: number;
}

/** Stripe writes the session's id in place of this; it must reach Stripe as is, not URL-encoded. */
export const CHECKOUT_SESSION_ID_TEMPLATE = '{CHECKOUT_SESSION_ID}';

/** The body of POST /payments/stripe; the return addresses are this app's Payment Success and Cancel pages. */
export function checkoutInput(
  { user, registrationId, amountCents, campName, year }: CheckoutRequest,
  location: Pick<Location, 'origin' | 'pathname'> = window.location,
): CreateStripeCheckoutInput {
  return {
    amount: amountCents,
    currency: PAYMENT_CURRENCY,
    userId: user.id,
    registrationId,
    description: duesPaymentDescription(campName, year),
    successUrl: `${absoluteAppUrl(paths.paymentSuccess(), location)}?session_id=${CHECKOUT_SESSION_ID_TEMPLATE}`,
    cancelUrl: absoluteAppUrl(paths.paymentCancel(), location),
  };
}

/** The payment service answered without a Checkout address (docs/product.md §8). */
export class CheckoutUrlMissingError extends Error {
  override readonly name = 'CheckoutUrlMissingError';
  constructor() {
    super(PAYMENT_TEXTS.noCheckoutUrl);
  }
}

/**
 * Starts Stripe Checkout for a registration's dues and sends the browser there. Resolves once the browser is
 * on its way (the page stays as it is until it leaves); rejects with an ApiError or CheckoutUrlMissingError.
 */
export async function startCheckout(request: CheckoutRequest): Promise<void> {
  const { url } = await createCheckout(checkoutInput(request));
  if (!url) throw new CheckoutUrlMissingError();
  window.location.assign(url);
}

/**
 * Calls `onReturn` when the browser brings this page back from its back-forward cache (the person pressed Back
 * on the Checkout page): the page is as it was left, busy sending them away, and should be usable again.
 */
export function useReturnFromCheckout(onReturn: () => void) {
  const latest = useRef(onReturn);
  useEffect(() => {
    latest.current = onReturn;
  });
  useEffect(() => {
    const restored = (event: PageTransitionEvent) => {
      if (event.persisted) latest.current();
    };
    window.addEventListener('pageshow', restored);
    return () => window.removeEventListener('pageshow', restored);
  }, []);
}

export interface StartCheckoutState {
  /** Starts Checkout for a registration's dues (failures land in `error`). */
  start: (request: CheckoutRequest) => void;
  /** True from `start` until the browser has left for Checkout (or the call failed). */
  isPending: boolean;
  /** The last failure, for `checkoutFailureMessage`; null when there is none. */
  error: unknown;
}

/**
 * `startCheckout` with its progress for a button. Plain state rather than TanStack's useMutation: the
 * dashboard has no other mutation, and one more module shared by the lazy screens costs Home's first
 * download a lazy chunk name (bench:bundle).
 */
export function useStartCheckout(): StartCheckoutState {
  const [progress, setProgress] = useState<{ pending: boolean; error: unknown }>({
    pending: false,
    error: null,
  });
  useReturnFromCheckout(() => setProgress({ pending: false, error: null }));
  const start = (request: CheckoutRequest) => {
    setProgress({ pending: true, error: null });
    // Stays pending once the browser is on its way to Checkout.
    startCheckout(request).catch((error: unknown) => setProgress({ pending: false, error }));
  };
  return { start, isPending: progress.pending, error: progress.error };
}

/** The text of a failed `startCheckout` for its alert (docs/product.md §8 Payments; the server's message when it sent one). */
export function checkoutFailureMessage(error: unknown): string {
  if (error instanceof CheckoutUrlMissingError) return error.message;
  if (isApiError(error)) {
    if (error.kind === 'network' || error.kind === 'timeout') return PAYMENT_MESSAGES.stripeUnavailable;
    if (error.status === 401) return PAYMENT_TEXTS.notSignedIn;
    const text = errorMessageText(error.serverMessages).trim();
    if (error.kind === 'http' && text !== '') return text;
  }
  return PAYMENT_TEXTS.paymentFailed;
}
