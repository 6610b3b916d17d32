import type { AppointmentInfo } from '@rozmova/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api';
import { hasRole, useSession } from '../../../lib/session';

type Side = 'doctor' | 'patient';

export const getAppointmentInfo = (side: Side, room: string) =>
  api<AppointmentInfo>(`/${side}/appointments/info`, { query: { videoCallRoomId: room } });

/** The root of every room's appointment key: read them again when the server says a room is closed. */
export const appointmentInfoRoot = ['video', 'appointment-info'] as const;

export const appointmentInfoQuery = (side: Side, room: string) =>
  queryOptions({
    queryKey: [...appointmentInfoRoot, side, room],
    queryFn: () => getAppointmentInfo(side, room),
    // 404 is an answer (a room of no appointment of ours), not a hiccup to retry.
    retry: (count, err) => !(err instanceof ApiError && err.status === 404) && count < 2,
    // Nor is a part of the room that mounts later (the call, once joined) a reason to ask again: a query with no data
    // reads as loading while it is asked, and the room swaps its stage for a loader then, unmounting that part again.
    retryOnMount: false,
  });

/** Spec §6: a psychologist asks the doctor endpoint, anyone else the patient one. */
export function useAppointmentInfo(room: string) {
  const side: Side = hasRole(useSession(), 'PSYCHOLOGIST') ? 'doctor' : 'patient';
  return useQuery(appointmentInfoQuery(side, room));
}
