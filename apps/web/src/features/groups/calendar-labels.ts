import type { TFunction } from 'i18next';

/** The date picker's controls, named for screen readers in the language shown. */
export const calendarLabels = (t: TFunction) => ({
  previousMonth: t('groups.calendar.previousMonth'),
  nextMonth: t('groups.calendar.nextMonth'),
  previousYear: t('groups.calendar.previousYear'),
  nextYear: t('groups.calendar.nextYear'),
  monthLevelControl: t('groups.calendar.monthLevel'),
  yearLevelControl: t('groups.calendar.yearLevel'),
});
