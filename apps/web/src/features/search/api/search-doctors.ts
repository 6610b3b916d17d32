import type { DoctorSearchBody, DoctorSearchResult } from '@rozmova/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { searchKeys } from './keys';

export const searchDoctors = (body: DoctorSearchBody) =>
  api<DoctorSearchResult[]>('/patient/doctors/search', { method: 'POST', body });

/** Free slots change as others book, so results are always refetched when the page is opened again. */
export const useDoctorSearch = (body: DoctorSearchBody) =>
  useQuery({
    queryKey: searchKeys.results(body),
    queryFn: () => searchDoctors(body),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
