import {
  type UserNote,
  type UserNoteInput,
  UserNoteListSchema,
  UserNoteSchema,
} from '@camp/shared/user-notes';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { userKeys } from './query-keys';

// Internal notes on a person (docs/product.md §12 Internal notes): admins only.

const notesPath = (userId: string) => `/users/${encodeURIComponent(userId)}/notes`;
const notePath = (userId: string, noteId: string) => `${notesPath(userId)}/${encodeURIComponent(noteId)}`;

/** GET /users/{id}/notes: newest first. */
export async function getUserNotes(
  userId: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<UserNote[]> {
  return UserNoteListSchema.parse(await apiClient.get(notesPath(userId), { signal }));
}

export function userNotesQueryOptions(userId: string) {
  return queryOptions({
    queryKey: userKeys.notes(userId),
    queryFn: ({ signal }) => getUserNotes(userId, { signal }),
    staleTime: 0,
  });
}

export function useUserNotes(userId: string) {
  return useQuery(userNotesQueryOptions(userId));
}

/** POST, PATCH and DELETE of a person's notes; each refreshes the person's list. */
export function useUserNoteChanges(userId: string) {
  const queryClient = useQueryClient();
  const key = userKeys.notes(userId);
  const refresh = () => queryClient.invalidateQueries({ queryKey: key });
  /** Shows the server's answer at once (newest first), then refreshes the list. */
  const show = (change: (notes: UserNote[]) => UserNote[]) => {
    queryClient.setQueryData<UserNote[]>(key, (notes) => (notes ? change(notes) : notes));
    return refresh();
  };
  const add = useMutation({
    mutationFn: async (input: UserNoteInput) =>
      UserNoteSchema.parse(await apiClient.post(notesPath(userId), { body: input })),
    onSuccess: (note) => show((notes) => [note, ...notes.filter(({ id }) => id !== note.id)]),
  });
  const update = useMutation({
    mutationFn: async ({ noteId, input }: { noteId: string; input: UserNoteInput }) =>
      UserNoteSchema.parse(await apiClient.patch(notePath(userId, noteId), { body: input })),
    onSuccess: (note) => show((notes) => notes.map((item) => (item.id === note.id ? note : item))),
  });
  const remove = useMutation({
    mutationFn: async (noteId: string) => {
      await apiClient.delete(notePath(userId, noteId));
    },
    onSuccess: (_answer, noteId) => show((notes) => notes.filter(({ id }) => id !== noteId)),
  });
  return { add, update, remove };
}
