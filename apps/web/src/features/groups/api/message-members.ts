import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const messageMembers = (id: number, message: string) =>
  api<{ sent: number }>(`/psychologist/groups/${id}/messages`, { method: 'POST', body: { message } });

/** A message to every member, each copy counted toward the hourly allowance of messages to patients. */
export const useMessageMembers = (id: number) => useMutation({ mutationFn: (message: string) => messageMembers(id, message) });
