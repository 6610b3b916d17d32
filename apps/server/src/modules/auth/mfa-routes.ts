import {
  authResponseSchema,
  mfaStatusResponseSchema,
  mfaVerifyBodySchema,
  recheckBodySchema,
  recoveryCodesResponseSchema,
  totpConfirmBodySchema,
  totpSetupResponseSchema,
} from '@rozmova/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { viewerContext } from '../../plugins/auth.js';
import { deviceOf } from './devices.js';
import {
  completeSecondStep,
  confirmTotpCode,
  mfaStatus,
  newRecoveryCodeSet,
  recheck,
  removeTotp,
  startTotp,
} from './mfa-service.js';

const tags = ['auth'];
/** Open to a session that must still enrol, so a staff member without a second factor can set one up. */
const enrolment = { mfaEnrolment: true } as const;

const mfa: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/auth/mfa',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'The second step of a sign-in: the mfaToken of the first step and a TOTP or recovery code',
        body: mfaVerifyBodySchema,
        response: { 200: authResponseSchema },
      },
    },
    async (request) => completeSecondStep({ ...app.context, device: deviceOf(request) }, request.body),
  );

  app.get(
    '/user/mfa',
    { config: enrolment, schema: { tags, summary: "The account's second factors", response: { 200: mfaStatusResponseSchema } } },
    async (request) => mfaStatus(viewerContext(app, request), { twoFactor: request.twoFactor }),
  );

  app.post(
    '/user/mfa/totp',
    {
      config: enrolment,
      schema: { tags, summary: 'A new authenticator-app secret to scan', response: { 200: totpSetupResponseSchema } },
    },
    async (request) => startTotp(viewerContext(app, request)),
  );

  app.post(
    '/user/mfa/totp/confirm',
    {
      config: { ...enrolment, limit: 'code-confirm' },
      schema: {
        tags,
        summary: 'Turns the authenticator app on with its first code; answers ten recovery codes, shown once',
        body: totpConfirmBodySchema,
        response: { 200: recoveryCodesResponseSchema },
      },
    },
    async (request) => confirmTotpCode(viewerContext(app, request), request.sessionId, request.body.code),
  );

  app.delete(
    '/user/mfa/totp',
    {
      config: { recheck: true },
      schema: { tags, summary: 'Turns the authenticator app off (after a fresh check)', response: { 204: z.null() } },
    },
    async (request, reply) => {
      await removeTotp(viewerContext(app, request));
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/user/mfa/recovery-codes',
    {
      config: { recheck: true },
      schema: {
        tags,
        summary: 'A new set of recovery codes; the old set stops working',
        response: { 200: recoveryCodesResponseSchema },
      },
    },
    async (request) => newRecoveryCodeSet(viewerContext(app, request)),
  );

  app.post(
    '/user/recheck',
    {
      config: { limit: 'code-confirm' },
      schema: {
        tags,
        summary: 'Proves it is still the owner, for sensitive actions in the next 10 minutes',
        body: recheckBodySchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await recheck(viewerContext(app, request), request.sessionId, request.body);
      return reply.code(204).send(null);
    },
  );
};
export default mfa;
