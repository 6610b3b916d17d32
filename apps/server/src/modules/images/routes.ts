import multipart from '@fastify/multipart';
import { avatarUploadResponseSchema, idParamsSchema } from '@rozmova/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { forRoles, signedInRoute } from '../../access/route-access.js';
import { viewerContext } from '../../plugins/auth.js';
import { etagOf, matchesEtag } from './http-cache.js';
import { type AvatarRow, getOwnAvatar, getUserAvatar, saveAvatar } from './service.js';
import { readAvatarUpload } from './upload.js';

// Others may keep a copy for a few minutes; the owner always revalidates, so a new upload shows at once.
const SHARED_CACHE = 'private, max-age=300';
const OWN_CACHE = 'private, max-age=0, must-revalidate';

function sendAvatar(request: FastifyRequest, reply: FastifyReply, avatar: AvatarRow, cacheControl: string) {
  const etag = etagOf(avatar.data);
  // nosniff comes with every answer's security headers (plugins/security.ts); a second copy here doubled it.
  reply.header('cache-control', cacheControl).header('etag', etag);
  if (matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send();
  const { data } = avatar;
  return reply.type(avatar.contentType).send(Buffer.from(data.buffer, data.byteOffset, data.byteLength));
}

const images: FastifyPluginAsyncZod = async (app) => {
  // Only the upload takes multipart bodies: elsewhere they are refused (415), and other routes skip its hooks.
  await app.register(multipart, {
    limits: { fileSize: 1024 * 1024, files: 1, fields: 5, fieldSize: 1024, parts: 6, headerPairs: 20 },
  });

  app.post(
    '/images/avatar',
    {
      config: { ...forRoles('PATIENT', 'PSYCHOLOGIST').config, limit: 'avatar-upload' },
      schema: {
        tags: ['images'],
        summary: 'Upload the own avatar: multipart field "file", JPEG, PNG or WebP, at most 256 KB',
        description:
          'At most 2048×2048 pixels, read from the header before decoding (400 IMAGE_TOO_LARGE); at most 10 uploads per ' +
          'account in 15 minutes (429 RATE_LIMITED).',
        consumes: ['multipart/form-data'],
        response: { 200: avatarUploadResponseSchema },
      },
    },
    async (request) => saveAvatar(viewerContext(app, request), await readAvatarUpload(request)),
  );

  app.get(
    '/images/avatar',
    {
      ...forRoles('PATIENT', 'PSYCHOLOGIST'),
      schema: { tags: ['images'], summary: 'The own avatar image; 404 when none' },
    },
    async (request, reply) => sendAvatar(request, reply, await getOwnAvatar(viewerContext(app, request)), OWN_CACHE),
  );

  app.get(
    '/psychologist/profile/avatar/:id',
    {
      // Under the psychologist's prefix, yet any signed-in account sees the pictures it may (access/relations.ts).
      ...signedInRoute,
      schema: {
        tags: ['images'],
        summary: "A user's avatar image: any psychologist's, or a patient's for the patient and their psychologists",
        params: idParamsSchema,
      },
    },
    async (request, reply) => {
      const avatar = await getUserAvatar(viewerContext(app, request), request.params);
      return sendAvatar(request, reply, avatar, avatar.userId === request.user.id ? OWN_CACHE : SHARED_CACHE);
    },
  );
};
export default images;
