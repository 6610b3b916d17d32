import { type PlatformInfo, platformInfoSchema } from '@rozmova/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicRoute } from '../../access/route-access.js';

const platform: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/platform',
    {
      ...publicRoute,
      schema: {
        tags: ['platform'],
        summary: "The platform's time zone and today's date there",
        response: { 200: platformInfoSchema },
      },
    },
    async (): Promise<PlatformInfo> => ({ timeZone: app.config.timeZone, today: app.clock.today() }),
  );
};
export default platform;
