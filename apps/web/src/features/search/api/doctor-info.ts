import type { DoctorInfo } from '@rozmova/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { searchKeys } from './keys';

export const getDoctorInfo = (id: number) => api<DoctorInfo>(`/patient/doctors/info/${id}`);

export const useDoctorInfo = (id: number | null) =>
  useQuery({
    queryKey: searchKeys.info(id ?? 0),
    queryFn: () => getDoctorInfo(id as number),
    enabled: id !== null,
  });
