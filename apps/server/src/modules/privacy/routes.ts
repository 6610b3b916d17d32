import { accountDeletionListSchema, deletionAcceptedSchema } from '@rozmova/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { forRoles } from '../../access/route-access.js';
import { contentDisposition } from '../../lib/content-disposition.js';
import { viewerContext } from '../../plugins/auth.js';
import * as service from './service.js';
import { startPrivacyWorkers } from './workers.js';

/** A person's own data: taken away as an archive (GDPR art. 15 and 20), or erased with the account (art. 17). */
const privacy: FastifyPluginAsyncZod = async (app) => {
  const tags = ['privacy'];
  app.addHook('onReady', () => startPrivacyWorkers(app));

  app.get(
    '/user/export',
    {
      config: { recheck: true, limit: 'data-export' },
      schema: {
        tags,
        summary: 'All the data the platform holds about the signed-in person, as a ZIP',
        description:
          'A JSON file per area (account, profile, sessions, measures, notes shared with the patient, documents and ' +
          'schedule for psychologists, notifications, messages), the files they sent, and summary.pdf in their ' +
          'language. Needs a fresh check of a factor on this session (403 RECHECK_REQUIRED: POST /api/user/recheck ' +
          'first); 5 an hour per account (429); audited (DATA_EXPORT).',
      },
    },
    async (request, reply) => {
      const file = await service.exportData(viewerContext(app, request));
      return reply
        .header('content-disposition', contentDisposition('attachment', file.fileName))
        .header('cache-control', 'no-store')
        .type('application/zip')
        .send(file.data);
    },
  );

  app.post(
    '/user/deletion',
    {
      config: { recheck: true, access: forRoles('PATIENT', 'PSYCHOLOGIST').config.access },
      schema: {
        tags,
        summary: 'Deletes the signed-in patient or psychologist account (202)',
        description:
          'Own upcoming sessions are canceled with notices; the account, profile, picture, documents and ' +
          'notifications are erased at once and every session ends (the e-mail may register again). Clinical notes, ' +
          'questionnaires and the audit trail stay sealed for RECORDS_RETENTION_YEARS, then a daily job purges them. ' +
          'Needs a fresh check on the session (403 RECHECK_REQUIRED); other roles: 403.',
        response: { 202: deletionAcceptedSchema },
      },
    },
    async (request, reply) => reply.code(202).send(await service.requestDeletion(viewerContext(app, request))),
  );

  app.get(
    '/admin/deletions',
    {
      schema: {
        tags,
        summary: 'Account deletions, newest first: PENDING (erased, records kept sealed until purgeAfter) or PURGED',
        response: { 200: accountDeletionListSchema },
      },
    },
    (request) => service.listDeletions(viewerContext(app, request)),
  );
};
export default privacy;
