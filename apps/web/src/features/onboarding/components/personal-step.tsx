import { Group, Radio, Stack } from '@mantine/core';
import type { Locale } from '@rozmova/contract';
import dayjs from 'dayjs';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { BirthDateInput } from '../../../components/profile-fields/birth-date-input';
import { NameFields } from '../../../components/profile-fields/name-fields';
import type { OnboardingForm } from '../form';

export function PersonalStep({ form }: { form: OnboardingForm }) {
  const { t } = useTranslation();
  const birthDateId = useId();
  return (
    <Stack gap="md" maw={640}>
      <NameFields form={form} texts="onboarding.personal" required autoFill />
      <BirthDateInput
        label={t('onboarding.personal.birthDate')}
        placeholder={t('onboarding.personal.birthDatePlaceholder')}
        required
        // Future days cannot be picked; one typed is kept and told why it cannot be (a maxDate would drop it unsaid).
        excludeDate={(date) => date > dayjs().format('YYYY-MM-DD')}
        // An empty field opens on the decade of a plausible adult's birth year, not on today.
        defaultLevel="decade"
        ariaLabels={{
          previousDecade: t('onboarding.calendar.previousDecade'),
          nextDecade: t('onboarding.calendar.nextDecade'),
          previousYear: t('onboarding.calendar.previousYear'),
          nextYear: t('onboarding.calendar.nextYear'),
          previousMonth: t('onboarding.calendar.previousMonth'),
          nextMonth: t('onboarding.calendar.nextMonth'),
          yearLevelControl: t('onboarding.calendar.yearLevel'),
          monthLevelControl: t('onboarding.calendar.monthLevel'),
        }}
        // The calendar is named after the field: Mantine labels it by the popover's id, so it must be the input's.
        id={birthDateId}
        popoverProps={{ withinPortal: true, id: birthDateId }}
        {...form.getInputProps('birthDate')}
      />
      <Radio.Group label={t('onboarding.personal.language')} required {...form.getInputProps('language')}>
        <Group mt="xs">
          {(['uk', 'en'] satisfies Locale[]).map((lng) => (
            <Radio key={lng} value={lng} label={t(`onboarding.personal.languages.${lng}`)} />
          ))}
        </Group>
      </Radio.Group>
    </Stack>
  );
}
