import type { PatientAppointment } from '@rozmova/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { appointmentsQuery } from './appointments';

export const reviewAppointment = ({ id, review }: { id: number; review: string }) =>
  api<PatientAppointment>(`/patient/appointments/${id}/review`, { method: 'PUT', body: { review } });

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
