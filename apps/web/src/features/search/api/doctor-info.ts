import type { DoctorInfo } from '@rozmova/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { psychologistKeys } from '../../../entities/psychologist/keys';
import { api } from '../../../lib/api';

export const getDoctorInfo = (id: number) => api<DoctorInfo>(`/patient/doctors/info/${id}`);

export const doctorInfoQuery = (id: number) =>
  queryOptions({ queryKey: psychologistKeys.info(id), queryFn: () => getDoctorInfo(id) });

export const useDoctorInfo = (id: number | null) => useQuery({ ...doctorInfoQuery(id ?? 0), enabled: id !== null });
