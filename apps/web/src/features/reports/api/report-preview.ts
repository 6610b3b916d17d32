import { useDebouncedValue } from '@mantine/hooks';
import type { ReportPreview } from '@rozmova/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export type Period = { patientId: number; from: string; to: string };

export const fetchReportPreview = (p: Period) =>
  api<ReportPreview>('/doctor/reports/preview', { query: { patientId: p.patientId, from: p.from, to: p.to } });

export const reportPreviewQuery = (p: Period) =>
  queryOptions({ queryKey: ['reports', 'preview', p], queryFn: () => fetchReportPreview(p), retry: false });

/**
 * What the report would hold, once a patient and a valid period are chosen. Each preview reads the patient's
 * questionnaires, which is audited: a period being typed day by day is read once it has settled.
 */
export function useReportPreview(p: Period | null) {
  const [settled] = useDebouncedValue(p ? `${p.patientId}|${p.from}|${p.to}` : '', SETTLE_MS);
  const [patientId, from, to] = settled.split('|');
  const period = settled ? { patientId: Number(patientId), from, to } : null;
  return useQuery({ ...reportPreviewQuery(period ?? { patientId: 0, from: '', to: '' }), enabled: period !== null });
}

const SETTLE_MS = 400;
