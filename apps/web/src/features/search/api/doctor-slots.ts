import type { DoctorSearchBody, DoctorSearchResult } from '@rozmova/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { searchKeys } from './keys';

/** Every free slot of one doctor in the search's range (an empty list once they have none left). */
export const searchDoctorSlots = (body: DoctorSearchBody, psychologistId: number) =>
  api<DoctorSearchResult[]>('/patient/doctors/search', { method: 'POST', body, query: { psychologistId } });

export const useDoctorSlots = (body: DoctorSearchBody, psychologistId: number, enabled: boolean) =>
  useQuery({
    queryKey: searchKeys.slots(body, psychologistId),
    queryFn: () => searchDoctorSlots(body, psychologistId),
    enabled,
    staleTime: 0,
  });
