import type { RecordPatientOption } from '@rozmova/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const fetchPatientOptions = () => api<RecordPatientOption[]>('/doctor/patients/for-records');

/** The patients this psychologist may write a note about. */
export const patientOptionsQuery = queryOptions({ queryKey: ['records', 'patients'], queryFn: fetchPatientOptions });

export const usePatientOptions = () => useQuery(patientOptionsQuery);
