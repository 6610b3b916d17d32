import { Group, Radio, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import type { OnboardingRole } from '@rozmova/contract';
import { IconHeartHandshake, IconStethoscope } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { OnboardingForm } from '../form';

const ROLES = [
  { value: 'PATIENT', icon: IconHeartHandshake },
  { value: 'PSYCHOLOGIST', icon: IconStethoscope },
] as const;

export function RoleStep({ form }: { form: OnboardingForm }) {
  const { t } = useTranslation();
  return (
    <Radio.Group
      label={t('onboarding.role.question')}
      value={form.values.role}
      onChange={(value) => form.setFieldValue('role', value as OnboardingRole)}
      error={form.errors.role}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} mt="sm">
        {ROLES.map(({ value, icon: RoleIcon }) => (
          <Radio.Card key={value} value={value} radius="lg" p="lg">
            <Group wrap="nowrap" align="flex-start" gap="md">
              <Radio.Indicator mt={4} />
              <ThemeIcon size={44} radius="md" variant="light" aria-hidden>
                <RoleIcon size={24} />
              </ThemeIcon>
              <Stack gap={4}>
                <Text fw={600}>{t(`onboarding.role.${value}.title`)}</Text>
                <Text size="sm" c="dimmed">
                  {t(`onboarding.role.${value}.text`)}
                </Text>
              </Stack>
            </Group>
          </Radio.Card>
        ))}
      </SimpleGrid>
    </Radio.Group>
  );
}
