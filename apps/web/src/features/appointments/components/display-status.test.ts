import { describe, expect, it } from 'vitest';
import en from '../../../locales/en/appointments.json';
import uk from '../../../locales/uk/appointments.json';
import { displayStatus } from './display-status';

describe('displayStatus', () => {
  it('shows an archived confirmed appointment as completed', () => {
    expect(displayStatus('CONFIRMED', 'archived')).toBe('COMPLETED');
  });

  it('keeps confirmed on the active tab and canceled on both', () => {
    expect(displayStatus('CONFIRMED', 'active')).toBe('CONFIRMED');
    expect(displayStatus('CANCELED', 'active')).toBe('CANCELED');
    expect(displayStatus('CANCELED', 'archived')).toBe('CANCELED');
  });

  it('has a label for every shown status in both languages', () => {
    expect(en.appointments.status).toEqual({ CONFIRMED: 'Confirmed', COMPLETED: 'Completed', CANCELED: 'Canceled' });
    expect(uk.appointments.status).toEqual({ CONFIRMED: 'Підтверджено', COMPLETED: 'Завершено', CANCELED: 'Скасовано' });
  });
});
