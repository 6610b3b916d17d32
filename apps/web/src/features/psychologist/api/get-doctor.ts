import type { DoctorInfo } from '@rozmova/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { psychologistKeys } from './keys';

export const fetchDoctor = (id: number) => api<DoctorInfo>(`/doctors/${id}`);

/** The public info of one psychologist; id null (a malformed route parameter) fetches nothing. */
export const useDoctor = (id: number | null) =>
  useQuery({ queryKey: psychologistKeys.doctor(id ?? 0), queryFn: () => fetchDoctor(id as number), enabled: id !== null });
