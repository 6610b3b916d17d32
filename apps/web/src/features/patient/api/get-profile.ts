import type { PatientProfile } from '@rozmova/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const patientProfileKey = ['patient', 'profile'] as const;

export const fetchPatientProfile = () => api<PatientProfile>('/patient/profile');

export const usePatientProfile = () => useQuery({ queryKey: patientProfileKey, queryFn: fetchPatientProfile });
