import type { RecordPatientOption } from '@rozmova/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { recordKeys } from './keys';

export const fetchTreatedPatients = () => api<RecordPatientOption[]>('/doctor/patients/for-records');

/**
 * The patients this psychologist treats: whom a note may be about (records) and who may be sent a message
 * (notifications), so it lives here rather than in either feature.
 */
export const treatedPatientsQuery = queryOptions({ queryKey: recordKeys.patients(), queryFn: fetchTreatedPatients });

export const useTreatedPatients = () => useQuery(treatedPatientsQuery);
