import {
  authResponseSchema,
  loginBodySchema,
  magicLoginQuerySchema,
  messageResponseSchema,
  requestCodeBodySchema,
  verifyCodeBodySchema,
} from '@rozmova/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/errors.js';
import { localeFromHeader } from './locale.js';
import { requestSignInCode, signInWithCode, signInWithMagicToken, signInWithPassword } from './service.js';

const open = { tags: ['auth'], security: [] };

const auth: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/auth/email/request-code',
    { schema: { ...open, body: requestCodeBodySchema, response: { 200: messageResponseSchema } } },
    async (request) => {
      app.authLimits.codeRequest(request, request.body.email);
      await requestSignInCode(app, request.body.email, localeFromHeader(request.headers['accept-language']));
      return { message: `Verification code sent to ${request.body.email}` };
    },
  );

  app.post(
    '/auth/email/verify-code',
    { schema: { ...open, body: verifyCodeBodySchema, response: { 200: authResponseSchema } } },
    async (request) => {
      const { email, code } = request.body;
      return signInWithCode(app, email, code, localeFromHeader(request.headers['accept-language']));
    },
  );

  app.post(
    '/auth/login',
    { schema: { ...open, body: loginBodySchema, response: { 200: authResponseSchema } } },
    async (request) => {
      const { email, password } = request.body;
      app.authLimits.loginAllowed(request, email);
      const answer = await signInWithPassword(app, email, password);
      if (answer) return answer;
      app.authLimits.loginFailed(request, email);
      throw new AppError(401, 'BAD_CREDENTIALS', 'Wrong e-mail or password');
    },
  );

  app.get(
    '/magic-login',
    { schema: { ...open, querystring: magicLoginQuerySchema, response: { 200: authResponseSchema } } },
    async (request) => signInWithMagicToken(app, request.query.token),
  );
};
export default auth;
