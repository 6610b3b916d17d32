import type { Measure } from '@rozmova/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const getPatientMeasures = (id: number) => api<Measure[]>(`/doctor/patients/${id}/measures`);

export const patientMeasuresQuery = (id: number) =>
  queryOptions({ queryKey: ['appointments', 'patient-measures', id], queryFn: () => getPatientMeasures(id) });

/** A treated patient's questionnaires, oldest first; id null (no patient chosen) fetches nothing. */
export const usePatientMeasures = (id: number | null) => useQuery({ ...patientMeasuresQuery(id ?? 0), enabled: id !== null });
