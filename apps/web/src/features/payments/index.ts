// The payments feature's public surface, for the registration wizard, the dashboard and the Payment Success and
// Cancel pages (all registrations' screens, all lazy: nothing here lands in Home's first download as long as
// Home and the layout never import it). The admin screen (routes/) is lazy-loaded by the router.
export {
  checkoutFailureMessage,
  startCheckout,
  useReturnFromCheckout,
  useStartCheckout,
  type CheckoutRequest,
  type StartCheckoutState,
} from './checkout/start-checkout';
export { usePaymentsAvailable, type PaymentsAvailability } from './checkout/payments-available';
export { PAYMENT_STATUS_LABEL, PAYMENT_TEXTS } from './payment-texts';
export { PaymentResult } from './checkout/payment-result';
export { PaymentFacts } from './checkout/payment-facts';
export { useVerifyPaymentSession, VERIFY_POLL_LIMIT_MS } from './api/verify-payment-session';
export { paymentTotals, type PaymentTotals } from './admin/payment-money';
