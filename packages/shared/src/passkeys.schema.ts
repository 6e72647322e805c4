import { z } from 'zod';
import { type Holds, missingOr, type SameType, textCharacters } from './schema-kit';
import { PASSKEY_MESSAGES, PASSKEY_NAME_MAX, type Passkey } from './rules';

// Passkeys (docs/product.md §12 Passkeys, decision 061): the owner's list, the name, and the browser's WebAuthn
// answers as @simplewebauthn/browser gives them (their contents are checked by the server's WebAuthn library).

/** GET /passkeys: one passkey, never its key material. */
export const PasskeySchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  deviceType: z.string(),
  backedUp: z.boolean(),
});
export type { Passkey };
type _PasskeySchemaIsPasskey = Holds<SameType<z.output<typeof PasskeySchema>, Passkey>>;

export const PasskeyListSchema = z.array(PasskeySchema);

/** A passkey's name: trimmed, 1 to 60 characters, one line. */
export const PasskeyNameSchema = z
  .string({ error: missingOr(PASSKEY_MESSAGES.nameRequired, PASSKEY_MESSAGES.nameNotText) })
  .trim()
  .min(1, PASSKEY_MESSAGES.nameRequired)
  .max(PASSKEY_NAME_MAX, PASSKEY_MESSAGES.nameTooLong)
  .superRefine(textCharacters('Name', 'single-line'));

const malformed = { error: PASSKEY_MESSAGES.responseRequired };
const base64url = z
  .string(malformed)
  .max(16_384, PASSKEY_MESSAGES.responseRequired)
  .regex(/^[A-Za-z0-9_-]*$/, PASSKEY_MESSAGES.responseRequired);

/** The browser's answer to navigator.credentials.create/get, as JSON (RegistrationResponseJSON and its sibling). */
const credentialJson = <R extends z.ZodType>(response: R) =>
  z.object(
    {
      id: base64url,
      rawId: base64url,
      type: z.literal('public-key', malformed),
      response,
      clientExtensionResults: z.looseObject({}, malformed),
      authenticatorAttachment: z.enum(['platform', 'cross-platform'], malformed).optional(),
    },
    malformed,
  );

export const RegistrationResponseSchema = credentialJson(
  z.looseObject(
    {
      clientDataJSON: base64url,
      attestationObject: base64url,
      transports: z
        .array(z.string(malformed).max(32, PASSKEY_MESSAGES.responseRequired), malformed)
        .max(10, PASSKEY_MESSAGES.responseRequired)
        .optional(),
    },
    malformed,
  ),
);

export const AuthenticationResponseSchema = credentialJson(
  z.looseObject(
    {
      clientDataJSON: base64url,
      authenticatorData: base64url,
      signature: base64url,
      userHandle: base64url.optional(),
    },
    malformed,
  ),
);

/** POST /passkeys: the name and the browser's answer to the registration options. */
export const AddPasskeyInputSchema = z.strictObject({
  name: PasskeyNameSchema,
  response: RegistrationResponseSchema,
});
export type AddPasskeyInput = z.input<typeof AddPasskeyInputSchema>;

/** PATCH /passkeys/{id}. */
export const RenamePasskeyInputSchema = z.strictObject({ name: PasskeyNameSchema });
export type RenamePasskeyInput = z.input<typeof RenamePasskeyInputSchema>;

export const PasskeyParamsSchema = z.object({ id: z.uuid(PASSKEY_MESSAGES.invalidId) });

/** POST /auth/passkey-sign-in: the browser's answer to the sign-in options. */
export const PasskeySignInInputSchema = z.strictObject({ response: AuthenticationResponseSchema });
export type PasskeySignInInput = z.input<typeof PasskeySignInInputSchema>;

/**
 * The options for navigator.credentials.create/get, as the server's WebAuthn library makes them (passed to the
 * browser library as they are); the challenge is what the server checks the answer against.
 */
export const PasskeyOptionsSchema = z.looseObject({ challenge: z.string() });
