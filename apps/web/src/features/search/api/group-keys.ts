import type { TherapyType } from '@rozmova/contract';

/** A search for groups as the screen asks it: a page (from 0) and the optional filters. */
export type GroupSearchParams = { page: number; therapyType?: TherapyType; startDate?: string; endDate?: string };

/** The groups a patient finds and opens; apart from the psychologist's own programs (features/groups). */
export const groupSearchKeys = {
  all: ['search', 'groups'] as const,
  results: (params: GroupSearchParams) => [...groupSearchKeys.all, 'results', params] as const,
  group: (id: number) => [...groupSearchKeys.all, 'group', id] as const,
};
