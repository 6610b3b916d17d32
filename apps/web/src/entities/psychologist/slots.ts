import type { DoctorSearchBody, DoctorSearchResult } from '@rozmova/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { psychologistKeys } from './keys';

/**
 * Every free slot of one doctor in a range of the viewer's dates (an empty list once they have none left). It lives
 * here because the search and rescheduling (features/appointments) both list one psychologist's free times.
 */
export const searchDoctorSlots = (body: DoctorSearchBody, psychologistId: number) =>
  api<DoctorSearchResult[]>('/patient/doctors/search', { method: 'POST', body, query: { psychologistId } });

/** Free slots change as others book: always fetched afresh. */
export const useDoctorSlots = (body: DoctorSearchBody, psychologistId: number, enabled: boolean) =>
  useQuery({
    queryKey: psychologistKeys.slots(body, psychologistId),
    queryFn: () => searchDoctorSlots(body, psychologistId),
    enabled,
    staleTime: 0,
  });
