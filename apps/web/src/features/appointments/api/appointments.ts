import type { AppointmentListItem, AppointmentTab } from '@rozmova/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { type AppointmentSide, appointmentListKey } from '../../../lib/appointment-keys';

export const listAppointments = (side: AppointmentSide, tab: AppointmentTab) =>
  api<AppointmentListItem[]>(`/${side}/appointments`, { query: { status: tab } });

export const appointmentsQuery = (side: AppointmentSide, tab: AppointmentTab) =>
  queryOptions({ queryKey: [...appointmentListKey(side), tab], queryFn: () => listAppointments(side, tab) });

export const useAppointments = (side: AppointmentSide, tab: AppointmentTab) => useQuery(appointmentsQuery(side, tab));
