/** Query keys of user management (admins); all start with 'users'. */
export const userKeys = {
  all: () => ['users'] as const,
  list: (search: string) => ['users', 'list', search.trim()] as const,
  detail: (id: string) => ['users', 'detail', id] as const,
  /** A person's internal notes (docs/product.md §12). */
  notes: (id: string) => ['users', 'notes', id] as const,
  /** The signed-in person's own passkeys (docs/product.md §12 Passkeys). */
  passkeys: () => ['users', 'passkeys', 'mine'] as const,
};
