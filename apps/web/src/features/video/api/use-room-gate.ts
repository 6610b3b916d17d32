import { type RoomPhase, roomPhase } from '../../../lib/session-window';
import { useNowAt } from '../../../lib/use-now-at';
import { useAppointmentInfo } from './appointment-info';

/**
 * Whether the room may be joined now: `loading` while its appointment is asked for; `free` for a room that is not
 * one of the viewer's appointments (an ad-hoc room, or someone else's, which the server refuses) or whose details
 * could not be read (the server decides on joining); else the phase of the appointment's join window, which changes
 * by itself when the window opens or closes.
 */
export type RoomGate = { phase: 'loading' } | { phase: 'free' } | { phase: RoomPhase; opensAt: number; timeZone: string };

export function useRoomGate(room: string): RoomGate {
  const info = useAppointmentInfo(room);
  const span = info.data ? { opensAt: Date.parse(info.data.opensAt), closesAt: Date.parse(info.data.closesAt) } : null;
  const now = useNowAt(span ? [span.opensAt, span.closesAt] : []);
  if (info.isPending) return { phase: 'loading' };
  if (!info.data || !span) return { phase: 'free' };
  return { phase: roomPhase({ status: info.data.status, ...span }, now), opensAt: span.opensAt, timeZone: info.data.timeZone };
}
