// The payments feature's screen, Admin → Payments. The Payment Success and Cancel pages are the registrations
// feature's (they read the person's registration; decision 041).
export { default as AdminPaymentsPage } from './admin-payments-page';
