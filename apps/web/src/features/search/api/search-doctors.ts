import { type DoctorSearchBody, type DoctorSearchPage, SEARCH_PAGE_SIZE } from '@rozmova/contract';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { psychologistKeys } from '../../../entities/psychologist/keys';
import { api } from '../../../lib/api';

/** One page of doctors with free slots; `cursor` is the previous page's nextCursor. */
export const searchDoctorPage = (body: DoctorSearchBody, cursor?: string) =>
  api<DoctorSearchPage>('/patient/doctors/search', { method: 'POST', body, query: { limit: SEARCH_PAGE_SIZE, cursor } });

/** Free slots change as others book, so results are always refetched when the page is opened again. */
export const doctorSearchQuery = (body: DoctorSearchBody) =>
  infiniteQueryOptions({
    queryKey: psychologistKeys.searchResults(body),
    queryFn: ({ pageParam }) => searchDoctorPage(body, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: 0,
  });

export const useDoctorSearch = (body: DoctorSearchBody) =>
  useInfiniteQuery({ ...doctorSearchQuery(body), placeholderData: keepPreviousData });
