import type { Measure } from '@rozmova/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { appointmentKeys } from '../../../entities/appointment/keys';
import { api } from '../../../lib/api';

export const fetchTreatedPatientMeasures = (id: number) => api<Measure[]>(`/doctor/patients/${id}/measures`);

export const treatedPatientMeasuresQuery = (id: number) =>
  queryOptions({ queryKey: appointmentKeys.patientMeasures(id), queryFn: () => fetchTreatedPatientMeasures(id) });

/** A treated patient's questionnaires, oldest first; id null (no patient chosen) fetches nothing. */
export const useTreatedPatientMeasures = (id: number | null) =>
  useQuery({ ...treatedPatientMeasuresQuery(id ?? 0), enabled: id !== null });
