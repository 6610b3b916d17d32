import { Alert, DataList, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useFormatDate } from '../../../lib/dates';
import type { OnboardingForm } from '../form';

/** A last look at what will be saved. */
export function FinishStep({ form, email }: { form: OnboardingForm; email: string | null }) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const v = form.values;
  const rows: [string, string][] = [
    ['onboarding.finish.role', v.role ? t(`onboarding.role.${v.role}.title`) : ''],
    ['onboarding.finish.name', `${v.firstName.trim()} ${v.lastName.trim()}`],
    ['onboarding.personal.birthDate', v.birthDate ? formatDate(v.birthDate) : ''],
    ['onboarding.personal.language', t(`onboarding.personal.languages.${v.language}`)],
    ['login.email', v.newEmail || email || ''],
  ];
  if (v.role === 'PSYCHOLOGIST') {
    rows.push(['onboarding.extra.experience', String(v.experience)]);
    if (v.therapyTypes.length)
      rows.push(['onboarding.extra.therapyTypes', v.therapyTypes.map((c) => t(`therapyTypes.${c}`)).join(', ')]);
  }
  return (
    <Stack gap="lg" maw={640}>
      <Text c="dimmed">{t('onboarding.finish.intro')}</Text>
      <DataList withDivider labelWidth={180}>
        {rows.map(([label, value]) => (
          <DataList.Item key={label}>
            <DataList.ItemLabel>{t(label)}</DataList.ItemLabel>
            <DataList.ItemValue style={{ overflowWrap: 'anywhere' }}>{value || '—'}</DataList.ItemValue>
          </DataList.Item>
        ))}
      </DataList>
      <Alert variant="light" icon={<IconInfoCircle />}>
        {t('onboarding.finish.note')}
        {v.role === 'PSYCHOLOGIST' && ` ${t('onboarding.finish.documentsNote')}`}
      </Alert>
    </Stack>
  );
}
