import { type DeleteMyAccountInput, type EraseUserInput, MyDataExportSchema } from '@camp/shared/my-data';
import { myDataFileName } from '@camp/shared/rules';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';
import { userKeys } from './query-keys';

// My data (docs/product.md §12 My data): the export as a file, and the deletion or erasure of an account.

const dataPath = (userId: string | 'me') =>
  userId === 'me' ? '/users/me/data' : `/users/${encodeURIComponent(userId)}/data`;

/** GET /users/me/data (or an admin's /users/{id}/data), saved as `my-data-{date}.json`, readable (indented). */
export async function downloadMyData(userId: string | 'me' = 'me'): Promise<void> {
  const data = MyDataExportSchema.parse(await apiClient.get(dataPath(userId)));
  saveFile(myDataFileName(new Date()), `${JSON.stringify(data, null, 2)}\n`, 'application/json');
}

/** DELETE /users/me: the caller's own account. */
export function useDeleteMyAccount() {
  return useMutation({
    mutationFn: async (input: DeleteMyAccountInput) => {
      await apiClient.delete('/users/me', { body: input });
    },
  });
}

/** POST /users/{id}/erase (admins): refreshes the user list and the person afterwards. */
export function useEraseUser(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: EraseUserInput) => {
      await apiClient.post(`/users/${encodeURIComponent(userId)}/erase`, { body: input });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all() }),
  });
}
