import {
  authResponseSchema,
  passkeyIdParamsSchema,
  passkeyListResponseSchema,
  passkeyOptionsResponseSchema,
  passkeyRegisterBodySchema,
  passkeyRenameBodySchema,
  passkeySchema,
  passkeySignInBodySchema,
  passkeySignInOptionsBodySchema,
} from '@rozmova/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { viewerContext } from '../../plugins/auth.js';
import { deviceOf } from './devices.js';
import {
  passkeys,
  registerPasskey,
  registrationOptions,
  removePasskey,
  renameOwnPasskey,
  signInOptions,
  signInWithPasskey,
} from './passkeys-service.js';

const tags = ['auth'];
const enrolment = { mfaEnrolment: true } as const;

const passkeyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/user/passkeys',
    { config: enrolment, schema: { tags, summary: "The account's passkeys", response: { 200: passkeyListResponseSchema } } },
    async (request) => passkeys(viewerContext(app, request)),
  );

  app.post(
    '/user/passkeys/options',
    {
      config: enrolment,
      schema: { tags, summary: 'WebAuthn options to create a passkey', response: { 200: passkeyOptionsResponseSchema } },
    },
    async (request) => registrationOptions(viewerContext(app, request), request.headers.origin),
  );

  app.post(
    '/user/passkeys',
    {
      config: enrolment,
      schema: {
        tags,
        summary: "Registers a passkey with the browser's answer to the options, under a name",
        body: passkeyRegisterBodySchema,
        response: { 200: passkeySchema },
      },
    },
    async (request) => registerPasskey(viewerContext(app, request), { ...request.body, origin: request.headers.origin }),
  );

  app.put(
    '/user/passkeys/:id',
    {
      schema: {
        tags,
        summary: 'Renames a passkey',
        params: passkeyIdParamsSchema,
        body: passkeyRenameBodySchema,
        response: { 200: passkeySchema },
      },
    },
    async (request) => renameOwnPasskey(viewerContext(app, request), request.params.id, request.body.name),
  );

  app.delete(
    '/user/passkeys/:id',
    {
      config: { recheck: true },
      schema: {
        tags,
        summary: 'Removes a passkey (after a fresh check)',
        params: passkeyIdParamsSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await removePasskey(viewerContext(app, request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/auth/passkey/options',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: "WebAuthn options to sign in: the e-mail's passkeys, or (without one) the device's own",
        body: passkeySignInOptionsBodySchema,
        response: { 200: passkeyOptionsResponseSchema },
      },
    },
    async (request) => signInOptions(app.context, { email: request.body.email, origin: request.headers.origin }),
  );

  app.post(
    '/auth/passkey',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Signs in with a passkey (both factors at once)',
        body: passkeySignInBodySchema,
        response: { 200: authResponseSchema },
      },
    },
    async (request) =>
      signInWithPasskey({ ...app.context, device: deviceOf(request) }, { ...request.body, origin: request.headers.origin }),
  );
};
export default passkeyRoutes;
