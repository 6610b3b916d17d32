import type { ConversationDetail, Message, PatientMessageBody } from '@rozmova/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { treatedPatientsQuery } from '../../../entities/record/treated-patients';
import { ApiError, api } from '../../../lib/api';

export type PatientMessage = { patientId: number; body: PatientMessageBody };

/** Written into the conversation with the patient (opened if new), where they can answer. */
export async function sendPatientMessage({ patientId, body }: PatientMessage): Promise<Message> {
  const conversation = await api<ConversationDetail>('/conversations', { method: 'POST', body: { patientId } });
  return api<Message>(`/conversations/${conversation.id}/messages`, { method: 'POST', body: { body: body.message } });
}

/** A psychologist's message to one of their patients; a 404 means that patient left the list, which is fetched anew. */
export function useSendPatientMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendPatientMessage,
    onError: (err) => {
      if (err instanceof ApiError && err.status === 404)
        void queryClient.invalidateQueries({ queryKey: treatedPatientsQuery.queryKey });
    },
  });
}
