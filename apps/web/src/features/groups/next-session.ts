import type { GroupSession } from '@rozmova/contract';

/** The first confirmed session that has not ended, if any: what "next" means on a program's card. */
export const nextSession = (sessions: GroupSession[], now: number): GroupSession | null =>
  sessions
    .filter((s) => s.status === 'CONFIRMED' && Date.parse(s.endsAt) > now)
    .sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt))[0] ?? null;
