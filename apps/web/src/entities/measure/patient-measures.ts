import type { MeasurePrompt, PatientMeasures } from '@rozmova/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { measureKeys } from './keys';

export const fetchPatientMeasures = () => api<PatientMeasures>('/patient/measures');

/**
 * The signed-in patient's questionnaires and what they are asked to fill now. Here rather than in a feature: the
 * dashboard offers the questionnaires and the questionnaire screen fills them.
 */
export const patientMeasuresQuery = queryOptions({ queryKey: measureKeys.own(), queryFn: fetchPatientMeasures });

export const usePatientMeasures = (enabled = true) => useQuery({ ...patientMeasuresQuery, enabled });

const SKIPPED = 'measuresSkipped';
/** A prompt once skipped stays skipped in this browser: the intake one, or the one before a given session. */
const promptId = (p: MeasurePrompt) => (p.reason === 'INTAKE' ? 'intake' : `session:${p.appointmentId}`);

function skippedIds(): string[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(SKIPPED) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

export const isSkipped = (p: MeasurePrompt) => skippedIds().includes(promptId(p));

export function skipPrompt(p: MeasurePrompt): void {
  localStorage.setItem(SKIPPED, JSON.stringify([...skippedIds(), promptId(p)].slice(-20)));
}
