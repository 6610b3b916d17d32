import {
  loginBodySchema,
  magicLoginQuerySchema,
  messageResponseSchema,
  requestCodeBodySchema,
  signInResponseSchema,
  verifyCodeBodySchema,
} from '@rozmova/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { publicRoute } from '../../access/route-access.js';
import { localeFromHeader } from '../../lib/accept-language.js';
import { deviceOf } from './devices.js';
import { requestSignInCode, signInWithCode, signInWithMagicToken, signInWithPassword } from './service.js';

const tags = ['auth'];

const auth: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/auth/email/request-code',
    {
      config: { access: 'public', limit: 'code-mail' },
      schema: { tags, body: requestCodeBodySchema, response: { 200: messageResponseSchema } },
    },
    async (request) => {
      const clientLocale = localeFromHeader(request.headers['accept-language']);
      await requestSignInCode(app.context, { email: request.body.email, clientLocale });
      return { message: `Verification code sent to ${request.body.email}` };
    },
  );

  app.post(
    '/auth/email/verify-code',
    { ...publicRoute, schema: { tags, body: verifyCodeBodySchema, response: { 200: signInResponseSchema } } },
    async (request) =>
      signInWithCode(
        { ...app.context, device: deviceOf(request) },
        { ...request.body, clientLocale: localeFromHeader(request.headers['accept-language']) },
      ),
  );

  app.post(
    '/auth/login',
    {
      config: { access: 'public', limit: 'password-login' },
      schema: { tags, body: loginBodySchema, response: { 200: signInResponseSchema } },
    },
    async (request) => signInWithPassword({ ...app.context, device: deviceOf(request) }, request.body),
  );

  app.post(
    '/auth/logout',
    { schema: { tags, summary: 'Ends the session of the token this is sent with', response: { 204: z.null() } } },
    async (request, reply) => {
      await app.tokens.revoke(request.sessionId);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/magic-login',
    { ...publicRoute, schema: { tags, querystring: magicLoginQuerySchema, response: { 200: signInResponseSchema } } },
    async (request) => signInWithMagicToken({ ...app.context, device: deviceOf(request) }, request.query),
  );
};
export default auth;
