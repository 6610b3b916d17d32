import {
  appointmentInfoQuerySchema,
  appointmentInfoSchema,
  appointmentListQuerySchema,
  appointmentListSchema,
  appointmentSchema,
  bookAppointmentBodySchema,
  cancelAppointmentBodySchema,
  idParamsSchema,
} from '@rozmova/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as service from './service.js';

const appointmentRoutes: FastifyPluginAsyncZod = async (app) => {
  const asPatient = { preHandler: app.requireRole('PATIENT') };
  const asPsychologist = { preHandler: app.requireRole('PSYCHOLOGIST') };
  const tags = ['appointments'];

  app.post(
    '/patient/appointments',
    { ...asPatient, schema: { tags, body: bookAppointmentBodySchema, response: { 201: appointmentSchema } } },
    async (request, reply) => {
      const appointment = await service.book(app.db, app.clock, request.user.id, request.body);
      return reply.code(201).send(appointment);
    },
  );

  app.get(
    '/patient/appointments',
    { ...asPatient, schema: { tags, querystring: appointmentListQuerySchema, response: { 200: appointmentListSchema } } },
    (request) => service.listAppointments(app.db, app.clock, { patientId: request.user.id }, request.query.status),
  );

  app.get(
    '/doctor/appointments',
    { ...asPsychologist, schema: { tags, querystring: appointmentListQuerySchema, response: { 200: appointmentListSchema } } },
    (request) => service.listAppointments(app.db, app.clock, { psychologistId: request.user.id }, request.query.status),
  );

  app.delete(
    '/doctor/appointments/:id',
    {
      ...asPsychologist,
      schema: { tags, params: idParamsSchema, body: cancelAppointmentBodySchema, response: { 200: appointmentSchema } },
    },
    (request) => service.cancelByPsychologist(app.db, app.clock, request.user.id, request.params.id, request.body.reason),
  );

  // Any signed-in account may ask, but only the appointment's own participant gets an answer; others get 404.
  const asParticipant = { preHandler: app.authenticate };
  const infoSchema = { tags, querystring: appointmentInfoQuerySchema, response: { 200: appointmentInfoSchema } };
  app.get('/doctor/appointments/info', { ...asParticipant, schema: infoSchema }, (request) =>
    service.infoByRoom(app.db, request.query.videoCallRoomId, { psychologistId: request.user.id }),
  );
  app.get('/patient/appointments/info', { ...asParticipant, schema: infoSchema }, (request) =>
    service.infoByRoom(app.db, request.query.videoCallRoomId, { patientId: request.user.id }),
  );
};
export default appointmentRoutes;
