import { SimpleGrid } from '@mantine/core';
import { IconCalendarSearch, IconUser, IconUsersGroup, IconVideo } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { FeatureCard } from './feature-card';
import { Section } from './section';

const SERVICES = [
  { key: 'individual', icon: IconUser },
  { key: 'group', icon: IconUsersGroup },
  { key: 'video', icon: IconVideo },
  { key: 'match', icon: IconCalendarSearch },
] as const;

export function ServicesSection() {
  const { t } = useTranslation();
  return (
    <Section
      id="services"
      eyebrow={t('landing.services.eyebrow')}
      title={t('landing.services.title')}
      lead={t('landing.services.lead')}
    >
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
        {SERVICES.map(({ key, icon }) => (
          <FeatureCard
            key={key}
            icon={icon}
            title={t(`landing.services.${key}.title`)}
            text={t(`landing.services.${key}.text`)}
          />
        ))}
      </SimpleGrid>
    </Section>
  );
}
