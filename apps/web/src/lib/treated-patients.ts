import type { RecordPatientOption } from '@rozmova/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api';

export const fetchTreatedPatients = () => api<RecordPatientOption[]>('/doctor/patients/for-records');

/**
 * The patients this psychologist treats: whom a note may be about (records) and who may be sent a message
 * (notifications), so it lives here rather than in either feature.
 */
export const treatedPatientsQuery = queryOptions({ queryKey: ['records', 'patients'], queryFn: fetchTreatedPatients });

export const useTreatedPatients = () => useQuery(treatedPatientsQuery);
