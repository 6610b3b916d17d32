import type { DoctorSearchBody } from '@rozmova/contract';

/**
 * The search's cache keys; here rather than in features/search because a moved session (features/appointments) frees
 * and takes slots that cached results show.
 */
export const searchKeys = {
  doctors: () => ['search', 'doctors'] as const,
  results: (body: DoctorSearchBody) => ['search', 'doctors', body] as const,
  /** One doctor's full free slots in a search's range, loaded when the patient opens them. */
  slots: (body: DoctorSearchBody, id: number) => ['search', 'doctors', body, 'slots', id] as const,
  info: (id: number) => ['search', 'doctor-info', id] as const,
};
