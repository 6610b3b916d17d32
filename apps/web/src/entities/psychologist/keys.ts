import type { DoctorSearchBody } from '@rozmova/contract';

/**
 * The psychologists' cache keys: the signed-in psychologist's own profile, documents and call settings, and the
 * search's results and free slots, which a moved session (features/appointments) frees and takes as well.
 */
export const psychologistKeys = {
  profile: () => ['psychologist', 'profile'] as const,
  documents: () => ['psychologist', 'documents'] as const,
  callSettings: () => ['call-settings'] as const,
  /** Every cached search: pages of doctors and one doctor's full slots. */
  search: () => ['search', 'doctors'] as const,
  searchResults: (body: DoctorSearchBody) => ['search', 'doctors', body] as const,
  /** One doctor's full free slots in a search's range, loaded when the patient opens them. */
  slots: (body: DoctorSearchBody, id: number) => ['search', 'doctors', body, 'slots', id] as const,
  info: (id: number) => ['search', 'doctor-info', id] as const,
};
