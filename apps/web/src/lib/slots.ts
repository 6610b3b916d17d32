import type { DoctorSearchPage, DoctorSearchResult } from '@rozmova/contract';
import type { InfiniteData } from '@tanstack/react-query';

/** A slot as the screens book it: the psychologist and the instant it starts. */
export type SlotChoice = { psychologistId: number; startsAt: string };

const isBooked = (booked: SlotChoice) => (s: { startsAt: string }) => Date.parse(s.startsAt) === Date.parse(booked.startsAt);

/** The results without the booked slot; a doctor left with no free slot drops out of the list. */
export function withoutSlot(results: DoctorSearchResult[], booked: SlotChoice): DoctorSearchResult[] {
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
  booked: SlotChoice,
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
