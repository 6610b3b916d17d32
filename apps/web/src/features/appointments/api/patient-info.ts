import type { PatientInfo } from '@rozmova/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { appointmentKeys } from '../../../entities/appointment/keys';
import { api } from '../../../lib/api';

export const getPatientInfo = (id: number) => api<PatientInfo>(`/doctor/patients/${id}`);

export const patientInfoQuery = (id: number) =>
  queryOptions({ queryKey: appointmentKeys.patientInfo(id), queryFn: () => getPatientInfo(id) });

/** id null (no patient chosen) fetches nothing. */
export const usePatientInfo = (id: number | null) => useQuery({ ...patientInfoQuery(id ?? 0), enabled: id !== null });
