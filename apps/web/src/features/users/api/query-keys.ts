/** Query keys of user management (admins); all start with 'users'. */
export const userKeys = {
  all: () => ['users'] as const,
  list: (search: string) => ['users', 'list', search.trim()] as const,
  detail: (id: string) => ['users', 'detail', id] as const,
};
