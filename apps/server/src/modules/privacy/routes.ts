import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contentDisposition } from '../../lib/content-disposition.js';
import { viewerContext } from '../../plugins/auth.js';
import * as service from './service.js';

/** A person's own data: taken away as an archive (GDPR art. 15 and 20). */
const privacy: FastifyPluginAsyncZod = async (app) => {
  const tags = ['privacy'];

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
};
export default privacy;
