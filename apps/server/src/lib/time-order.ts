/** Individual and group entries in one list: the active tab soonest first, the archive most recent first. */
export function inTimeOrder<T extends { startsAt: string; kind: string; id: number }>(entries: T[], order: 'asc' | 'desc'): T[] {
  const sign = order === 'asc' ? 1 : -1;
  return entries.sort(
    (a, b) => sign * (Date.parse(a.startsAt) - Date.parse(b.startsAt) || a.kind.localeCompare(b.kind) || a.id - b.id),
  );
}
