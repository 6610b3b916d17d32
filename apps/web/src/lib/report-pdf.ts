import { api } from './api';

/**
 * Downloads a report note as its PDF (records list and the report dialog both offer it): fetched with the session's
 * token, then handed to the browser as a file.
 */
export async function downloadReportPdf(record: { id: number; report: { from: string; to: string } | null }) {
  const blob = await api<Blob>(`/reports/${record.id}/pdf`, { responseType: 'blob' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `progress-report-${record.report?.from ?? ''}-${record.report?.to ?? ''}.pdf`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
