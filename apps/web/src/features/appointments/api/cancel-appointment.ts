import type { Appointment } from '@rozmova/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type AppointmentSide, appointmentKeys } from '../../../entities/appointment/keys';
import { ApiError, api } from '../../../lib/api';
import { appointmentsQuery } from './appointments';

type CancelInput = { id: number; reason: string };

/** The psychologist cancels with a reason; the patient may give one (blank sends none). */
export const cancelAppointment = (side: AppointmentSide, { id, reason }: CancelInput) =>
  api<Appointment>(`/${side}/appointments/${id}`, { method: 'DELETE', body: side === 'patient' && !reason ? {} : { reason } });

/**
 * Cancels one of the viewer's own appointments. It leaves the active list at once for the archive, where it shows as
 * canceled with the reason (the success message says where it went).
 */
export function useCancelAppointment(side: AppointmentSide) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CancelInput) => cancelAppointment(side, input),
    onSuccess: (canceled) => {
      queryClient.setQueryData(appointmentsQuery(side, 'active').queryKey, (list) =>
        list?.filter((a) => !(a.kind === canceled.kind && a.id === canceled.id)),
      );
      void queryClient.invalidateQueries({ queryKey: appointmentsQuery(side, 'archived').queryKey });
    },
    onError: (err) => {
      // Already canceled, ended or gone: show the appointments as they are now.
      if (err instanceof ApiError && (err.status === 404 || err.status === 409)) {
        void queryClient.invalidateQueries({ queryKey: appointmentKeys.list(side) });
      }
    },
  });
}
