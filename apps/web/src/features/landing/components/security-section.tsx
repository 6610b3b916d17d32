import { SimpleGrid } from '@mantine/core';
import { IconEyeOff, IconKey, IconLock, IconServerBolt } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { FeatureCard } from './feature-card';
import { Section } from './section';

const POINTS = [
  { key: 'encryption', icon: IconLock },
  { key: 'notes', icon: IconEyeOff },
  { key: 'signIn', icon: IconKey },
  { key: 'data', icon: IconServerBolt },
] as const;

export function SecuritySection() {
  const { t } = useTranslation();
  return (
    <Section
      id="security"
      eyebrow={t('landing.security.eyebrow')}
      title={t('landing.security.title')}
      lead={t('landing.security.lead')}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {POINTS.map(({ key, icon }) => (
          <FeatureCard
            key={key}
            icon={icon}
            color="indigo"
            title={t(`landing.security.${key}.title`)}
            text={t(`landing.security.${key}.text`)}
          />
        ))}
      </SimpleGrid>
    </Section>
  );
}
