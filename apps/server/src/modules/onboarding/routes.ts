import {
  authResponseSchema,
  messageResponseSchema,
  onboardingBodySchema,
  onboardingEmailConfirmBodySchema,
  onboardingResponseSchema,
  onboardingSendCodeBodySchema,
} from '@rozmova/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { localeFromHeader } from '../auth/locale.js';
import { completeOnboarding, confirmEmail, sendEmailCode } from './service.js';

const tags = ['onboarding'];

/** A JSON string such as "a@b.c" sent as text is read as the address it holds. */
function unquote(body: unknown): unknown {
  if (typeof body !== 'string' || !/^\s*".*"\s*$/.test(body)) return body;
  try {
    return JSON.parse(body);
  } catch {
    return body;
  }
}

const onboarding: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/onboarding/email/send-code',
    {
      onRequest: app.authenticate,
      preValidation: async (request) => {
        request.body = unquote(request.body) as typeof request.body;
      },
      schema: {
        tags,
        description: 'The body is the e-mail address as plain text (content-type text/plain).',
        consumes: ['text/plain', 'application/json'],
        body: onboardingSendCodeBodySchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => {
      const email = request.body;
      app.authLimits.codeRequest(request, email);
      await sendEmailCode(app, request.user, email, localeFromHeader(request.headers['accept-language']));
      return { message: `Verification code sent to ${email}` };
    },
  );

  app.post(
    '/onboarding/email/confirm',
    {
      onRequest: app.authenticate,
      schema: { tags, body: onboardingEmailConfirmBodySchema, response: { 200: authResponseSchema } },
    },
    async (request) => confirmEmail(app, request.user, request.body.email, request.body.code),
  );

  app.put(
    '/onboarding',
    { onRequest: app.authenticate, schema: { tags, body: onboardingBodySchema, response: { 200: onboardingResponseSchema } } },
    async (request) => completeOnboarding(app, request.user, request.body),
  );
};
export default onboarding;
