import { meResponseSchema, toRoleName, userRoleResponseSchema } from '@rozmova/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** What any signed-in account may read about itself. */
const users: FastifyPluginAsyncZod = async (app) => {
  app.get('/user/role', { schema: { tags: ['users'], response: { 200: userRoleResponseSchema } } }, async (request) => ({
    role: request.user.role ? toRoleName(request.user.role) : null,
  }));

  app.get('/user/me', { schema: { tags: ['users'], response: { 200: meResponseSchema } } }, async (request) => {
    const { id, firstName, lastName, email } = request.user;
    return { id, firstName, lastName, email };
  });
};
export default users;
