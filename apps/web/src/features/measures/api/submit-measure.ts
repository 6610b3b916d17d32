import type { MeasureBody, MeasureSubmitted } from '@rozmova/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { patientMeasuresQuery } from '../../../entities/measure/patient-measures';
import { api } from '../../../lib/api';

export const submitMeasure = (body: MeasureBody) => api<MeasureSubmitted>('/patient/measures', { method: 'POST', body });

/** A saved questionnaire changes what is asked next: the patient's list is loaded again. */
export function useSubmitMeasure() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitMeasure,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: patientMeasuresQuery.queryKey }),
  });
}
