import { adminAuditPageSchema, adminAuditQuerySchema } from '@rozmova/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { viewerContext } from '../../plugins/auth.js';
import { listAudit } from './audit-service.js';

/** Admins: the audit trail of clinical-note access and admin changes. */
const adminAuditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/audit',
    {
      schema: {
        tags: ['admin'],
        summary: 'The audit trail, newest first, filtered by actor, action and subject (account acted on, patient or manager)',
        querystring: adminAuditQuerySchema,
        response: { 200: adminAuditPageSchema },
      },
    },
    (request) => listAudit(viewerContext(app, request), request.query),
  );
};
export default adminAuditRoutes;
