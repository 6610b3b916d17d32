import { MIN_AGE_MS } from '@rozmova/contract';
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { stepValid } from './steps';
import { initialValues, type OnboardingValues, toBody, validateOnboarding } from './values';

const t = ((key: string) => key) as unknown as TFunction;
const patient = (over: Partial<OnboardingValues> = {}): OnboardingValues => ({
  ...initialValues('en'),
  role: 'PATIENT',
  firstName: 'Iryna',
  lastName: 'Melnyk',
  birthDate: '1991-03-14',
  ...over,
});

describe('onboarding values', () => {
  it('accepts a complete patient and sends newEmail only when filled', () => {
    expect(validateOnboarding(t, patient())).toEqual({});
    expect(toBody(patient())).not.toHaveProperty('newEmail');
    expect(toBody(patient({ newEmail: 'new@example.test' })).newEmail).toBe('new@example.test');
    expect(toBody(patient())).not.toHaveProperty('timeZone');
    expect(toBody(patient(), 'America/New_York').timeZone).toBe('America/New_York');
  });

  it('marks blank names and a missing birth date with their own messages', () => {
    const errors = validateOnboarding(t, patient({ firstName: '  ', lastName: '', birthDate: null }));
    expect(errors).toMatchObject({
      firstName: 'onboarding.errors.firstName',
      lastName: 'onboarding.errors.lastName',
      birthDate: 'onboarding.errors.birthDateRequired',
    });
    expect(stepValid('personal', patient({ firstName: ' ' }), errors)).toBe(false);
    expect(stepValid('extra', patient(), errors)).toBe(true);
  });

  it('refuses anyone younger than 5 years and dates in the future', () => {
    const young = dayjs(Date.now() - MIN_AGE_MS + 86_400_000).format('YYYY-MM-DD');
    expect(validateOnboarding(t, patient({ birthDate: young })).birthDate).toBe('onboarding.errors.tooYoung');
    const old = dayjs(Date.now() - MIN_AGE_MS - 2 * 86_400_000).format('YYYY-MM-DD');
    expect(validateOnboarding(t, patient({ birthDate: old })).birthDate).toBeUndefined();
    const future = dayjs().add(2, 'day').format('YYYY-MM-DD');
    expect(validateOnboarding(t, patient({ birthDate: future })).birthDate).toBe('onboarding.errors.birthDateFuture');
  });

  it('needs experience from 0 to 70 from a psychologist and keeps only their fields', () => {
    const doc = patient({ role: 'PSYCHOLOGIST', aboutMe: 'not sent', therapyTypes: ['KPT'] });
    expect(validateOnboarding(t, doc).experience).toBe('onboarding.errors.experience');
    expect(validateOnboarding(t, { ...doc, experience: 71 }).experience).toBe('onboarding.errors.experience');
    expect(validateOnboarding(t, { ...doc, experience: 0 })).toEqual({});
    const body = toBody({ ...doc, experience: 12 });
    expect(body).toMatchObject({ experience: 12, therapyTypes: ['KPT'], aboutMe: '' });
    expect(toBody(patient({ experience: 5, therapyTypes: ['KPT'] }))).toMatchObject({ experience: null, therapyTypes: [] });
  });

  it('requires a role first', () => {
    const errors = validateOnboarding(t, { ...patient(), role: '' });
    expect(errors.role).toBe('onboarding.errors.role');
    expect(stepValid('role', { ...patient(), role: '' }, errors)).toBe(false);
  });
});
