import { describe, expect, it } from 'vitest';
import {
  canReschedule,
  hasEnded,
  hasStarted,
  joinWindow,
  roomPhase,
  sessionBoundaries,
  sessionRoomPhase,
} from './session-window';

const at = (iso: string) => Date.parse(iso);
// 10:00–11:00 in Kyiv (UTC+2) on a winter day.
const session = { startsAt: '2026-01-15T08:00:00Z', endsAt: '2026-01-15T09:00:00Z', status: 'CONFIRMED' as const };

describe('a session in time', () => {
  it('starts and ends at its instants, read on any clock', () => {
    expect(hasStarted(session, at('2026-01-15T07:59:59Z'))).toBe(false);
    expect(hasStarted(session, at('2026-01-15T03:00:00-05:00'))).toBe(true);
    expect(hasEnded(session, at('2026-01-15T10:59:00+02:00'))).toBe(false);
    expect(hasEnded(session, at('2026-01-15T11:00:00+02:00'))).toBe(true);
  });

  it('opens its room 15 minutes before the start and closes it 30 minutes after the end', () => {
    expect(joinWindow(session)).toEqual({ opensAt: at('2026-01-15T07:45:00Z'), closesAt: at('2026-01-15T09:30:00Z') });
    expect(sessionRoomPhase(session, at('2026-01-15T07:44:59Z'))).toBe('waiting');
    expect(sessionRoomPhase(session, at('2026-01-15T07:45:00Z'))).toBe('open');
    expect(sessionRoomPhase(session, at('2026-01-15T09:29:59Z'))).toBe('open');
    expect(sessionRoomPhase(session, at('2026-01-15T09:30:00Z'))).toBe('ended');
  });

  it('has nothing to join once canceled or not attended, whatever the time', () => {
    const window = joinWindow(session);
    const inside = at('2026-01-15T08:10:00Z');
    expect(roomPhase({ status: 'CANCELED', ...window }, inside)).toBe('canceled');
    expect(roomPhase({ status: 'NO_SHOW', ...window }, inside)).toBe('noShow');
  });

  it('may be moved by the patient until 24 hours before its start, and only while confirmed', () => {
    expect(canReschedule(session, at('2026-01-14T07:59:59Z'))).toBe(true);
    expect(canReschedule(session, at('2026-01-14T08:00:00Z'))).toBe(false);
    expect(canReschedule({ ...session, status: 'CANCELED' }, at('2026-01-10T00:00:00Z'))).toBe(false);
  });

  it('names every moment at which what it offers changes', () => {
    expect(sessionBoundaries(session)).toEqual([
      at('2026-01-14T08:00:00Z'),
      at('2026-01-15T07:45:00Z'),
      at('2026-01-15T08:00:00Z'),
      at('2026-01-15T09:00:00Z'),
      at('2026-01-15T09:30:00Z'),
    ]);
  });
});
