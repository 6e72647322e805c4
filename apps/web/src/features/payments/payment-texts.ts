// The payment screens' own texts (docs/product.md §2 Payment pages, §8 Payments and Payment success page, word for word
// where it gives them). Only the browser says these; what the server also says (its error messages) is
// in @camp/shared/rules PAYMENT_MESSAGES, which the screens use as they are.

export const PAYMENT_TEXTS = {
  // docs/product.md §8 Payments.
  notSignedIn: 'User must be logged in to make payment',
  noCheckoutUrl: 'No checkout URL returned from payment service',
  paymentFailed: 'Payment failed',
  // docs/product.md §8 Payment success page.
  noSession: 'No payment session found',
  sessionExpired: 'Your session has expired. Please log in again to view your payment status.',
  confirmationFailed: 'Error processing payment confirmation. Please try refreshing the page.',
  successTitle: 'Payment Successful!',
  registrationConfirmed: 'Your registration is now confirmed!',
  registrationProcessing: 'Your registration is being processed and will be confirmed shortly.',
  processingTitle: 'Payment Processing',
  // Ours: what a completed payment's confirmation shows, for the person to quote to the camp.
  amountPaidLabel: 'Amount paid',
  paidOnLabel: 'Paid on',
  referenceLabel: 'Reference',
  quoteReference: 'Please quote this reference if you contact the camp about this payment.',
  // Ours: the page's title and loading text, and what the processing state says.
  confirmationTitle: 'Payment Confirmation',
  confirming: 'Confirming your payment…',
  stillChecking:
    'Waiting for the payment service to confirm your payment. This page checks again every few seconds.',
  notYetConfirmed:
    'Your payment has not been confirmed yet. This can take a few minutes: your dashboard shows it once it is confirmed.',
  paymentDidNotGoThrough: 'Your payment did not go through. You can try again from your dashboard.',
  paymentRefunded: 'This payment has been refunded.',
  // docs/product.md §2 Payment pages: Cancel.
  cancelledTitle: 'Payment Cancelled',
  noCharges: 'No charges were made.',
  cancelledSaved:
    'Your registration is saved, and your dues stay outstanding until they are paid. You can pay them from your dashboard at any time.',
} as const;

/** 'Payment status:' before the status badge of the processing state. */
export const PAYMENT_STATUS_LABEL = 'Payment status:';
