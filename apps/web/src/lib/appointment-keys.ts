/** Whose appointments: the patient's own, or the psychologist's. */
export type AppointmentSide = 'patient' | 'doctor';

/**
 * The root of each side's appointment list keys. It lives here rather than in features/appointments because
 * booking (features/search) refreshes the patient's lists too, and features do not import each other.
 */
export const appointmentListKey = (side: AppointmentSide) => ['appointments', side] as const;
