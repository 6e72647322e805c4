import type { MyApplication, MyApplicationState } from '@camp/shared/rules';
import type { ApplyInput } from '@camp/shared/applications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { applicationSchemas } from './my-application';
import { applicationKeys } from './query-keys';

// Apart from ./my-application.ts, which Home's shell imports: only /apply loads this.

/** PUT /applications/me: creates the caller's application (201) or, while it waits for review, updates it. */
export function useApply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: ApplyInput) => {
      const { MyApplicationSchema } = await applicationSchemas();
      return MyApplicationSchema.parse(await apiClient.put('/applications/me', { body: input }));
    },
    onSuccess: (application: MyApplication) => {
      // The answer shows at once; the state is then read again (the year's questions may have changed).
      queryClient.setQueryData<MyApplicationState>(applicationKeys.mine(), (state) =>
        state ? { ...state, application } : state,
      );
      return queryClient.invalidateQueries({ queryKey: applicationKeys.mine() });
    },
  });
}
