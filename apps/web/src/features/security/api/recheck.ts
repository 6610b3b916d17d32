import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** Proves it is still the owner, so sensitive actions pass for the next 10 minutes. */
export const recheck = (body: { code: string } | { password: string }) => api<void>('/user/recheck', { method: 'POST', body });

export const useRecheck = () => useMutation({ mutationFn: recheck });
