import type { AppointmentListItem } from '@rozmova/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const fetchManagedAppointments = () => api<AppointmentListItem[]>('/manager/appointments');

/** Every appointment of every patient the manager follows; the screen splits them by status. */
export const managedAppointmentsQuery = queryOptions({
  queryKey: ['manager', 'appointments'],
  queryFn: fetchManagedAppointments,
});

export const useManagedAppointments = () => useQuery(managedAppointmentsQuery);

export const fetchPatientAppointments = (patientId: number) => api<AppointmentListItem[]>(`/manager/appointments/${patientId}`);

export const patientAppointmentsQuery = (patientId: number) =>
  queryOptions({ queryKey: ['manager', 'appointments', patientId], queryFn: () => fetchPatientAppointments(patientId) });

export const usePatientAppointments = (patientId: number) => useQuery(patientAppointmentsQuery(patientId));
