import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const keepWithRecord = (id: number) => api<{ id: number }>(`/conversations/${id}/record`, { method: 'POST' });

export const useKeepWithRecord = () => useMutation({ mutationFn: keepWithRecord });
