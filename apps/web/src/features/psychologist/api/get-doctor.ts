import type { DoctorInfo } from '@rozmova/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const fetchDoctor = (id: number) => api<DoctorInfo>(`/doctors/${id}`);

/** The prefix of every psychologist's public info; a profile change refreshes them all. */
export const doctorsKey = ['psychologist', 'doctor'] as const;

export const doctorQuery = (id: number) => queryOptions({ queryKey: [...doctorsKey, id], queryFn: () => fetchDoctor(id) });

/** The public info of one psychologist; id null (a malformed route parameter) fetches nothing. */
export const useDoctor = (id: number | null) => useQuery({ ...doctorQuery(id ?? 0), enabled: id !== null });
