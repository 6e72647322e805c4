// The payment screens as one lazy chunk (one entry in Home's list of lazy chunks; budget 125 KB gzip).
export { default as PaymentSuccessPage } from './payment-success-page';
export { default as PaymentCancelPage } from './payment-cancel-page';
export { default as AdminPaymentsPage } from './admin-payments-page';
