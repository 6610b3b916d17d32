import type { BookAppointmentBody, DoctorSearchResult } from '@rozmova/contract';
import { shortTime } from '../../lib/dates';

/** The results without the booked slot; a doctor left with no free slot drops out of the list. */
export function withoutSlot(results: DoctorSearchResult[], booked: BookAppointmentBody): DoctorSearchResult[] {
  return results
    .map((doctor) =>
      doctor.id !== Number(booked.psychologistId)
        ? doctor
        : {
            ...doctor,
            availableSlots: doctor.availableSlots.filter(
              (s) => !(s.date === booked.date && shortTime(s.startTime) === shortTime(booked.startTime)),
            ),
          },
    )
    .filter((doctor) => doctor.availableSlots.length > 0);
}
