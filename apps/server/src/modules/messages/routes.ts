import multipart from '@fastify/multipart';
import {
  adminConversationsSchema,
  autoReplySchema,
  conversationDetailSchema,
  conversationsPageSchema,
  conversationsQuerySchema,
  DOCUMENT_MAX_BYTES,
  idParamsSchema,
  idSchema,
  MESSAGE_MAX_CHARS,
  MESSAGES_PER_HOUR,
  messageSchema,
  messagesPageSchema,
  messagesQuerySchema,
  messagesUnreadSchema,
  recordSchema,
  sendMessageBodySchema,
  startConversationBodySchema,
} from '@rozmova/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forRoles } from '../../access/route-access.js';
import { sendFile } from '../../lib/send-file.js';
import { viewerContext } from '../../plugins/auth.js';
import { readAttachmentUpload } from './attachment-upload.js';
import * as service from './service.js';

/** Secure messages between patients and the psychologists who treat them, and a group's announcements. */
const messageRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['messages'];
  const people = forRoles('PATIENT', 'PSYCHOLOGIST');
  // Only the attachment upload takes multipart bodies, with room for one file and the text.
  await app.register(multipart, { limits: { files: 1, fields: 1, parts: 2, headerPairs: 20 } });

  app.get(
    '/conversations',
    {
      ...people,
      schema: {
        tags,
        summary: "The reader's conversations, the latest message first, each with its unread count; `unread` sums them",
        querystring: conversationsQuerySchema,
        response: { 200: conversationsPageSchema },
      },
    },
    (request) => service.listConversations(viewerContext(app, request), request.query),
  );

  app.post(
    '/conversations',
    {
      ...people,
      schema: {
        tags,
        summary:
          'The direct conversation with a psychologist (a patient sends psychologistId) or a patient (a psychologist sends patientId), existing (200) or new (201); 404 without a treating relation, 403 naming the wrong role',
        body: startConversationBodySchema,
        response: { 200: conversationDetailSchema, 201: conversationDetailSchema },
      },
    },
    async (request, reply) => {
      const { conversation, created } = await service.startConversation(viewerContext(app, request), request.body);
      return reply.code(created ? 201 : 200).send(conversation);
    },
  );

  app.get(
    '/conversations/unread',
    {
      ...people,
      schema: { tags, summary: "The reader's unread messages in all conversations", response: { 200: messagesUnreadSchema } },
    },
    (request) => service.unreadCount(viewerContext(app, request)),
  );

  app.get(
    '/conversations/:id',
    {
      ...people,
      schema: {
        tags,
        summary: "One of the reader's conversations, with the psychologist's auto-reply while it applies (others: 404)",
        params: idParamsSchema,
        response: { 200: conversationDetailSchema },
      },
    },
    (request) => service.getConversation(viewerContext(app, request), request.params.id),
  );

  app.get(
    '/conversations/:id/messages',
    {
      ...people,
      schema: {
        tags,
        summary: 'Messages newest first; `before` (a message id) pages to older ones',
        params: idParamsSchema,
        querystring: messagesQuerySchema,
        response: { 200: messagesPageSchema },
      },
    },
    (request) => service.listMessages(viewerContext(app, request), request.params.id, request.query),
  );

  app.post(
    '/conversations/:id/messages',
    {
      ...people,
      schema: {
        tags,
        summary: `A plain-text message of up to ${MESSAGE_MAX_CHARS} characters; at most ${MESSAGES_PER_HOUR} an hour per sender (429). A closed conversation, or a group's announcements for a member: 403`,
        params: idParamsSchema,
        body: sendMessageBodySchema,
        response: { 201: messageSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await service.sendMessage(viewerContext(app, request), request.params.id, request.body.body)),
  );

  app.post(
    '/conversations/:id/attachments',
    {
      ...people,
      config: { ...people.config, limit: 'document-upload' },
      schema: {
        tags,
        summary: 'A message with a file: multipart fields "file" (PDF, JPEG or PNG) and "body" (optional text)',
        description:
          `The file goes through the verification documents' checks: told by its bytes, at most ${DOCUMENT_MAX_BYTES / 1024 / 1024} MB (413), ` +
          'images and PDFs written anew, another type 415, a damaged PDF 400. Stored encrypted. Counts toward the ' +
          'hourly messages and the uploads of the account in 15 minutes (429).',
        params: idParamsSchema,
        consumes: ['multipart/form-data'],
        response: { 201: messageSchema },
      },
    },
    async (request, reply) => {
      const ctx = viewerContext(app, request);
      await service.writableOr403(ctx, request.params.id);
      const upload = await readAttachmentUpload(request);
      return reply.code(201).send(await service.sendMessage(ctx, request.params.id, upload.body, upload));
    },
  );

  app.get(
    '/conversations/:id/attachments/:attachmentId',
    {
      ...people,
      schema: {
        tags,
        summary: 'A file sent in the conversation, inline (anyone outside it: 404)',
        params: z.object({ id: idSchema, attachmentId: idSchema }),
      },
    },
    async (request, reply) =>
      sendFile(reply, await service.attachmentFile(viewerContext(app, request), request.params.id, request.params.attachmentId)),
  );

  app.put(
    '/conversations/:id/read',
    {
      ...people,
      schema: {
        tags,
        summary: "Marks the conversation read up to its newest message; answers the reader's unread messages left",
        params: idParamsSchema,
        response: { 200: messagesUnreadSchema },
      },
    },
    (request) => service.markRead(viewerContext(app, request), request.params.id),
  );

  app.put(
    '/conversations/:id/closed',
    {
      ...forRoles('PSYCHOLOGIST'),
      schema: {
        tags,
        summary: 'The psychologist closes a conversation when treatment ends (still readable) or reopens it',
        params: idParamsSchema,
        body: z.object({ closed: z.boolean() }),
        response: { 200: conversationDetailSchema },
      },
    },
    (request) => service.setClosed(viewerContext(app, request), request.params.id, request.body.closed),
  );

  app.post(
    '/conversations/:id/record',
    {
      ...forRoles('PSYCHOLOGIST'),
      schema: {
        tags,
        summary: "Keeps a direct conversation with the patient's record: a note for the psychologist only, of every message",
        params: idParamsSchema,
        response: { 201: recordSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await service.exportToRecord(viewerContext(app, request), request.params.id)),
  );

  app.get(
    '/admin/users/:id/conversations',
    {
      schema: {
        tags: [...tags, 'admin'],
        summary:
          "An account's conversations for abuse handling: that they exist and their size, never a message; every look is audited",
        params: idParamsSchema,
        response: { 200: adminConversationsSchema },
      },
    },
    (request) => service.adminConversations(viewerContext(app, request), request.params.id),
  );

  app.get(
    '/psychologist/messages/auto-reply',
    { schema: { tags, summary: "The psychologist's auto-reply", response: { 200: autoReplySchema } } },
    (request) => service.getAutoReply(viewerContext(app, request)),
  );

  app.put(
    '/psychologist/messages/auto-reply',
    {
      schema: {
        tags,
        summary:
          'Sets the auto-reply patients see before writing: AWAY until awayUntil, HOURS outside the working hours (the weekly schedule and its exceptions, on the psychologist’s clock), OFF',
        body: autoReplySchema,
        response: { 200: autoReplySchema },
      },
    },
    (request) => service.setAutoReply(viewerContext(app, request), request.body),
  );
};
export default messageRoutes;
