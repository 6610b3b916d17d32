import type { Appointment } from '@rozmova/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api';
import { appointmentListKey } from '../../../lib/appointment-keys';
import { appointmentsQuery } from './appointments';

type CancelInput = { id: number; reason: string };

export const cancelAppointment = ({ id, reason }: CancelInput) =>
  api<Appointment>(`/doctor/appointments/${id}`, { method: 'DELETE', body: { reason } });

/**
 * The psychologist cancels with a reason. The card in the active list turns CANCELED with the reason at once, so the
 * psychologist sees what happened; it leaves the active list the next time the list is loaded.
 */
export function useCancelAppointment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelAppointment,
    onSuccess: (canceled) => {
      queryClient.setQueryData(appointmentsQuery('doctor', 'active').queryKey, (list) =>
        list?.map((a) => (a.id === canceled.id ? canceled : a)),
      );
      void queryClient.invalidateQueries({ queryKey: appointmentsQuery('doctor', 'archived').queryKey });
    },
    onError: (err) => {
      // Already canceled, ended or gone: show the appointments as they are now.
      if (err instanceof ApiError && (err.status === 404 || err.status === 409)) {
        void queryClient.invalidateQueries({ queryKey: appointmentListKey('doctor') });
      }
    },
  });
}
