import type { PatientInfo } from '@rozmova/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { appointmentKeys } from './appointments';

export const getPatientInfo = (id: number) => api<PatientInfo>(`/doctor/patients/${id}`);

export const usePatientInfo = (id: number | null) =>
  useQuery({
    queryKey: appointmentKeys.patientInfo(id ?? 0),
    queryFn: () => getPatientInfo(id as number),
    enabled: id !== null,
  });
