import {
  AddPasskeyInputSchema,
  AuthResponseSchema,
  PasskeyListSchema,
  PasskeyOptionsSchema,
  PasskeyParamsSchema,
  PasskeySchema,
  PasskeySignInInputSchema,
  RenamePasskeyInputSchema,
} from '@camp/shared';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../plugins/auth';
import { errors, noContent, routeKit } from '../../plugins/route-kit';
import { startSession } from '../auth/auth.routes';

/**
 * Passkeys (docs/product.md §12 Passkeys, decision 061): the signed-in person's own passkeys, and signing in with
 * one. A person only ever names their own passkeys: another's id is 404, as an unknown one.
 */
export const passkeysRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = routeKit(app, { tags: ['passkeys'], errors: [400, 401, 404] });
  const open = routeKit(app, { tags: ['auth'], errors: [] });
  const secure = app.env.publicUrl.startsWith('https://');
  const passkeys = () => app.services.passkeys;

  app.post(
    '/passkeys/registration-options',
    route.signedIn({
      summary: "Options for adding a passkey to the caller's account (valid 5 minutes, used once)",
      response: { 200: PasskeyOptionsSchema },
    }),
    async (request) => ({ ...(await passkeys().registrationOptions(callerOf(request))) }),
  );

  app.post(
    '/passkeys',
    route.signedIn({
      summary: "Adds a passkey to the caller's account from the browser's answer to the options",
      description: 'A mail tells the person; recorded as the security event passkey.added.',
      body: AddPasskeyInputSchema,
      response: { 201: PasskeySchema },
    }),
    async (request, reply) => {
      const { name, response } = request.body;
      // The shape is checked by the schema; the WebAuthn library checks everything inside.
      const added = await passkeys().add(callerOf(request).id, name, response as RegistrationResponseJSON);
      return reply.code(201).send(added);
    },
  );

  app.get(
    '/passkeys',
    route.signedIn({
      summary: "The caller's passkeys, oldest first (never their key material)",
      response: { 200: PasskeyListSchema },
    }),
    async (request) => passkeys().list(callerOf(request).id),
  );

  app.patch(
    '/passkeys/:id',
    route.signedIn({
      summary: "Renames one of the caller's passkeys",
      params: PasskeyParamsSchema,
      body: RenamePasskeyInputSchema,
      response: { 200: PasskeySchema },
    }),
    async (request) => passkeys().rename(callerOf(request).id, request.params.id, request.body.name),
  );

  app.delete(
    '/passkeys/:id',
    route.signedIn({
      summary: "Removes one of the caller's passkeys; 204 with no body",
      description: 'A mail tells the person; recorded as the security event passkey.removed.',
      params: PasskeyParamsSchema,
      response: noContent('Removed'),
    }),
    async (request, reply) => {
      await passkeys().remove(callerOf(request).id, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/auth/passkey-options',
    open.open({
      summary: 'Options for signing in with a passkey (no allowed credentials: the passkey names its person)',
      response: { 200: PasskeyOptionsSchema, ...errors(429) },
    }),
    async () => ({ ...(await passkeys().signInOptions()) }),
  );

  app.post(
    '/auth/passkey-sign-in',
    open.open({
      summary: 'Signs in with a passkey: the same answer and refresh cookie as POST /auth/login-with-code',
      description:
        'Any failure (unknown passkey, bad signature, used or expired challenge, wrong origin) is one 401.',
      body: PasskeySignInInputSchema,
      response: { 200: AuthResponseSchema, ...errors(400, 401, 429) },
    }),
    async (request, reply) => {
      const session = await passkeys().signIn(
        request.body.response as AuthenticationResponseJSON,
        request.ip,
      );
      return startSession(reply, session, secure);
    },
  );
};
