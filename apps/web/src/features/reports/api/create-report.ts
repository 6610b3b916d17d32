import type { ClinicalRecord, ReportBody } from '@rozmova/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { recordKeys } from '../../../entities/record/keys';
import { api } from '../../../lib/api';

export const createReport = (body: ReportBody) => api<ClinicalRecord>('/doctor/reports', { method: 'POST', body });

/** The report is kept as a note: the records list is loaded again to show it. */
export function useCreateReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createReport,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: recordKeys.list() }),
  });
}
