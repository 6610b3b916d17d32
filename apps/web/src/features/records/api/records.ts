import type { ClinicalRecord } from '@rozmova/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

// The spec's records paths carry an extra /api on top of the client's /api base.
export const fetchRecords = () => api<ClinicalRecord[]>('/api/records');

/** The psychologist's own notes, newest first. */
export const recordsQuery = queryOptions({ queryKey: ['records', 'list'], queryFn: fetchRecords });

export const useRecords = () => useQuery(recordsQuery);
