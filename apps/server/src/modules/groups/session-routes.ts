import {
  attendanceBodySchema,
  groupAttendanceListSchema,
  groupNoteBodySchema,
  groupNoteSchema,
  groupSessionSchema,
  idParamsSchema,
  moveGroupSessionBodySchema,
  PATIENT_CANCEL_NOTICE_HOURS,
} from '@rozmova/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { viewerContext } from '../../plugins/auth.js';
import * as attendance from './attendance-service.js';
import * as enrolment from './enrolment-service.js';
import * as notes from './notes-service.js';
import * as sessions from './sessions-service.js';

/** One session of a group: moved, canceled, marked and noted by its psychologist, skipped by a member. */
const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['groups'];

  app.put(
    '/psychologist/group-sessions/:id',
    {
      schema: {
        tags,
        summary: 'Moves a session that has not started to a new start, keeping its length',
        description: '409 OVERLAP, with nothing changed, when the new time meets the psychologist’s or a member’s sessions.',
        params: idParamsSchema,
        body: moveGroupSessionBodySchema,
        response: { 200: groupSessionSchema },
      },
    },
    (request) => sessions.moveSession(viewerContext(app, request), { id: request.params.id, startsAt: request.body.startsAt }),
  );

  app.delete(
    '/psychologist/group-sessions/:id',
    {
      schema: {
        tags,
        summary: 'Cancels one session; the members are told',
        params: idParamsSchema,
        response: { 200: groupSessionSchema },
      },
    },
    (request) => sessions.cancelByPsychologist(viewerContext(app, request), request.params.id),
  );

  app.put(
    '/psychologist/group-sessions/:id/attendance',
    {
      schema: {
        tags,
        summary: 'Marks the members’ attendance once the session has started (409 NOT_STARTED before); audited',
        params: idParamsSchema,
        body: attendanceBodySchema,
        response: { 200: groupAttendanceListSchema },
      },
    },
    (request) => attendance.markAttendance(viewerContext(app, request), { sessionId: request.params.id, marks: request.body }),
  );

  const noteSchema = { tags, params: idParamsSchema, response: { 200: groupNoteSchema } };
  app.get(
    '/psychologist/group-sessions/:id/note',
    { schema: { ...noteSchema, summary: 'The psychologist’s own note on a session' } },
    (request) => notes.readNote(viewerContext(app, request), request.params.id),
  );
  app.put(
    '/psychologist/group-sessions/:id/note',
    {
      config: { limit: 'note-write' },
      schema: { ...noteSchema, description: 'With `version`, a note changed since is 409 STALE.', body: groupNoteBodySchema },
    },
    (request) => notes.writeNote(viewerContext(app, request), { sessionId: request.params.id, ...request.body }),
  );

  app.delete(
    '/patient/group-sessions/:id',
    {
      schema: {
        tags,
        summary: `A member skips one session, until ${PATIENT_CANCEL_NOTICE_HOURS} hours before it starts (then 409 NOTICE_PASSED)`,
        params: idParamsSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await enrolment.skip(viewerContext(app, request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/admin/group-sessions/:id',
    {
      schema: {
        tags,
        summary: 'An admin cancels a group session (audited)',
        params: idParamsSchema,
        response: { 200: groupSessionSchema },
      },
    },
    (request) => sessions.cancelByAdmin(viewerContext(app, request), request.params.id),
  );
};
export default sessionRoutes;
