import { hasVisibleText, RECORD_MAX_BYTES, REPORT_MAX_DAYS } from '@rozmova/contract';
import { htmlToText } from '../../lib/sanitize-html';

const ISO = /^\d{4}-\d{2}-\d{2}$/;
const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / 86_400_000;

/** The report form's own checks, the server's rules in words (each value a text key), before anything is sent. */
export function checkReport(f: { patient: string | null; from: string; to: string; summary: string }) {
  const errors: Record<string, string> = {};
  if (!f.patient) errors.patient = 'reports.errors.patientRequired';
  if (!ISO.test(f.from) || Number.isNaN(dayNumber(f.from))) errors.from = 'reports.errors.dateRequired';
  if (!ISO.test(f.to) || Number.isNaN(dayNumber(f.to))) errors.to = 'reports.errors.dateRequired';
  else if (!errors.from) {
    const days = dayNumber(f.to) - dayNumber(f.from) + 1;
    if (days < 1) errors.to = 'reports.errors.order';
    else if (days > REPORT_MAX_DAYS) errors.to = 'reports.errors.tooLong';
  }
  if (!hasVisibleText(htmlToText(f.summary))) errors.summary = 'reports.errors.summaryRequired';
  else if (new TextEncoder().encode(f.summary).length > RECORD_MAX_BYTES) errors.summary = 'reports.errors.summaryTooLong';
  return { ok: Object.keys(errors).length === 0, errors };
}
