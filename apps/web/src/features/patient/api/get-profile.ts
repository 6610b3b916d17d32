import type { PatientProfile } from '@rozmova/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const fetchPatientProfile = () => api<PatientProfile>('/patient/profile');

export const patientProfileQuery = queryOptions({ queryKey: ['patient', 'profile'], queryFn: fetchPatientProfile });

export const usePatientProfile = () => useQuery(patientProfileQuery);
