// The payments feature's public surface, for the registration wizard and the dashboard (both lazy: nothing
// here lands in Home's first download as long as Home and the layout never import it). The screens
// (routes/) are lazy-loaded by the router.
export {
  checkoutFailureMessage,
  startCheckout,
  useReturnFromCheckout,
  useStartCheckout,
  type CheckoutRequest,
} from './checkout/start-checkout';
export { usePaymentsAvailable, type PaymentsAvailability } from './checkout/payments-available';
export { PAYMENT_TEXTS } from './payment-texts';
export { paymentTotals, type PaymentTotals } from './admin/payment-money';
