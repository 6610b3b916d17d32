import { Card, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { SupportEmailLink } from '../../../components/support-email';
import { CrisisCard } from './crisis-card';
import { Section } from './section';

const STEPS = ['signIn', 'choose', 'meet'] as const;

export function SupportSection() {
  const { t } = useTranslation();
  return (
    <Section
      id="support"
      eyebrow={t('landing.support.eyebrow')}
      title={t('landing.support.title')}
      lead={t('landing.support.lead')}
    >
      <SimpleGrid cols={{ base: 1, md: 3 }} component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
        {STEPS.map((key, i) => (
          <Card key={key} component="li" withBorder radius="lg" p="lg">
            <ThemeIcon size={36} radius="xl" variant="outline" mb="sm" aria-hidden>
              <Text fw={700}>{i + 1}</Text>
            </ThemeIcon>
            <Title order={3} size="h4" mb={6}>
              {t(`landing.support.${key}.title`)}
            </Title>
            <Text c="dimmed" size="sm" lh={1.6}>
              {t(`landing.support.${key}.text`)}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Card withBorder radius="lg" p="lg">
          <Stack gap="xs">
            <ThemeIcon size={40} radius="md" variant="light" aria-hidden>
              <IconMail size={22} />
            </ThemeIcon>
            <Title order={3} size="h4">
              {t('landing.support.contactTitle')}
            </Title>
            <Text c="dimmed" size="sm">
              {t('landing.support.contactText')}
            </Text>
            <SupportEmailLink fw={600} />
          </Stack>
        </Card>
        <CrisisCard />
      </SimpleGrid>
    </Section>
  );
}
