import type { ClinicalRecord } from '@rozmova/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { appointmentKeys } from '../../../entities/appointment/keys';
import { api } from '../../../lib/api';

export const fetchPatientNotes = () => api<ClinicalRecord[]>('/patient/records');

/** The notes psychologists chose to share with this patient. */
export const patientNotesQuery = queryOptions({ queryKey: appointmentKeys.notes(), queryFn: fetchPatientNotes });

export const usePatientNotes = () => useQuery(patientNotesQuery);
