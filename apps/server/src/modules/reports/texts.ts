import type { Instrument, Locale, ReportSessionOutcome, SeverityBand } from '@rozmova/contract';

/** The words of a report, in the language it is written in (the web app's own texts do not reach the server). */
export type ReportTexts = {
  title: string;
  patient: string;
  period: string;
  sessions: string;
  noSessions: string;
  groupAttended: (n: number) => string;
  outcomes: Record<ReportSessionOutcome, string>;
  measures: string;
  instruments: Record<Instrument, string>;
  notFilled: string;
  filled: (n: number) => string;
  bands: Record<SeverityBand, string>;
  summary: string;
};

const en: ReportTexts = {
  title: 'Progress report',
  patient: 'Patient',
  period: 'Period',
  sessions: 'Sessions',
  noSessions: 'No sessions in this period.',
  groupAttended: (n) => `Group sessions attended: ${n}`,
  outcomes: { ATTENDED: 'attended', CANCELED: 'cancelled', NOT_ATTENDED: 'not attended', UPCOMING: 'upcoming' },
  measures: 'Questionnaires',
  instruments: { PHQ9: 'PHQ-9 (depression)', GAD7: 'GAD-7 (anxiety)' },
  notFilled: 'not completed in this period',
  filled: (n) => (n === 1 ? 'completed once' : `completed ${n} times`),
  bands: {
    MINIMAL: 'minimal',
    MILD: 'mild',
    MODERATE: 'moderate',
    MODERATELY_SEVERE: 'moderately severe',
    SEVERE: 'severe',
  },
  summary: 'Summary',
};

/** Ukrainian plural of "раз": 1, 21 раз; 2–4, 22–24 рази; otherwise разів. */
const times = (n: number) => {
  const last = n % 10;
  const lastTwo = n % 100;
  if (last === 1 && lastTwo !== 11) return 'раз';
  return last >= 2 && last <= 4 && (lastTwo < 12 || lastTwo > 14) ? 'рази' : 'разів';
};

const uk: ReportTexts = {
  title: 'Звіт про прогрес',
  patient: 'Пацієнт',
  period: 'Період',
  sessions: 'Сесії',
  noSessions: 'У цьому періоді сесій не було.',
  groupAttended: (n) => `Відвідано групових сесій: ${n}`,
  outcomes: { ATTENDED: 'відбулася', CANCELED: 'скасована', NOT_ATTENDED: 'пацієнт не прийшов', UPCOMING: 'запланована' },
  measures: 'Опитувальники',
  instruments: { PHQ9: 'PHQ-9 (депресія)', GAD7: 'GAD-7 (тривога)' },
  notFilled: 'у цьому періоді не заповнювався',
  filled: (n) => `заповнено ${n} ${times(n)}`,
  bands: {
    MINIMAL: 'мінімальна',
    MILD: 'легка',
    MODERATE: 'помірна',
    MODERATELY_SEVERE: 'помірно тяжка',
    SEVERE: 'тяжка',
  },
  summary: 'Підсумок',
};

export const REPORT_TEXTS: Record<Locale, ReportTexts> = { en, uk };
