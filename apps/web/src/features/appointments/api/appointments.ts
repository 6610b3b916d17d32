import type { AppointmentListItem, AppointmentTab } from '@rozmova/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type AppointmentSide, appointmentKeys } from '../../../entities/appointment/keys';
import { api } from '../../../lib/api';

export const listAppointments = (side: AppointmentSide, tab: AppointmentTab) =>
  api<AppointmentListItem[]>(`/${side}/appointments`, { query: { status: tab } });

export const appointmentsQuery = (side: AppointmentSide, tab: AppointmentTab) =>
  queryOptions({ queryKey: appointmentKeys.tab(side, tab), queryFn: () => listAppointments(side, tab) });

export const useAppointments = (side: AppointmentSide, tab: AppointmentTab) => useQuery(appointmentsQuery(side, tab));
