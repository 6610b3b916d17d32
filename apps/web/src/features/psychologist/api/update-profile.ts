import type { PsychologistProfile, psychologistProfileUpdateSchema } from '@rozmova/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api';
import { doctorsKey } from './get-doctor';
import { profileQuery } from './get-profile';

/** The profile as the contract schema leaves it after validation (trimmed, distinct therapy types). */
export type ProfileUpdate = z.output<typeof psychologistProfileUpdateSchema>;

export const updateProfile = (body: ProfileUpdate) => api<PsychologistProfile>('/psychologist/profile', { method: 'PUT', body });

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: async (_answer, body) => {
      queryClient.setQueryData(profileQuery.queryKey, (old) => (old ? { ...old, ...body } : old));
      await queryClient.invalidateQueries({ queryKey: profileQuery.queryKey });
      await queryClient.invalidateQueries({ queryKey: doctorsKey });
    },
  });
}
