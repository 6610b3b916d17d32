import {
  authResponseSchema,
  messageResponseSchema,
  onboardingBodySchema,
  onboardingEmailConfirmBodySchema,
  onboardingResponseSchema,
  onboardingSendCodeBodySchema,
} from '@rozmova/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { localeFromHeader } from '../../lib/accept-language.js';
import { viewerContext } from '../../plugins/auth.js';
import { completeOnboarding, confirmEmail, sendEmailCode } from './service.js';

const tags = ['onboarding'];

const onboarding: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/onboarding/email/send-code',
    {
      config: { limit: 'code-mail' },
      schema: {
        tags,
        description: 'The body is the e-mail address as plain text (content-type text/plain), or as a JSON string.',
        consumes: ['text/plain', 'application/json'],
        body: onboardingSendCodeBodySchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => {
      const email = request.body;
      const clientLocale = localeFromHeader(request.headers['accept-language']);
      await sendEmailCode(viewerContext(app, request), { email, clientLocale });
      return { message: `Verification code sent to ${email}` };
    },
  );

  app.post(
    '/onboarding/email/confirm',
    {
      config: { limit: 'code-confirm' },
      schema: { tags, body: onboardingEmailConfirmBodySchema, response: { 200: authResponseSchema } },
    },
    async (request) => confirmEmail(viewerContext(app, request), request.body),
  );

  app.put(
    '/onboarding',
    { schema: { tags, body: onboardingBodySchema, response: { 200: onboardingResponseSchema } } },
    async (request) => completeOnboarding(viewerContext(app, request), request.body),
  );
};
export default onboarding;
