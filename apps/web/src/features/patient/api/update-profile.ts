import type { PatientProfile, patientProfileUpdateSchema } from '@rozmova/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api';
import { patientProfileQuery } from './get-profile';

/** The profile as the contract schema leaves it after validation (trimmed texts). */
export type PatientProfileBody = z.output<typeof patientProfileUpdateSchema>;

export const updatePatientProfile = (body: PatientProfileBody) =>
  api<PatientProfile>('/patient/profile', { method: 'PUT', body });

export function useUpdatePatientProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePatientProfile,
    onSuccess: (saved) => queryClient.setQueryData(patientProfileQuery.queryKey, saved),
  });
}
