import { BOOKING_HORIZON_DAYS, MAX_UPCOMING_APPOINTMENTS, PATIENT_CANCEL_NOTICE_HOURS } from '@rozmova/contract';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api';
import { bookingErrorText, isSlotGone } from './booking-error';

const t = ((key: string, values?: object) => (values ? `${key} ${JSON.stringify(values)}` : key)) as unknown as TFunction;
const refusal = (status: number, code: string, fields: { field: string; message: string }[] = []) =>
  new ApiError(status, code, 'server words', fields);

describe('bookingErrorText', () => {
  it.each([
    [refusal(409, 'SLOT_TAKEN'), 'doctorSearch.slotTaken'],
    [refusal(409, 'SLOT_UNAVAILABLE'), 'doctorSearch.slotUnavailable'],
    [refusal(409, 'PATIENT_BUSY'), 'doctorSearch.patientBusy'],
    [refusal(409, 'TOO_MANY_APPOINTMENTS'), `doctorSearch.tooManyAppointments {"max":${MAX_UPCOMING_APPOINTMENTS}}`],
    [
      refusal(400, 'VALIDATION', [{ field: 'body.date', message: 'too far' }]),
      `doctorSearch.beyondHorizon {"days":${BOOKING_HORIZON_DAYS}}`,
    ],
    [
      refusal(400, 'VALIDATION', [{ field: 'body.startsAt', message: 'too far' }]),
      `doctorSearch.beyondHorizon {"days":${BOOKING_HORIZON_DAYS}}`,
    ],
    [refusal(409, 'NOTICE_PASSED'), `appointments.reschedule.noticePassed {"hours":${PATIENT_CANCEL_NOTICE_HOURS}}`],
    [refusal(409, 'NOT_CANCELABLE'), 'appointments.reschedule.notMovable'],
    [refusal(400, 'VALIDATION', [{ field: 'body.endTime', message: 'bad' }]), 'doctorSearch.appointmentError'],
    [new ApiError(0, 'NETWORK', 'network_error'), 'error.network'],
    [refusal(500, 'INTERNAL'), 'doctorSearch.appointmentError'],
    [new Error('boom'), 'doctorSearch.appointmentError'],
  ])('gives %o its own words', (err, text) => {
    expect(bookingErrorText(t, err)).toBe(text);
  });

  it('falls back to the words the caller gives', () => {
    expect(bookingErrorText(t, refusal(500, 'INTERNAL'), 'appointments.reschedule.error')).toBe('appointments.reschedule.error');
  });

  it("shows the server's words past a rate limit", () => {
    expect(bookingErrorText(t, refusal(429, 'RATE_LIMITED'))).toBe('server words');
  });
});

describe('isSlotGone', () => {
  it('is true only when the slot itself can no longer be booked', () => {
    expect(isSlotGone(refusal(409, 'SLOT_TAKEN'))).toBe(true);
    expect(isSlotGone(refusal(409, 'SLOT_UNAVAILABLE'))).toBe(true);
    expect(isSlotGone(refusal(409, 'PATIENT_BUSY'))).toBe(false);
    expect(isSlotGone(refusal(409, 'TOO_MANY_APPOINTMENTS'))).toBe(false);
  });
});
