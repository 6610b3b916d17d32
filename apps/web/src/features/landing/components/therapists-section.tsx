import { Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { THERAPY_TYPES } from '@rozmova/contract/constants';
import { IconArrowRight, IconCertificate, IconHeartHandshake, IconSchool } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TherapyBadge } from '../../../components/therapy-badge';
import { FeatureCard } from './feature-card';
import { Section } from './section';

const POINTS = [
  { key: 'verified', icon: IconCertificate },
  { key: 'supervision', icon: IconSchool },
  { key: 'fit', icon: IconHeartHandshake },
] as const;

export function TherapistsSection() {
  const { t } = useTranslation();
  return (
    <Section
      id="therapists"
      eyebrow={t('landing.therapists.eyebrow')}
      title={t('landing.therapists.title')}
      lead={t('landing.therapists.lead')}
    >
      <SimpleGrid cols={{ base: 1, md: 3 }}>
        {POINTS.map(({ key, icon }) => (
          <FeatureCard
            key={key}
            icon={icon}
            color="cyan"
            title={t(`landing.therapists.${key}.title`)}
            text={t(`landing.therapists.${key}.text`)}
          />
        ))}
      </SimpleGrid>
      <Card withBorder radius="lg" p="lg">
        <Stack gap="md">
          <div>
            <Title order={3} size="h4">
              {t('landing.therapists.approachesTitle')}
            </Title>
            <Text c="dimmed" size="sm">
              {t('landing.therapists.approachesText')}
            </Text>
          </div>
          <Group gap="xs">
            {THERAPY_TYPES.map((code) => (
              <TherapyBadge key={code} code={code} color="gray" size="lg" radius="sm" fw={500} />
            ))}
          </Group>
        </Stack>
      </Card>
      {/* Their profiles are open before signing up; booking asks for a sign-in. */}
      <Button
        component={Link}
        to="/psychologists"
        size="lg"
        variant="light"
        rightSection={<IconArrowRight size={18} />}
        style={{ alignSelf: 'flex-start' }}
      >
        {t('nav.findDoctors')}
      </Button>
    </Section>
  );
}
