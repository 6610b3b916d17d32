import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import patientGroupRoutes from './patient-routes.js';
import programRoutes from './program-routes.js';
import sessionRoutes from './session-routes.js';

/** Group programs: the psychologist's, the patients', the admins'. */
const groupRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(programRoutes);
  await app.register(sessionRoutes);
  await app.register(patientGroupRoutes);
};
export default groupRoutes;
