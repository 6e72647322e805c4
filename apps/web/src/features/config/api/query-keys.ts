import { PUBLIC_CONFIG_QUERY_KEY } from '../../../lib/query-client';

/** Query keys of the configuration area; all start with 'config'. */
export const configKeys = {
  all: () => ['config'] as const,
  /** The public configuration: the one query kept when the session changes (auth/session.ts). */
  public: () => PUBLIC_CONFIG_QUERY_KEY,
  admin: () => ['config', 'admin'] as const,
  testEmailHistory: () => ['config', 'test-email-history'] as const,
};
