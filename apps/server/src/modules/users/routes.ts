import {
  languageBodySchema,
  meResponseSchema,
  timeZoneAnswerSchema,
  timeZoneBodySchema,
  toRoleName,
  userRoleResponseSchema,
} from '@rozmova/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { viewerContext } from '../../plugins/auth.js';
import { languageOf, setLanguage, setTimeZone, timeZoneOf } from './service.js';

/** What any signed-in account may read and set about itself. */
const users: FastifyPluginAsyncZod = async (app) => {
  app.get('/user/role', { schema: { tags: ['users'], response: { 200: userRoleResponseSchema } } }, async (request) => ({
    role: request.user.role ? toRoleName(request.user.role) : null,
  }));

  app.get('/user/me', { schema: { tags: ['users'], response: { 200: meResponseSchema } } }, async (request) => {
    const { id, firstName, lastName, email } = request.user;
    return {
      id,
      firstName,
      lastName,
      email,
      timeZone: timeZoneOf(app, request.user),
      timeZoneSet: request.user.timeZone !== null,
      language: languageOf(request.user),
    };
  });

  app.put(
    '/user/language',
    { schema: { tags: ['users'], body: languageBodySchema, response: { 200: languageBodySchema } } },
    (request) => setLanguage(viewerContext(app, request), request.body.language),
  );

  app.put(
    '/user/time-zone',
    { schema: { tags: ['users'], body: timeZoneBodySchema, response: { 200: timeZoneAnswerSchema } } },
    (request) => setTimeZone(viewerContext(app, request), request.body.timeZone),
  );
};
export default users;
