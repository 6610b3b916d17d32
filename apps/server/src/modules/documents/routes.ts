import multipart from '@fastify/multipart';
import { DOCUMENT_KINDS, idParamsSchema, verificationDocumentSchema, verificationDocumentsSchema } from '@rozmova/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendFile } from '../../lib/send-file.js';
import { viewerContext } from '../../plugins/auth.js';
import { closePdfRewriter } from './pdf-rewrite.js';
import * as service from './service.js';
import { readDocumentUpload } from './upload.js';

const fileSchema = (summary: string) => ({ tags: ['documents'], summary, params: idParamsSchema });

/** Psychologists' verification documents: their own upload, list, delete and read; admins' list and read (audited). */
const documents: FastifyPluginAsyncZod = async (app) => {
  // Only the upload here takes multipart bodies, with room for one document; other routes skip its hooks.
  await app.register(multipart, { limits: { files: 1, fields: 1, fieldSize: 64, parts: 2, headerPairs: 20 } });
  // The PDF worker serves messages' attachments too; it ends with the app.
  app.addHook('onClose', () => closePdfRewriter());

  app.post(
    '/psychologist/documents',
    {
      config: { limit: 'document-upload' },
      schema: {
        tags: ['documents'],
        summary: 'Send a verification document: multipart fields "kind" (DIPLOMA, LICENCE or CERTIFICATE) and "file"',
        description:
          'PDF, JPEG or PNG, told by its bytes, at most 10 MB; at most 10 documents (409 TOO_MANY_DOCUMENTS). Images are ' +
          'written anew, and PDFs without scripts, actions or embedded files; a damaged or password-protected PDF is ' +
          '400 DOCUMENT_UNREADABLE, an image over 10,000 pixels a side or 25 megapixels 400 IMAGE_TOO_LARGE, another ' +
          'type 415, a larger file 413. At most 20 uploads per account in 15 minutes (429 RATE_LIMITED). Stored ' +
          'encrypted. After a rejection a new document puts the verification back to PENDING.',
        consumes: ['multipart/form-data'],
        multipartBody: {
          type: 'object',
          required: ['kind', 'file'],
          properties: {
            kind: { type: 'string', enum: [...DOCUMENT_KINDS] },
            file: { type: 'string', format: 'binary', description: 'PDF, JPEG or PNG, at most 10 MB' },
          },
        },
        response: { 201: verificationDocumentSchema },
      },
    },
    async (request, reply) => {
      const saved = await service.upload(viewerContext(app, request), await readDocumentUpload(request));
      return reply.code(201).send(saved);
    },
  );

  app.get(
    '/psychologist/documents',
    {
      schema: {
        tags: ['documents'],
        summary: 'The own verification documents and where the verification stands (with the reason of a rejection)',
        response: { 200: verificationDocumentsSchema },
      },
    },
    (request) => service.listOwn(viewerContext(app, request)),
  );

  app.delete(
    '/psychologist/documents/:id',
    { schema: { tags: ['documents'], summary: 'Delete an own document', params: idParamsSchema } },
    async (request, reply) => {
      await service.removeOwn(viewerContext(app, request), request.params);
      return reply.code(204).send();
    },
  );

  app.get(
    '/psychologist/documents/:id/file',
    { schema: fileSchema('The file of an own document, inline') },
    async (request, reply) => sendFile(reply, await service.ownFile(viewerContext(app, request), request.params)),
  );

  app.get(
    '/admin/users/:id/documents',
    {
      schema: {
        tags: ['documents', 'admin'],
        summary: "A psychologist's verification documents and verification state; 404 for any other account",
        params: idParamsSchema,
        response: { 200: verificationDocumentsSchema },
      },
    },
    (request) => service.listFor(viewerContext(app, request), request.params),
  );

  app.get(
    '/admin/documents/:id/file',
    { schema: fileSchema('The file of a verification document, inline; every read is on the audit trail') },
    async (request, reply) => sendFile(reply, await service.adminFile(viewerContext(app, request), request.params)),
  );
};
export default documents;
