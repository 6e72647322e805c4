import { errorMessageText } from '@camp/shared/rules';
import { isApiError } from '../../lib/api-client';

/** The texts of docs/product.md §8 (job categories, jobs, shifts) and the empty states. */
export const WORK_MESSAGES = {
  fetchJobCategories: 'Failed to fetch job categories',
  fetchJobs: 'Failed to fetch jobs',
  fetchShifts: 'Failed to fetch shifts',
  createJobCategory: 'Failed to create job category',
  updateJobCategory: 'Failed to update job category',
  deleteJobCategory: 'Failed to delete job category.',
  createJob: 'Failed to create job',
  updateJob: 'Failed to update job',
  deleteJob: 'Failed to delete job.',
  saveShift: 'Failed to save shift.',
  deleteShift: 'Failed to delete shift.',
  noJobCategories: 'No job categories found.',
  noJobs: 'No jobs found.',
  noShifts: 'No shifts found.',
} as const;

/** The server's message of a failed call (a list joined), if it sent one. */
export function serverMessage(error: unknown): string | undefined {
  if (!isApiError(error) || error.serverMessage === undefined) return undefined;
  const text = errorMessageText(error.serverMessage).trim();
  return text === '' ? undefined : text;
}

/** docs/product.md §8: delete and shift-save failures show the server's message, else their own text. */
export function serverMessageOr(error: unknown, fallback: string): string {
  return serverMessage(error) ?? fallback;
}
