import { idParamsSchema, recordSchema, reportBodySchema, reportPreviewQuerySchema, reportPreviewSchema } from '@rozmova/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { forRoles } from '../../access/route-access.js';
import { contentDisposition } from '../../lib/content-disposition.js';
import { viewerContext } from '../../plugins/auth.js';
import { closePdfRenderer } from './pdf.js';
import * as service from './service.js';

/** Progress reports: built from a patient's sessions and questionnaires over a period, kept as clinical notes. */
const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['reports'];
  app.addHook('onClose', () => closePdfRenderer());

  app.get(
    '/doctor/reports/preview',
    {
      schema: {
        tags,
        summary: 'What a report about a patient over a period would hold',
        description:
          'from and to are the psychologist’s calendar days (from ≤ to, at most REPORT_MAX_DAYS days). A patient the ' +
          'psychologist does not treat: 404.',
        querystring: reportPreviewQuerySchema,
        response: { 200: reportPreviewSchema },
      },
    },
    (request) => service.preview(viewerContext(app, request), request.query),
  );

  app.post(
    '/doctor/reports',
    {
      config: { limit: 'note-write' as const },
      schema: {
        tags,
        summary: 'Write a progress report and keep it as a clinical note',
        description:
          'Sessions by outcome and PHQ-9/GAD-7 first and last scores are written by the server in `locale`, the ' +
          'summary (rich text, sanitised like a note) after them. Answers the note, whose `report` names the period.',
        body: reportBodySchema,
        response: { 201: recordSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await service.create(viewerContext(app, request), request.body)),
  );

  app.get(
    '/reports/:id/pdf',
    {
      config: { ...forRoles('PSYCHOLOGIST', 'MANAGER', 'PATIENT').config, limit: 'report-pdf' as const },
      schema: {
        tags,
        summary: 'A progress report as a PDF download',
        description:
          'For whoever may read the note (its author; a manager or the patient as its privacy level shares it); anyone ' +
          'else 404. At most 30 per account in 15 minutes (429); a PDF not made within 20 s: 503 UNAVAILABLE.',
        params: idParamsSchema,
      },
    },
    async (request, reply) => {
      const file = await service.pdf(viewerContext(app, request), request.params.id);
      return reply
        .header('content-disposition', contentDisposition('attachment', file.fileName))
        .header('cache-control', 'no-store')
        .type('application/pdf')
        .send(file.data);
    },
  );
};
export default reportRoutes;
