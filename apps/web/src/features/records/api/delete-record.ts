import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api';
import { changeLoadedRecords, recordsQuery } from './records';

export const deleteRecord = (id: number) => api<void>(`/api/records/${id}`, { method: 'DELETE' });

export function useDeleteRecord() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRecord,
    onSuccess: (_answer, id) => {
      changeLoadedRecords(queryClient, (notes) => notes.filter((r) => r.id !== id));
    },
    onError: (err) => {
      if (err instanceof ApiError && err.status === 404) void queryClient.invalidateQueries({ queryKey: recordsQuery.queryKey });
    },
  });
}
