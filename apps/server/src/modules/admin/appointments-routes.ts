import {
  adminAppointmentRowSchema,
  adminAppointmentsPageSchema,
  adminAppointmentsQuerySchema,
  adminCancelBodySchema,
  idParamsSchema,
} from '@rozmova/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { viewerContext } from '../../plugins/auth.js';
import { cancelByAdmin, listAll } from '../appointments/service.js';

/** Admins: every appointment, and canceling an upcoming one with a reason. */
const adminAppointmentRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['admin'];

  app.get(
    '/admin/appointments',
    {
      schema: {
        tags,
        summary: 'Every appointment, newest first, paged (up to 1000 a page)',
        querystring: adminAppointmentsQuerySchema,
        response: { 200: adminAppointmentsPageSchema },
      },
    },
    (request) => listAll(viewerContext(app, request), request.query),
  );

  app.delete(
    '/admin/appointments/:id',
    {
      schema: {
        tags,
        summary: 'Cancel an upcoming confirmed appointment with a reason',
        params: idParamsSchema,
        body: adminCancelBodySchema,
        response: { 200: adminAppointmentRowSchema },
      },
    },
    (request) => cancelByAdmin(viewerContext(app, request), { id: request.params.id, reason: request.body.reason }),
  );
};
export default adminAppointmentRoutes;
