import type { PatientMessageBody, patientMessageSentSchema } from '@rozmova/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { ApiError, api } from '../../../lib/api';
import { treatedPatientsQuery } from '../../../lib/treated-patients';

type Sent = z.infer<typeof patientMessageSentSchema>;
export type PatientMessage = { patientId: number; body: PatientMessageBody };

export const sendPatientMessage = ({ patientId, body }: PatientMessage) =>
  api<Sent>(`/doctor/patients/${patientId}/notifications`, { method: 'POST', body });

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
