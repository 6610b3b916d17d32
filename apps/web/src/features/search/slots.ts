import type { BookAppointmentBody, DoctorSearchPage, DoctorSearchResult } from '@rozmova/contract';
import type { InfiniteData } from '@tanstack/react-query';
import { shortTime } from '../../lib/dates';

const isBooked = (booked: BookAppointmentBody) => (s: { date: string; startTime: string }) =>
  s.date === booked.date && shortTime(s.startTime) === shortTime(booked.startTime);

/** The results without the booked slot; a doctor left with no free slot drops out of the list. */
export function withoutSlot(results: DoctorSearchResult[], booked: BookAppointmentBody): DoctorSearchResult[] {
  return results
    .map((doctor) =>
      doctor.id !== Number(booked.psychologistId)
        ? doctor
        : { ...doctor, availableSlots: doctor.availableSlots.filter((s) => !isBooked(booked)(s)) },
    )
    .filter((doctor) => doctor.availableSlots.length > 0);
}

/** The same for loaded pages of doctors, whose slots are only the nearest ones: the count says what is left. */
export function withoutSlotInPages(
  data: InfiniteData<DoctorSearchPage, string | undefined>,
  booked: BookAppointmentBody,
): InfiniteData<DoctorSearchPage, string | undefined> {
  const pages = data.pages.map((page) => ({
    ...page,
    doctors: page.doctors
      .map((doctor) => {
        if (doctor.id !== Number(booked.psychologistId)) return doctor;
        const availableSlots = doctor.availableSlots.filter((s) => !isBooked(booked)(s));
        const freeSlotCount = doctor.freeSlotCount - (doctor.availableSlots.length - availableSlots.length);
        return { ...doctor, availableSlots, freeSlotCount };
      })
      .filter((doctor) => doctor.freeSlotCount > 0),
  }));
  return { ...data, pages };
}
