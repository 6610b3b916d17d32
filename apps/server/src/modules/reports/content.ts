import { type Locale, REPORT_SESSION_OUTCOMES, type ReportPreview, type ReportTrend } from '@rozmova/contract';
import escapeHtml from 'escape-html';
import { REPORT_TEXTS, type ReportTexts } from './texts.js';

const intlLocale: Record<Locale, string> = { en: 'en-GB', uk: 'uk-UA' };

/** A calendar day as its reader writes it: "Wed, 11 March 2026" / "ср, 11 березня 2026 р.". */
export const formatDay = (date: string, locale: Locale, weekday = false) =>
  new Intl.DateTimeFormat(intlLocale[locale], {
    timeZone: 'UTC',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    ...(weekday && { weekday: 'short' }),
  }).format(new Date(`${date}T00:00:00Z`));

function trendLine(trend: ReportTrend, t: ReportTexts, locale: Locale): string {
  const name = `<strong>${escapeHtml(t.instruments[trend.instrument])}</strong>`;
  if (!trend.first || !trend.last) return `${name}: ${escapeHtml(t.notFilled)}`;
  const score = (s: NonNullable<ReportTrend['first']>) => `${s.score} (${t.bands[s.band]}, ${formatDay(s.date, locale)})`;
  const change = trend.count === 1 ? score(trend.first) : `${score(trend.first)} → ${score(trend.last)}`;
  return `${name}: ${escapeHtml(change)}; ${escapeHtml(t.filled(trend.count))}`;
}

/**
 * The report as the note's rich text, written only with what the note editor itself makes (headings, paragraphs,
 * lists, bold), so it stays editable as any note; the summary (already sanitised) comes last.
 */
export function reportHtml(report: ReportPreview, summaryHtml: string, locale: Locale): string {
  const t = REPORT_TEXTS[locale];
  const name = `${report.patientFirstName} ${report.patientLastName}`;
  const period = `${formatDay(report.from, locale)} – ${formatDay(report.to, locale)} (${report.timeZone})`;
  const counts = REPORT_SESSION_OUTCOMES.map((o) => `${t.outcomes[o]}: ${report.counts[o] ?? 0}`).join(' · ');
  const sessions = report.sessions.map(
    (s) =>
      `<li><p>${escapeHtml(`${formatDay(s.date, locale, true)}, ${s.startTime}–${s.endTime} — ${t.outcomes[s.outcome]}`)}</p></li>`,
  );
  return [
    `<h2>${escapeHtml(t.title)}</h2>`,
    `<p><strong>${escapeHtml(t.patient)}:</strong> ${escapeHtml(name)}</p>`,
    `<p><strong>${escapeHtml(t.period)}:</strong> ${escapeHtml(period)}</p>`,
    `<h3>${escapeHtml(t.sessions)}</h3>`,
    sessions.length === 0 ? `<p>${escapeHtml(t.noSessions)}</p>` : `<p>${escapeHtml(counts)}</p><ul>${sessions.join('')}</ul>`,
    `<p>${escapeHtml(t.groupAttended(report.groupSessionsAttended))}</p>`,
    `<h3>${escapeHtml(t.measures)}</h3>`,
    `<ul>${report.measures.map((m) => `<li><p>${trendLine(m, t, locale)}</p></li>`).join('')}</ul>`,
    `<h3>${escapeHtml(t.summary)}</h3>`,
    summaryHtml,
  ].join('');
}
