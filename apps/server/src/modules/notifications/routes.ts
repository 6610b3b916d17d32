import {
  idParamsSchema,
  notificationPreferencesSchema,
  notificationsPageSchema,
  notificationsQuerySchema,
  PATIENT_MESSAGES_PER_HOUR,
  patientMessageBodySchema,
  patientMessageSentSchema,
  unreadCountSchema,
} from '@rozmova/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contentDisposition } from '../../lib/content-disposition.js';
import { viewerContext } from '../../plugins/auth.js';
import { groupCalendarFile } from './group-calendar.js';
import * as service from './service.js';

/** The bell's list, mail preferences, a psychologist's messages to patients, and calendar invites. */
const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['notifications'];

  app.get(
    '/notifications',
    {
      schema: {
        tags,
        summary: "The reader's notifications, newest first, in their language and time zone, with the unread count",
        querystring: notificationsQuerySchema,
        response: { 200: notificationsPageSchema },
      },
    },
    (request) => service.listNotifications(viewerContext(app, request), request.query),
  );

  app.put(
    '/notifications/read-all',
    { schema: { tags, summary: 'Marks every notification of the reader read', response: { 200: unreadCountSchema } } },
    (request) => service.markAllRead(viewerContext(app, request)),
  );

  app.put(
    '/notifications/:id/read',
    {
      schema: {
        tags,
        summary: "Marks one of the reader's notifications read (anyone else's: 404)",
        params: idParamsSchema,
        response: { 200: unreadCountSchema },
      },
    },
    (request) => service.markRead(viewerContext(app, request), request.params.id),
  );

  app.get('/user/notification-preferences', { schema: { tags, response: { 200: notificationPreferencesSchema } } }, (request) =>
    service.getPreferences(viewerContext(app, request)),
  );

  app.put(
    '/user/notification-preferences',
    {
      schema: {
        tags,
        summary: 'Switches reminder mails and mails about changes on or off (sign-in and security mails always go)',
        body: notificationPreferencesSchema,
        response: { 200: notificationPreferencesSchema },
      },
    },
    (request) => service.setPreferences(viewerContext(app, request), request.body),
  );

  app.post(
    '/doctor/patients/:id/notifications',
    {
      schema: {
        tags,
        summary: `A short plain-text message to a patient the psychologist treats (others: 404); at most ${PATIENT_MESSAGES_PER_HOUR} an hour`,
        params: idParamsSchema,
        body: patientMessageBodySchema,
        response: { 201: patientMessageSentSchema },
      },
    },
    async (request, reply) => {
      const sent = await service.sendPatientMessage(viewerContext(app, request), {
        patientId: request.params.id,
        message: request.body.message,
      });
      return reply.code(201).send(sent);
    },
  );

  app.get(
    '/appointments/:id/calendar.ics',
    {
      schema: {
        tags,
        summary: 'The calendar invite of an appointment, for either participant (anyone else: 404)',
        params: idParamsSchema,
        response: { 200: z.string() },
      },
    },
    async (request, reply) => {
      const content = await service.calendarFile(viewerContext(app, request), request.params.id);
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('content-disposition', contentDisposition('attachment', `rozmova-session-${request.params.id}.ics`))
        .header('cache-control', 'no-store')
        .send(content);
    },
  );

  app.get(
    '/group-sessions/:id/calendar.ics',
    {
      schema: {
        tags,
        summary: 'The calendar invite of a group session, for its psychologist or a member (anyone else: 404)',
        params: idParamsSchema,
        response: { 200: z.string() },
      },
    },
    async (request, reply) => {
      const content = await groupCalendarFile(viewerContext(app, request), request.params.id);
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('content-disposition', contentDisposition('attachment', `rozmova-group-session-${request.params.id}.ics`))
        .header('cache-control', 'no-store')
        .send(content);
    },
  );
};
export default notificationRoutes;
