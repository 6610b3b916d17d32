import type { ReportPreview } from '@rozmova/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export type Period = { patientId: number; from: string; to: string };

export const fetchReportPreview = (p: Period) =>
  api<ReportPreview>('/doctor/reports/preview', { query: { patientId: p.patientId, from: p.from, to: p.to } });

export const reportPreviewQuery = (p: Period) =>
  queryOptions({ queryKey: ['reports', 'preview', p], queryFn: () => fetchReportPreview(p), retry: false });

/** What the report would hold, once a patient and a valid period are chosen. */
export const useReportPreview = (p: Period | null) =>
  useQuery({ ...reportPreviewQuery(p ?? { patientId: 0, from: '', to: '' }), enabled: p !== null });
