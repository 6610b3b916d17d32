import type { Appointment, AppointmentTab } from '@rozmova/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** Whose appointments: the patient's own, or the psychologist's. */
export type AppointmentSide = 'patient' | 'doctor';

export const appointmentKeys = {
  list: (side: AppointmentSide, tab: AppointmentTab) => ['appointments', side, tab] as const,
  patientInfo: (id: number) => ['appointments', 'patient-info', id] as const,
};

export const listAppointments = (side: AppointmentSide, tab: AppointmentTab) =>
  api<Appointment[]>(`/${side}/appointments`, { query: { status: tab } });

export const useAppointments = (side: AppointmentSide, tab: AppointmentTab) =>
  useQuery({ queryKey: appointmentKeys.list(side, tab), queryFn: () => listAppointments(side, tab) });
