import type { FastifyInstance } from 'fastify';
import { dateFromToday, insertAppointment } from './booking-helpers.js';
import { createPatient, createPsychologist } from './factories.js';
import { call } from './helpers.js';

export const RECORDS = '/api/api/records';

export const listRecords = (app: FastifyInstance, token: string) => call(app, { method: 'GET', url: RECORDS, token });
export const postRecord = (app: FastifyInstance, token: string, payload: object) =>
  call(app, { method: 'POST', url: RECORDS, token, payload });
export const putRecord = (app: FastifyInstance, token: string, id: number | string, payload: object) =>
  call(app, { method: 'PUT', url: `${RECORDS}/${id}`, token, payload });
export const deleteRecord = (app: FastifyInstance, token: string, id: number | string) =>
  call(app, { method: 'DELETE', url: `${RECORDS}/${id}`, token });
export const patientRecords = (app: FastifyInstance, token: string) =>
  call(app, { method: 'GET', url: '/api/patient/records', token });

let daysBack = 0;
/** Makes the psychologist treat the patient: a past appointment together, each on its own day so none overlap. */
export const treat = (app: FastifyInstance, psychologistId: number, patientId: number) =>
  insertAppointment(app, { psychologistId, patientId, date: dateFromToday(app, -++daysBack), start: '10:00', end: '11:00' });

/** A psychologist and a patient they treat. */
export async function doctorWithPatient(app: FastifyInstance, patientNames: { firstName?: string; lastName?: string } = {}) {
  const doctor = await createPsychologist(app);
  const patient = await createPatient(app, patientNames);
  await treat(app, doctor.id, patient.id);
  return { doctor, patient };
}
