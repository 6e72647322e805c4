/**
 * docs/product.md §8: the load failures and empty states of the lists that more than one screen shows (the admin screens
 * and the reports), word for word.
 */
export const LIST_TEXTS = {
  fetchRegistrationsData: 'Failed to fetch registrations data',
  fetchPaymentsData: 'Failed to fetch payments data',
  noRegistrations: 'No registrations found',
  noPayments: 'No payments found',
  noUsers: 'No users found',
} as const;
