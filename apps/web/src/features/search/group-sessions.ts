import type { GroupSession } from '@rozmova/contract';

/** The sessions a card lists: the confirmed ones ahead, at most `max`, and how many more there are. */
export function sessionsToShow(sessions: readonly GroupSession[], max: number): { shown: GroupSession[]; more: number } {
  const confirmed = sessions.filter((s) => s.status === 'CONFIRMED');
  return { shown: confirmed.slice(0, max), more: Math.max(0, confirmed.length - max) };
}
