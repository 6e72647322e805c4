/** Query keys of the applicant's side of application approval; all start with 'applications'. */
export const applicationKeys = {
  all: () => ['applications'] as const,
  /** Where the signed-in person stands for the registration year (GET /applications/me). */
  mine: () => ['applications', 'me'] as const,
};
