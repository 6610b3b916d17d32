import { BOOKING_HORIZON_DAYS, MAX_UPCOMING_APPOINTMENTS, PATIENT_CANCEL_NOTICE_HOURS } from '@rozmova/contract';
import type { TFunction } from 'i18next';
import { ApiError } from './api';
import { errorText } from './error-text';

/** Refusals after which the slot is gone for good: the search results drop it and are fetched again. */
export const isSlotGone = (err: unknown) =>
  err instanceof ApiError && (err.code === 'SLOT_TAKEN' || err.code === 'SLOT_UNAVAILABLE');

/**
 * Why a booking or a move to another time was refused, in words that tell the patient what to do next. It lives here
 * because the search books and the appointments screen moves sessions, and features do not import each other.
 */
export function bookingErrorText(t: TFunction, err: unknown, fallbackKey = 'doctorSearch.appointmentError'): string {
  if (err instanceof ApiError) {
    switch (err.code) {
      case 'SLOT_TAKEN':
        return t('doctorSearch.slotTaken');
      case 'SLOT_UNAVAILABLE':
        return t('doctorSearch.slotUnavailable');
      case 'PATIENT_BUSY':
        return t('doctorSearch.patientBusy');
      case 'TOO_MANY_APPOINTMENTS':
        return t('doctorSearch.tooManyAppointments', { max: MAX_UPCOMING_APPOINTMENTS });
      case 'NOTICE_PASSED':
        return t('appointments.reschedule.noticePassed', { hours: PATIENT_CANCEL_NOTICE_HOURS });
      case 'NOT_CANCELABLE':
        return t('appointments.reschedule.notMovable');
      case 'NETWORK':
        return t('error.network');
    }
    // The horizon names the field the slot was given in: its date, or the instant it starts.
    if (err.code === 'VALIDATION' && err.fields.some((f) => f.field === 'body.date' || f.field === 'body.startsAt')) {
      return t('doctorSearch.beyondHorizon', { days: BOOKING_HORIZON_DAYS });
    }
  }
  return errorText(t, err, fallbackKey);
}
