import { ADMIN_APPOINTMENTS_MAX_SIZE, type AdminAppointmentRow, type Page } from '@rozmova/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api';

export const fetchAllAppointments = () =>
  api<Page<AdminAppointmentRow>>('/admin/appointments', { query: { page: 0, size: ADMIN_APPOINTMENTS_MAX_SIZE } });

/** Every appointment at once (up to 1000); the screen splits and pages them itself. */
export const allAppointmentsQuery = queryOptions({
  queryKey: ['admin', 'appointments'],
  queryFn: async () => (await fetchAllAppointments()).content,
});

export const useAllAppointments = () => useQuery(allAppointmentsQuery);

export const adminCancelAppointment = ({ id, reason }: { id: number; reason: string }) =>
  api<AdminAppointmentRow>(`/admin/appointments/${id}`, { method: 'DELETE', body: { reason } });

/** The admin cancels with a reason; the row turns canceled with it in place. */
export function useAdminCancel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: adminCancelAppointment,
    onSuccess: (canceled) =>
      queryClient.setQueryData(allAppointmentsQuery.queryKey, (rows) =>
        rows?.map((a) => (a.kind === canceled.kind && a.id === canceled.id ? canceled : a)),
      ),
    onError: (err) => {
      // Already canceled or ended meanwhile: show the list as it is now.
      if (err instanceof ApiError && (err.status === 404 || err.status === 409)) {
        void queryClient.invalidateQueries({ queryKey: allAppointmentsQuery.queryKey });
      }
    },
  });
}
