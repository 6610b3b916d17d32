import type { Appointment, BookAppointmentBody, DoctorSearchResult } from '@rozmova/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api';
import { appointmentListKey } from '../../../lib/appointment-keys';
import { isSlotGone } from '../booking-error';
import { withoutSlot } from '../slots';
import { searchKeys } from './keys';

export const bookAppointment = (body: BookAppointmentBody) => api<Appointment>('/patient/appointments', { method: 'POST', body });

/** Books a slot; the booked slot, or one that can no longer be booked, leaves every cached search result at once. */
export function useBookAppointment() {
  const queryClient = useQueryClient();
  const dropSlot = (slot: BookAppointmentBody) =>
    queryClient.setQueriesData<DoctorSearchResult[]>({ queryKey: searchKeys.doctors() }, (results) =>
      results ? withoutSlot(results, slot) : results,
    );
  return useMutation({
    mutationFn: bookAppointment,
    onSuccess: (_appointment, booked) => {
      dropSlot(booked);
      void queryClient.invalidateQueries({ queryKey: appointmentListKey('patient') });
    },
    onError: (err, tried) => {
      if (isSlotGone(err)) dropSlot(tried);
      // Someone else took the slot (or it is no longer bookable): show what is really free now.
      if (err instanceof ApiError && err.status === 409) {
        void queryClient.invalidateQueries({ queryKey: searchKeys.doctors() });
      }
    },
  });
}
