import type { Appointment } from '@rozmova/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { appointmentKeys } from '../../../entities/appointment/keys';
import { api } from '../../../lib/api';

export const markNoShow = (id: number) => api<Appointment>(`/doctor/appointments/${id}/no-show`, { method: 'PUT' });

/** The psychologist notes that the patient did not come; the session moves to the archive as "Not attended". */
export function useMarkNoShow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNoShow,
    // Done or refused (marked already, canceled meanwhile): the lists show how things are now.
    onSettled: () => queryClient.invalidateQueries({ queryKey: appointmentKeys.list('doctor') }),
  });
}
