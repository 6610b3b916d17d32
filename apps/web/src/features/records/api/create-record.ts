import type { ClinicalRecord, RecordBody } from '@rozmova/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { changeLoadedRecords, recordsQuery } from './records';

export const createRecord = (body: RecordBody) => api<ClinicalRecord>('/api/records', { method: 'POST', body });

/** The new note heads the list at once; the list is then reloaded from the server. */
export function useCreateRecord() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRecord,
    onSuccess: (record) => {
      changeLoadedRecords(queryClient, (notes, page) => (page === 0 ? [record, ...notes] : notes));
      return queryClient.invalidateQueries({ queryKey: recordsQuery.queryKey });
    },
  });
}
