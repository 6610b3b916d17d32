import { type DoctorInfo, PUBLIC_PSYCHOLOGISTS_PAGE_SIZE, type PublicPsychologistPage } from '@rozmova/contract';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const fetchDoctor = (id: number) => api<DoctorInfo>(`/doctors/${id}`);
/** What a visitor who has not signed in may see: a verified psychologist's profile, without the picture. */
export const fetchPublicDoctor = (id: number) => api<DoctorInfo>(`/public/psychologists/${id}`, { auth: false });

/** The prefix of every psychologist's public info; a profile change refreshes them all. */
export const doctorsKey = ['psychologist', 'doctor'] as const;

export const doctorQuery = (id: number) => queryOptions({ queryKey: [...doctorsKey, id], queryFn: () => fetchDoctor(id) });

/**
 * The public info of one psychologist, as the signed-in see it or (`publicly`) as a visitor does; id null (a malformed
 * route parameter) fetches nothing.
 */
export const useDoctor = (id: number | null, publicly = false) =>
  useQuery<DoctorInfo>({
    queryKey: publicly ? [...doctorsKey, 'public', id ?? 0] : doctorQuery(id ?? 0).queryKey,
    queryFn: () => (publicly ? fetchPublicDoctor(id ?? 0) : fetchDoctor(id ?? 0)),
    enabled: id !== null,
  });

/** The verified psychologists anyone may browse, a page at a time (by name). */
export const usePublicDoctors = () =>
  useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: [...doctorsKey, 'public-list'],
      queryFn: ({ pageParam }) =>
        api<PublicPsychologistPage>('/public/psychologists', {
          query: { page: pageParam, size: PUBLIC_PSYCHOLOGISTS_PAGE_SIZE },
          auth: false,
        }),
      initialPageParam: 0,
      getNextPageParam: (last: PublicPsychologistPage) => (last.last ? undefined : last.page + 1),
    }),
  );
