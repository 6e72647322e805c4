import {
  type Passkey,
  PasskeyListSchema,
  PasskeyOptionsSchema,
  PasskeySchema,
  type RenamePasskeyInput,
} from '@camp/shared/passkeys';
import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import { startRegistration } from '@simplewebauthn/browser';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { userKeys } from './query-keys';

// The signed-in person's own passkeys (docs/product.md §12 Passkeys).

const passkeyPath = (id: string) => `/passkeys/${encodeURIComponent(id)}`;

/** GET /passkeys: oldest first, never key material. */
export async function getPasskeys({ signal }: { signal?: AbortSignal } = {}): Promise<Passkey[]> {
  return PasskeyListSchema.parse(await apiClient.get('/passkeys', { signal }));
}

export function passkeysQueryOptions() {
  return queryOptions({ queryKey: userKeys.passkeys(), queryFn: ({ signal }) => getPasskeys({ signal }) });
}

export function usePasskeys() {
  return useQuery(passkeysQueryOptions());
}

/**
 * Adding a passkey: the server's options, the browser's ceremony (the authenticator asks for a fingerprint, face
 * or screen lock), then the answer with the name back to the server.
 */
export async function addPasskey(name: string): Promise<Passkey> {
  const options = PasskeyOptionsSchema.parse(await apiClient.post('/passkeys/registration-options'));
  const response = await startRegistration({
    optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON,
  });
  return PasskeySchema.parse(await apiClient.post('/passkeys', { body: { name, response } }));
}

/** Add, rename and remove; each shows the server's answer at once, then refreshes the list. */
export function usePasskeyChanges() {
  const queryClient = useQueryClient();
  const key = userKeys.passkeys();
  const show = (change: (passkeys: Passkey[]) => Passkey[]) => {
    queryClient.setQueryData<Passkey[]>(key, (passkeys) => (passkeys ? change(passkeys) : passkeys));
    return queryClient.invalidateQueries({ queryKey: key });
  };
  const add = useMutation({
    mutationFn: addPasskey,
    onSuccess: (passkey) => show((passkeys) => [...passkeys.filter(({ id }) => id !== passkey.id), passkey]),
  });
  const rename = useMutation({
    mutationFn: async ({ id, input }: { id: string; input: RenamePasskeyInput }) =>
      PasskeySchema.parse(await apiClient.patch(passkeyPath(id), { body: input })),
    onSuccess: (passkey) =>
      show((passkeys) => passkeys.map((item) => (item.id === passkey.id ? passkey : item))),
  });
  const remove = useMutation({
    mutationFn: async (id: string) => {
      await apiClient.delete(passkeyPath(id));
    },
    onSuccess: (_answer, id) => show((passkeys) => passkeys.filter((item) => item.id !== id)),
  });
  return { add, rename, remove };
}
