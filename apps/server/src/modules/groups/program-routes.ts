import {
  addMemberBodySchema,
  createGroupBodySchema,
  GROUP_CAPACITY,
  groupMemberListSchema,
  groupMemberParamsSchema,
  groupMemberSchema,
  groupMessageBodySchema,
  groupMessageResultSchema,
  groupProgramListSchema,
  groupProgramSchema,
  idParamsSchema,
  MESSAGES_PER_HOUR,
  updateGroupBodySchema,
} from '@rozmova/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { viewerContext } from '../../plugins/auth.js';
import * as members from './members-service.js';
import * as programs from './programs-service.js';

/** A psychologist's own group programs and their members. */
const programRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['groups'];

  app.post(
    '/psychologist/groups',
    {
      schema: {
        tags,
        summary: 'A verified psychologist creates a group program and its sessions',
        description:
          'Sessions start at `firstStartsAt`, then every `repeatDays` days at the same time on the psychologist’s wall ' +
          'clock. 403 PSYCHOLOGIST_UNVERIFIED before the documents are checked; 409 OVERLAP (naming the clash) when a ' +
          'session meets the psychologist’s individual or group sessions; 400 for a start in the past.',
        body: createGroupBodySchema,
        response: { 201: groupProgramSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await programs.createProgram(viewerContext(app, request), request.body)),
  );

  app.get('/psychologist/groups', { schema: { tags, response: { 200: groupProgramListSchema } } }, (request) =>
    programs.listPrograms(viewerContext(app, request)),
  );

  app.get(
    '/psychologist/groups/:id',
    { schema: { tags, params: idParamsSchema, response: { 200: groupProgramSchema } } },
    (request) => programs.getProgram(viewerContext(app, request), request.params.id),
  );

  app.put(
    '/psychologist/groups/:id',
    {
      schema: {
        tags,
        summary: `Title, description and capacity (${GROUP_CAPACITY.min}–${GROUP_CAPACITY.max}, never below the members: 409 CONFLICT)`,
        description: 'With `version`, a program changed since is 409 STALE.',
        params: idParamsSchema,
        body: updateGroupBodySchema,
        response: { 200: groupProgramSchema },
      },
    },
    (request) => programs.updateProgram(viewerContext(app, request), { id: request.params.id, body: request.body }),
  );

  app.delete(
    '/psychologist/groups/:id',
    {
      schema: {
        tags,
        summary: 'Ends the program: its sessions ahead are canceled and the members told',
        params: idParamsSchema,
        response: { 200: groupProgramSchema },
      },
    },
    (request) => programs.endProgram(viewerContext(app, request), request.params.id),
  );

  app.get(
    '/psychologist/groups/:id/members',
    {
      schema: {
        tags,
        summary: 'The members, their attendance and their individual sessions ahead with this psychologist (audited)',
        params: idParamsSchema,
        response: { 200: groupMemberListSchema },
      },
    },
    (request) => members.listMembers(viewerContext(app, request), request.params.id),
  );

  app.post(
    '/psychologist/groups/:id/members',
    {
      schema: {
        tags,
        summary: 'Adds a patient the psychologist treats (others: 404); 409 GROUP_FULL, ALREADY_MEMBER or OVERLAP',
        params: idParamsSchema,
        body: addMemberBodySchema,
        response: { 201: groupMemberSchema },
      },
    },
    async (request, reply) => {
      const input = { programId: request.params.id, patientId: request.body.patientId };
      return reply.code(201).send(await members.addMember(viewerContext(app, request), input));
    },
  );

  app.delete(
    '/psychologist/groups/:id/members/:patientId',
    { schema: { tags, summary: 'Removes a member', params: groupMemberParamsSchema, response: { 204: z.null() } } },
    async (request, reply) => {
      const { id, patientId } = request.params;
      await members.removeMember(viewerContext(app, request), { programId: id, patientId });
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/psychologist/groups/:id/messages',
    {
      schema: {
        tags,
        summary: `An announcement to every member in the program's conversation (members read it and answer privately); one of the ${MESSAGES_PER_HOUR} messages an hour`,
        params: idParamsSchema,
        body: groupMessageBodySchema,
        response: { 201: groupMessageResultSchema },
      },
    },
    async (request, reply) => {
      const input = { programId: request.params.id, message: request.body.message };
      return reply.code(201).send(await members.messageMembers(viewerContext(app, request), input));
    },
  );
};
export default programRoutes;
