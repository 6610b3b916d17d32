import type { PatientAppointment, PatientReviewBody } from '@rozmova/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { appointmentsQuery } from './appointments';

/** `reviewedAt`: when the feedback it replaces was saved (null: none yet), so feedback saved since is refused. */
export const reviewAppointment = ({ id, ...body }: { id: number } & PatientReviewBody) =>
  api<PatientAppointment>(`/patient/appointments/${id}/review`, { method: 'PUT', body });

/** The patient's feedback on an appointment that has ended; the archived card shows the sanitised text at once. */
export function useReviewAppointment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reviewAppointment,
    onSuccess: (saved) =>
      queryClient.setQueryData(appointmentsQuery('patient', 'archived').queryKey, (list) =>
        list?.map((a) => (a.kind === saved.kind && a.id === saved.id ? saved : a)),
      ),
  });
}
