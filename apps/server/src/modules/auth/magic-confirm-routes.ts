import { magicLinkPreviewSchema, magicLoginBodySchema, magicLoginQuerySchema, signInResponseSchema } from '@rozmova/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../access/context.js';
import { hashToken } from '../../lib/codes.js';
import { AppError } from '../../lib/errors.js';
import { findUserByExternalId } from '../users/service.js';
import { RESERVED_EMAIL_DOMAIN } from './codes-service.js';
import { deviceOf } from './devices.js';
import { peekMagicToken } from './magic-repository.js';
import { signInWithMagicToken } from './service.js';

/** Whom a link would sign in, so the page can ask first; the link stays unused. */
async function previewMagicLink(ctx: AppContext, token: string) {
  const externalId = await peekMagicToken(ctx.db, hashToken(token), ctx.clock.instant());
  if (!externalId) throw new AppError(401, 'BAD_TOKEN', 'This sign-in link is invalid, expired or already used');
  const user = await findUserByExternalId(ctx.db, externalId);
  const name = [user?.firstName, user?.lastName].filter(Boolean).join(' ');
  const email = user && !user.email.endsWith(`@${RESERVED_EMAIL_DOMAIN}`) ? user.email : null;
  return { name: name || null, email };
}

/**
 * A link opens a page that asks before it signs in (a link planted in another page cannot sign a visitor into someone
 * else's account): the page reads whom it names, and signs in by POST when told.
 */
const magicConfirm: FastifyPluginAsyncZod = async (app) => {
  const tags = ['auth'];
  app.get(
    '/magic-login/preview',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Whom a sign-in link names, without using it',
        querystring: magicLoginQuerySchema,
        response: { 200: magicLinkPreviewSchema },
      },
    },
    async (request) => previewMagicLink(app.context, request.query.token),
  );
  app.post(
    '/magic-login',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Signs in with a sign-in link once its page is confirmed',
        body: magicLoginBodySchema,
        response: { 200: signInResponseSchema },
      },
    },
    async (request) => signInWithMagicToken({ ...app.context, device: deviceOf(request) }, request.body),
  );
};
export default magicConfirm;
