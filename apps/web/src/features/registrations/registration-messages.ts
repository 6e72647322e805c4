import { errorMessageText } from '@camp/shared/rules';
import { isApiError } from '../../lib/api-client';

/** Texts of the wizard and the dashboard (spec §2, §8). */
export const REGISTRATION_TEXTS = {
  notAvailableTitle: 'Registration Not Available',
  mustLogIn: 'You must be logged in to register.',
  noOptions: 'No camping options available',
  noShiftsInCategory: 'No shifts available for this category',
  submitFailed: 'Failed to submit registration',
  createFailed: 'Failed to create registration. Please try again.',
  completeFailed: 'Failed to complete registration. Please try again.',
  paymentUnavailable: 'Payment processing is not currently available. Please contact camp administrators.',
  fetchRegistrationsFailed: 'Failed to fetch registrations',
  fetchCampRegistrationFailed: 'Failed to fetch camp registration',
  fetchOptionsFailed: 'Failed to fetch camping options',
  fetchJobsFailed: 'Failed to fetch jobs',
  fetchCategoriesFailed: 'Failed to fetch job categories',
  loadingAccess: 'Checking registration...',
  noCampingOptions: 'No camping options selected.',
  noShiftsAssigned: 'No shifts assigned yet',
  noAvailableShifts: 'No available shifts found',
} as const;

/** The server's own message(s) of a refused submission (400, 403, 409), else none. */
export function submissionProblems(error: unknown): string[] {
  if (!isApiError(error) || error.kind !== 'http') return [];
  if (![400, 403, 409].includes(error.status)) return [];
  return error.serverMessages.map((message) => errorMessageText(message)).filter(Boolean);
}
