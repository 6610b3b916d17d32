import type { Appointment, DoctorSearchPage, DoctorSearchResult } from '@rozmova/contract';
import { type InfiniteData, useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '../../lib/api';
import { isSlotGone } from '../../lib/booking-error';
import { type SlotChoice, withoutSlot, withoutSlotInPages } from '../../lib/slots';
import { psychologistKeys } from '../psychologist/keys';
import { appointmentKeys } from './keys';

export const bookAppointment = (body: SlotChoice) => api<Appointment>('/patient/appointments', { method: 'POST', body });

/** Books a slot; the booked slot, or one that can no longer be booked, leaves every cached search result at once. */
export function useBookAppointment() {
  const queryClient = useQueryClient();
  const dropSlot = (slot: SlotChoice) =>
    queryClient.setQueriesData<DoctorSearchResult[] | InfiniteData<DoctorSearchPage, string | undefined>>(
      { queryKey: psychologistKeys.search() },
      // Pages of doctors and one doctor's full slots live under the same key.
      (cached) => {
        if (!cached) return cached;
        return Array.isArray(cached) ? withoutSlot(cached, slot) : withoutSlotInPages(cached, slot);
      },
    );
  return useMutation({
    mutationFn: bookAppointment,
    onSuccess: (_appointment, booked) => {
      dropSlot(booked);
      void queryClient.invalidateQueries({ queryKey: appointmentKeys.list('patient') });
    },
    onError: (err, tried) => {
      if (isSlotGone(err)) dropSlot(tried);
      // Someone else took the slot (or it is no longer bookable): show what is really free now.
      if (err instanceof ApiError && err.status === 409) {
        void queryClient.invalidateQueries({ queryKey: psychologistKeys.search() });
      }
    },
  });
}
