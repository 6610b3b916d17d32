import type { CrisisCountryBody, CrisisCountrySetting } from '@rozmova/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { patientMeasuresQuery } from '../../../entities/measure/patient-measures';
import { api } from '../../../lib/api';
import { patientProfileQuery } from './get-profile';

export const putCrisisCountry = (body: CrisisCountryBody) =>
  api<CrisisCountrySetting>('/patient/crisis-country', { method: 'PUT', body });

/** The profile shows the choice; the measures page shows that country's crisis lines. */
export function useSetCrisisCountry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: putCrisisCountry,
    onSuccess: (setting) => {
      queryClient.setQueryData(patientProfileQuery.queryKey, (p) => (p ? { ...p, ...setting } : p));
      void queryClient.invalidateQueries({ queryKey: patientMeasuresQuery.queryKey });
    },
  });
}
