import {
  appointmentInfoQuerySchema,
  appointmentInfoSchema,
  appointmentListQuerySchema,
  appointmentListSchema,
  appointmentSchema,
  bookAppointmentBodySchema,
  cancelAppointmentBodySchema,
  idParamsSchema,
  PATIENT_CANCEL_NOTICE_HOURS,
  patientAppointmentListSchema,
  patientAppointmentSchema,
  patientCancelBodySchema,
  patientReviewBodySchema,
} from '@rozmova/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedInRoute } from '../../access/route-access.js';
import { viewerContext } from '../../plugins/auth.js';
import * as service from './service.js';

const appointmentRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['appointments'];

  app.post(
    '/patient/appointments',
    { schema: { tags, body: bookAppointmentBodySchema, response: { 200: appointmentSchema, 201: appointmentSchema } } },
    async (request, reply) => {
      // 200 when the patient already held this very slot: the booking they have, not a second one.
      const { appointment, created } = await service.book(viewerContext(app, request), request.body);
      return reply.code(created ? 201 : 200).send(appointment);
    },
  );

  app.post(
    '/patient/appointments/:id/reschedule',
    {
      schema: {
        tags,
        summary: `The patient moves their upcoming appointment to another free slot of the same psychologist, until ${PATIENT_CANCEL_NOTICE_HOURS} hours before its start`,
        description:
          "The booking body, in the caller's zone or as `startsAt`. The same id and video room; the old time is freed " +
          'in the same transaction. 409 NOTICE_PASSED after the cutoff, SLOT_TAKEN when the new slot was just taken ' +
          '(the old time stays), SLOT_UNAVAILABLE when it is not offered.',
        params: idParamsSchema,
        body: bookAppointmentBodySchema,
        response: { 200: appointmentSchema },
      },
    },
    (request) => service.reschedule(viewerContext(app, request), { id: request.params.id, body: request.body }),
  );

  app.get(
    '/patient/appointments',
    { schema: { tags, querystring: appointmentListQuerySchema, response: { 200: patientAppointmentListSchema } } },
    (request) => service.listPatientAppointments(viewerContext(app, request), request.query.status),
  );

  app.get(
    '/doctor/appointments',
    { schema: { tags, querystring: appointmentListQuerySchema, response: { 200: appointmentListSchema } } },
    (request) => service.listAppointments(viewerContext(app, request), { side: 'psychologist', tab: request.query.status }),
  );

  app.delete(
    '/doctor/appointments/:id',
    {
      schema: { tags, params: idParamsSchema, body: cancelAppointmentBodySchema, response: { 200: appointmentSchema } },
    },
    (request) =>
      service.cancelByPsychologist(viewerContext(app, request), { id: request.params.id, reason: request.body.reason }),
  );

  app.delete(
    '/patient/appointments/:id',
    {
      schema: {
        tags,
        summary: `The patient cancels their own upcoming appointment, until ${PATIENT_CANCEL_NOTICE_HOURS} hours before its start (then 409 NOTICE_PASSED)`,
        params: idParamsSchema,
        body: patientCancelBodySchema,
        response: { 200: appointmentSchema },
      },
    },
    (request) =>
      service.cancelByPatient(viewerContext(app, request), { id: request.params.id, reason: request.body?.reason ?? '' }),
  );

  app.put(
    '/doctor/appointments/:id/no-show',
    {
      schema: {
        tags,
        summary: 'The psychologist notes that the patient did not attend a session that has started',
        params: idParamsSchema,
        response: { 200: appointmentSchema },
      },
    },
    (request) => service.markNoShow(viewerContext(app, request), request.params.id),
  );

  app.put(
    '/patient/appointments/:id/review',
    {
      config: { limit: 'review-write' },
      schema: {
        tags,
        summary: 'The patient’s feedback on their own appointment that has ended',
        params: idParamsSchema,
        body: patientReviewBodySchema,
        response: { 200: patientAppointmentSchema },
      },
    },
    (request) => service.review(viewerContext(app, request), { id: request.params.id, ...request.body }),
  );

  // Any signed-in account may ask, but only the appointment's own participant gets an answer; others get 404.
  const infoSchema = { tags, querystring: appointmentInfoQuerySchema, response: { 200: appointmentInfoSchema } };
  app.get('/doctor/appointments/info', { ...signedInRoute, schema: infoSchema }, (request) =>
    service.infoByRoom(viewerContext(app, request), { roomId: request.query.videoCallRoomId, side: 'psychologist' }),
  );
  app.get('/patient/appointments/info', { ...signedInRoute, schema: infoSchema }, (request) =>
    service.infoByRoom(viewerContext(app, request), { roomId: request.query.videoCallRoomId, side: 'patient' }),
  );
};
export default appointmentRoutes;
