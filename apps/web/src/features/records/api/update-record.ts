import type { ClinicalRecord, RecordUpdate } from '@rozmova/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api';
import { changeLoadedRecords, recordsQuery } from './records';

type UpdateInput = RecordUpdate & { id: number };

export const updateRecord = ({ id, ...body }: UpdateInput) => api<ClinicalRecord>(`/api/records/${id}`, { method: 'PUT', body });

export function useUpdateRecord() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateRecord,
    onSuccess: (record) => {
      changeLoadedRecords(queryClient, (notes) => notes.map((r) => (r.id === record.id ? record : r)));
      return queryClient.invalidateQueries({ queryKey: recordsQuery.queryKey });
    },
    onError: (err) => {
      // Deleted meanwhile (another tab): show the list as it is now.
      if (err instanceof ApiError && err.status === 404) void queryClient.invalidateQueries({ queryKey: recordsQuery.queryKey });
    },
  });
}
