import { BOOKING_HORIZON_DAYS, MAX_UPCOMING_APPOINTMENTS } from '@rozmova/contract';
import type { TFunction } from 'i18next';
import { ApiError } from '../../lib/api';
import { errorText } from '../../lib/error-text';

/** Refusals after which the slot is gone for good: the search results drop it and are fetched again. */
export const isSlotGone = (err: unknown) =>
  err instanceof ApiError && (err.code === 'SLOT_TAKEN' || err.code === 'SLOT_UNAVAILABLE');

/** Why a booking was refused, in words that tell the patient what to do next. */
export function bookingErrorText(t: TFunction, err: unknown): string {
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
      case 'NETWORK':
        return t('error.network');
    }
    if (err.code === 'VALIDATION' && err.fields.some((f) => f.field === 'body.date')) {
      return t('doctorSearch.beyondHorizon', { days: BOOKING_HORIZON_DAYS });
    }
  }
  return errorText(t, err, 'doctorSearch.appointmentError');
}
