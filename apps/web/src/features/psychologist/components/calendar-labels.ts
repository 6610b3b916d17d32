import type { TFunction } from 'i18next';

/** The calendar's controls, named for screen readers in the language shown. */
export const calendarLabels = (t: TFunction) => ({
  previousMonth: t('scheduleExceptions.calendar.previousMonth'),
  nextMonth: t('scheduleExceptions.calendar.nextMonth'),
  previousYear: t('scheduleExceptions.calendar.previousYear'),
  nextYear: t('scheduleExceptions.calendar.nextYear'),
  monthLevelControl: t('scheduleExceptions.calendar.monthLevel'),
  yearLevelControl: t('scheduleExceptions.calendar.yearLevel'),
});
