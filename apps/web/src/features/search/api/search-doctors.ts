import type { DoctorSearchBody, DoctorSearchResult } from '@rozmova/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { searchKeys } from './keys';

export const searchDoctors = (body: DoctorSearchBody) =>
  api<DoctorSearchResult[]>('/patient/doctors/search', { method: 'POST', body });

/** Free slots change as others book, so results are always refetched when the page is opened again. */
export const doctorSearchQuery = (body: DoctorSearchBody) =>
  queryOptions({ queryKey: searchKeys.results(body), queryFn: () => searchDoctors(body), staleTime: 0 });

export const useDoctorSearch = (body: DoctorSearchBody) =>
  useQuery({ ...doctorSearchQuery(body), placeholderData: keepPreviousData });
