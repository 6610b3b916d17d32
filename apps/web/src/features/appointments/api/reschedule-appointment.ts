import type { Appointment } from '@rozmova/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { appointmentKeys } from '../../../entities/appointment/keys';
import { psychologistKeys } from '../../../entities/psychologist/keys';
import { ApiError, api } from '../../../lib/api';

type RescheduleInput = { id: number; psychologistId: number; startsAt: string };

/** Moves the patient's session to another free slot of the same psychologist: the same id and room, a new time. */
export const rescheduleAppointment = ({ id, ...body }: RescheduleInput) =>
  api<Appointment>(`/patient/appointments/${id}/reschedule`, { method: 'POST', body });

/**
 * The patient moves a session. Done or refused, the lists and every cached free slot are read again: the old time is
 * free now, the new one taken, or someone else was quicker.
 */
export function useRescheduleAppointment() {
  const queryClient = useQueryClient();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: appointmentKeys.list('patient') });
    void queryClient.invalidateQueries({ queryKey: psychologistKeys.search() });
  };
  return useMutation({
    mutationFn: rescheduleAppointment,
    onSuccess: refresh,
    onError: (err) => {
      if (err instanceof ApiError && (err.status === 404 || err.status === 409)) refresh();
    },
  });
}
