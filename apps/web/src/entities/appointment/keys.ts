/** Whose appointments: the patient's own, or the psychologist's. */
export type AppointmentSide = 'patient' | 'doctor';

/**
 * The appointments' cache keys. Booking (features/search), joining a group (features/search, features/groups) and
 * the appointment screens all refresh the same lists, and features do not import each other.
 */
export const appointmentKeys = {
  /** The root of each side's lists (every tab). */
  list: (side: AppointmentSide) => ['appointments', side] as const,
  tab: (side: AppointmentSide, tab: string) => ['appointments', side, tab] as const,
  patientInfo: (id: number) => ['appointments', 'patient-info', id] as const,
  patientMeasures: (id: number) => ['appointments', 'patient-measures', id] as const,
  notes: () => ['appointments', 'notes'] as const,
};
