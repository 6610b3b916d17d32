import type { Appointment, BookAppointmentBody, DoctorSearchResult } from '@rozmova/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api';
import { appointmentListKey } from '../../../lib/appointment-keys';
import { withoutSlot } from '../slots';
import { searchKeys } from './keys';

export const bookAppointment = (body: BookAppointmentBody) => api<Appointment>('/patient/appointments', { method: 'POST', body });

/** Books a slot; the booked slot leaves every cached search result at once. */
export function useBookAppointment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bookAppointment,
    onSuccess: (_appointment, booked) => {
      queryClient.setQueriesData<DoctorSearchResult[]>({ queryKey: searchKeys.doctors() }, (results) =>
        results ? withoutSlot(results, booked) : results,
      );
      void queryClient.invalidateQueries({ queryKey: appointmentListKey('patient') });
    },
    onError: (err) => {
      // Someone else took the slot (or it is no longer bookable): show what is really free now.
      if (err instanceof ApiError && err.status === 409) {
        void queryClient.invalidateQueries({ queryKey: searchKeys.doctors() });
      }
    },
  });
}
